import { createKmsClient } from '../../shared/adapters/kms/kms';
import { createKmsKeyProvider } from '../../shared/adapters/kms/kms-key-provider';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { parseAwsEnv } from '../aws-env';
import { webhookPolicyOf, webhookQueueOf } from '../aws-webhooks';
import { consumeBatch, type SqsEvent } from './consume';
import { wireWebhookSender } from './wire';

const env = parseAwsEnv(process.env, [
  'TABLE_NAME',
  'KMS_KEY_ID',
  'WEBHOOK_QUEUE_URL',
  'WEBHOOK_DLQ_URL',
  'WEBHOOK_ALLOWED_PRIVATE',
]);
const logger = createJsonLogger();
const now = Date.now;
const deliverer = wireWebhookSender({
  store: createDynamoDbStore({
    client: createDocumentClient().doc,
    tableName: env.TABLE_NAME,
    now,
  }),
  keyProvider: createKmsKeyProvider({ client: createKmsClient(), keyId: env.KMS_KEY_ID, now }),
  logger,
  now,
  webhookPolicy: webhookPolicyOf(env),
});
const queue = webhookQueueOf(env)!;

/** Invoked by the SQS event source with a batch of deliveries (`reportBatchItemFailures`). */
export const handler = (event: SqsEvent) => consumeBatch(event, { deliverer, queue, logger });
