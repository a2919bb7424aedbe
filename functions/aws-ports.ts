import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store';
import type { AwsEnv } from './aws-env';
import { readSecret, SecretError, type SecretsClient } from './aws-secrets';
import type { Ports } from './ports';

/** The generated HMAC key (64 characters of [A-Za-z0-9]); its UTF-8 bytes key the HMAC. */
export async function readTokenHmacKey(secrets: SecretsClient, secretArn: string): Promise<Buffer> {
  const value = await readSecret(secrets, secretArn);
  if (value.length < 32)
    throw new SecretError(
      `Secret ${secretArn} is shorter than 32 characters; it must be the generated HMAC key`,
    );
  return Buffer.from(value, 'utf8');
}

export interface AwsClients {
  /** The store's document client (shared/adapters/dynamodb/dynamodb-client.ts). */
  dynamo: Pick<DynamoDBDocumentClient, 'send'>;
  secrets: SecretsClient;
}

/**
 * The ports every AWS entry builds the same way: the table, the API-token HMAC key (read once per
 * container), the logger, the origin from the environment and the clock; and the webhook queue of
 * a group that queues deliveries, built by its entry (functions/aws-webhooks.ts), so a group that
 * queues none does not bundle the SQS client.
 */
export async function createAwsPorts(
  env: Pick<AwsEnv, 'TABLE_NAME' | 'TOKEN_HMAC_SECRET_ARN' | 'PUBLIC_URL'> &
    Partial<Pick<AwsEnv, 'ACTIVITY_RETENTION_DAYS'>>,
  clients: AwsClients,
  { logger, now, webhookQueue }: Pick<Ports, 'logger' | 'now' | 'webhookQueue'>,
): Promise<
  Pick<
    Ports,
    | 'store'
    | 'tokenHmacKey'
    | 'logger'
    | 'publicUrl'
    | 'now'
    | 'activityRetentionDays'
    | 'webhookQueue'
  >
> {
  return {
    ...(webhookQueue && { webhookQueue }),
    store: createDynamoDbStore({ client: clients.dynamo, tableName: env.TABLE_NAME, now }),
    tokenHmacKey: await readTokenHmacKey(clients.secrets, env.TOKEN_HMAC_SECRET_ARN),
    logger,
    publicUrl: () => env.PUBLIC_URL,
    now,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
  };
}
