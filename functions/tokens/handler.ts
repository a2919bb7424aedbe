import { createJsonLogger } from '../../shared/logger';
import { createSecretsManagerClient } from '../../shared/adapters/secrets-manager/secrets-manager';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { createAwsPorts } from '../aws-ports';
import { webhookQueueOf } from '../aws-webhooks';
import { wireTokens } from './wire';

const env = parseAwsEnv(process.env, [
  'TABLE_NAME',
  'TOKEN_HMAC_SECRET_ARN',
  'PUBLIC_URL',
  'ACTIVITY_RETENTION_DAYS',
  'WEBHOOK_QUEUE_URL',
]);
const clients = { dynamo: createDocumentClient().doc, secrets: createSecretsManagerClient() };
const logger = createJsonLogger();

export const handler = guardOrigin(
  lazyHandler(logger, async () =>
    wireTokens(
      await createAwsPorts(env, clients, {
        logger,
        now: Date.now,
        webhookQueue: webhookQueueOf(env),
      }),
    ),
  ),
  logger,
  process.env,
  clients.secrets,
);
