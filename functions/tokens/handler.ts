import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps } from '../aws-deps';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { makeTokensHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'TOKEN_HMAC_SECRET_ARN', 'PUBLIC_URL']);
const clients = { dynamo: createDocumentClient().doc, secrets: new SecretsManagerClient({}) };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => makeTokensHandler(await createAwsDeps(env, clients, logger)));
