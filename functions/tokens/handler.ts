import { createJsonLogger } from '../../shared/logger';
import { createDynamoDbDocuments } from '../../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { createAwsPorts } from '../aws-ports';
import { createSecretsClient } from '../aws-secrets';
import { wireTokens } from './wire';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'TOKEN_HMAC_SECRET_ARN', 'PUBLIC_URL', 'ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL']);
const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient() };
const logger = createJsonLogger();

export const handler = guardOrigin(
  lazyHandler(logger, async () => wireTokens(await createAwsPorts(env, clients, { logger, now: Date.now }))),
  logger,
  process.env,
  clients.secrets,
);
