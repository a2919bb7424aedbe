import { createSign } from 'node:crypto';

/**
 * The JWT a GitHub App signs to act as itself (RS256, `iss` = app id): issued 60 s in the past
 * against clock drift, valid for 9 minutes (GitHub refuses more than 10).
 */
export function appJwt(
  appId: number | string,
  privateKeyPem: string,
  now: number = Date.now(),
): string {
  const seconds = Math.floor(now / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iat: seconds - 60, exp: seconds + 9 * 60, iss: String(appId) })}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(privateKeyPem)
    .toString('base64url');
  return `${unsigned}.${signature}`;
}
