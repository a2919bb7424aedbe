import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Logger } from '../shared/logger';
import { createOriginCheck, withOriginCheck } from '../shared/http/origin-check';
import type { LambdaHttpHandler } from '../shared/http/types';
import { parseAwsEnv } from './aws-env';

/**
 * Every AWS entry's handler goes through this: with `ORIGIN_SECRET_ARN` set (the stack sets it
 * unless `originVerify` is off), a request must carry CloudFront's origin header, or it gets 403
 * before the group's own stack runs. Local mode has no CloudFront and never calls this.
 *
 * The Secrets Manager client is imported on the first read: groups that hold one already pass it
 * in; health, which has no other use for it, does not pay for loading it at cold start.
 */
export function guardOrigin(handler: LambdaHttpHandler, logger: Logger, environment: Record<string, string | undefined> = process.env, secrets?: SecretsManagerClient): LambdaHttpHandler {
  if (environment.ORIGIN_SECRET_ARN === undefined) return handler;
  const { ORIGIN_SECRET_ARN: secretArn } = parseAwsEnv(environment, ['ORIGIN_SECRET_ARN']);
  let client = secrets;
  const read = async () => {
    const sdk = await import('@aws-sdk/client-secrets-manager');
    client ??= new sdk.SecretsManagerClient({});
    return (await client.send(new sdk.GetSecretValueCommand({ SecretId: secretArn }))).SecretString ?? '';
  };
  return withOriginCheck(handler, createOriginCheck({ read, now: Date.now }), logger);
}
