import type { Logger } from '../shared/logger';
import { createOriginCheck, withOriginCheck } from '../shared/http/origin-check';
import type { LambdaHttpHandler } from '../shared/http/types';
import { parseAwsEnv } from './aws-env';
import { createSecretsManagerClient } from '../shared/adapters/secrets-manager/secrets-manager';
import { readSecret, type SecretsClient } from './aws-secrets';

/**
 * Every AWS entry's handler goes through this: with `ORIGIN_SECRET_ARN` set (the stack sets it
 * unless `originVerify` is off), a request must carry CloudFront's origin header, or it gets 403
 * before the group's own stack runs. Local mode has no CloudFront and never calls this.
 */
export function guardOrigin(
  handler: LambdaHttpHandler,
  logger: Logger,
  environment: Record<string, string | undefined> = process.env,
  secrets?: SecretsClient,
): LambdaHttpHandler {
  if (environment.ORIGIN_SECRET_ARN === undefined) return handler;
  const { ORIGIN_SECRET_ARN: secretArn } = parseAwsEnv(environment, ['ORIGIN_SECRET_ARN']);
  const client = secrets ?? createSecretsManagerClient();
  const read = () => readSecret(client, secretArn);
  return withOriginCheck(handler, createOriginCheck({ read, now: Date.now }), logger);
}
