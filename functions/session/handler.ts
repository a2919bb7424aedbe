import { createKmsClient, createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createJsonLogger } from '../../shared/logger';
import { createDynamoDbDocuments } from '../../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { createAwsGitHubPorts } from '../aws-github';
import { createAwsPorts } from '../aws-ports';
import { createSecretsClient } from '../aws-secrets';
import { wireSession } from './wire';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL', 'ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL']);
const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient(), kms: createKmsClient() };
const logger = createJsonLogger();
const now = Date.now;

export const handler = guardOrigin(
  lazyHandler(logger, async () => {
    const [base, github] = await Promise.all([createAwsPorts(env, clients, { logger, now }), createAwsGitHubPorts(env, clients.secrets, now)]);
    return wireSession({ ...base, ...github, keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now }) });
  }),
  logger,
  process.env,
  clients.secrets,
);
