import { createJsonLogger } from '../../shared/logger';
import { createDynamoDbDocuments } from '../../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { createAwsPorts, createSecretsClient } from '../aws-ports';
import { wireTokens } from './wire';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'TOKEN_HMAC_SECRET_ARN', 'PUBLIC_URL']);
const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient() };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => wireTokens(await createAwsPorts(env, clients, { logger, now: Date.now })));
