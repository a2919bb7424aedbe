import { createHmac, timingSafeEqual } from 'node:crypto';
import { NotFoundError, UnauthenticatedError } from '../errors';

/** The header GitHub signs every webhook delivery with: `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export const hubSignatureHeader = 'x-hub-signature-256';

/** `X-Hub-Signature-256` for `body` under `secret`, as GitHub computes it. */
export const hubSignature = (secret: string, body: Uint8Array | string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Whether `header` is GitHub's signature of exactly these bytes under `secret`. The comparison
 * runs in constant time over the 32 digest bytes; a missing or malformed header is simply false.
 * GitHub signs no timestamp, so a replayed delivery verifies too: the receiver applies each
 * `X-GitHub-Delivery` id once (github-events.ts).
 */
export function verifyHubSignature(
  secret: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(match[1], 'hex'), expected);
}

/**
 * A GitHub App delivery's check, run over the raw bytes before anything parses them (the route
 * row's `rawBody`): a forged body is refused for its signature (401) whatever it holds, never
 * answered with what is wrong in it. No secret set up means webhooks are not configured (404).
 */
export function assertHubSignature(
  secret: string | undefined,
  body: Uint8Array,
  header: string | undefined,
): void {
  if (!secret)
    throw new NotFoundError(
      'GitHub webhooks are not set up for this deployment: the GitHub App secret has no webhookSecret',
    );
  if (!verifyHubSignature(secret, body, header))
    throw new UnauthenticatedError(
      'X-Hub-Signature-256 is missing or is not the signature of this body under the webhook secret',
    );
}
