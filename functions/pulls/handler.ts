import { createKmsClient, createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { createGitHubReviewHost } from '../../shared/githost/github-review-host';
import { createJsonLogger } from '../../shared/logger';
import { createDynamoDbDocuments } from '../../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { createAwsGitHubPorts } from '../aws-github';
import { createAwsPorts } from '../aws-ports';
import { createSecretsClient } from '../aws-secrets';
import { wirePulls } from './wire';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL', 'ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL']);
const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient(), kms: createKmsClient() };
const logger = createJsonLogger();
const now = Date.now;

export const handler = guardOrigin(
  lazyHandler(logger, async () => {
    const [base, github] = await Promise.all([createAwsPorts(env, clients, { logger, now }), createAwsGitHubPorts(env, clients.secrets, now)]);
    const keyProvider = createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now });
    return wirePulls({ ...base, ...github, keyProvider, pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }), reviewHost: createGitHubReviewHost({ apiUrl: env.GITHUB_API_URL }) });
  }),
  logger,
  process.env,
  clients.secrets,
);
