import type { AwsJsonClient } from '../shared/aws/aws-json-client';
import type { DynamoDbDocuments } from '../shared/store/dynamodb-documents';
import { createDynamoDbStore } from '../shared/store/dynamodb-store';
import type { AwsEnv } from './aws-env';
import { readSecret, SecretError } from './aws-secrets';
import type { Ports } from './ports';
import { webhookQueueOf } from './aws-webhooks';
import { createSqsIndexQueue } from '../shared/aws/sqs-index-queue';

/** The generated HMAC key (64 characters of [A-Za-z0-9]); its UTF-8 bytes key the HMAC. */
export async function readTokenHmacKey(secrets: AwsJsonClient, secretArn: string): Promise<Buffer> {
  const value = await readSecret(secrets, secretArn);
  if (value.length < 32) throw new SecretError(`Secret ${secretArn} is shorter than 32 characters; it must be the generated HMAC key`);
  return Buffer.from(value, 'utf8');
}

export interface AwsClients {
  dynamo: DynamoDbDocuments;
  secrets: AwsJsonClient;
}

/**
 * The ports every AWS entry builds the same way: the table, the API-token HMAC key (read once per
 * container), the logger, the origin from the environment and the clock.
 */
export async function createAwsPorts(
  env: Pick<AwsEnv, 'TABLE_NAME' | 'TOKEN_HMAC_SECRET_ARN' | 'PUBLIC_URL'> & Partial<Pick<AwsEnv, 'ACTIVITY_RETENTION_DAYS' | 'WEBHOOK_QUEUE_URL' | 'INDEX_QUEUE_URL'>>,
  clients: AwsClients,
  { logger, now }: Pick<Ports, 'logger' | 'now'>,
): Promise<Pick<Ports, 'store' | 'tokenHmacKey' | 'logger' | 'publicUrl' | 'now' | 'activityRetentionDays' | 'webhookQueue' | 'indexQueue'>> {
  const webhookQueue = webhookQueueOf(env);
  return {
    ...(webhookQueue && { webhookQueue }),
    ...(env.INDEX_QUEUE_URL !== undefined && { indexQueue: createSqsIndexQueue({ queueUrl: env.INDEX_QUEUE_URL }) }),
    store: createDynamoDbStore({ client: clients.dynamo, tableName: env.TABLE_NAME, now }),
    tokenHmacKey: await readTokenHmacKey(clients.secrets, env.TOKEN_HMAC_SECRET_ARN),
    logger,
    publicUrl: () => env.PUBLIC_URL,
    now,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
  };
}
