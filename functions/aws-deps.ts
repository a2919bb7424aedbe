import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createApiTokens } from '../shared/auth/api-tokens';
import type { BaseDeps } from '../shared/http/base-deps';
import { createSessions } from '../shared/auth/sessions';
import type { Logger } from '../shared/logger';
import { createDynamoDbStore } from '../shared/store/dynamodb-store';
import type { AwsEnv } from './aws-env';

export class SecretError extends Error {
  override name = 'SecretError';
}

/** A secret's string; the error names the secret, never a value. */
export async function readSecret(secrets: SecretsManagerClient, secretArn: string): Promise<string> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new SecretError(`Secret ${secretArn} has no string value`);
  return SecretString;
}

/** The generated HMAC key (64 characters of [A-Za-z0-9]); its UTF-8 bytes key the HMAC. */
export async function readTokenHmacKey(secrets: SecretsManagerClient, secretArn: string): Promise<Buffer> {
  const value = await readSecret(secrets, secretArn);
  if (value.length < 32) throw new SecretError(`Secret ${secretArn} is shorter than 32 characters; it must be the generated HMAC key`);
  return Buffer.from(value, 'utf8');
}

export interface AwsClients {
  dynamo: DynamoDBDocumentClient;
  secrets: SecretsManagerClient;
}

/**
 * The ports every group that knows its callers builds the same way: the table, sessions, API
 * tokens (their HMAC key read once per container), the logger and the public origin.
 */
export async function createAwsDeps(
  env: Pick<AwsEnv, 'TABLE_NAME' | 'TOKEN_HMAC_SECRET_ARN' | 'PUBLIC_URL'>,
  clients: AwsClients,
  logger: Logger,
) {
  const store = createDynamoDbStore({ client: clients.dynamo, tableName: env.TABLE_NAME });
  const apiTokens = createApiTokens(store, await readTokenHmacKey(clients.secrets, env.TOKEN_HMAC_SECRET_ARN));
  const base: BaseDeps = { sessions: createSessions(store), apiTokens, logger, publicUrl: env.PUBLIC_URL };
  return { ...base, store, apiTokens };
}
