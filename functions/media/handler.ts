import { UnavailableError } from '../../shared/errors';
import { createKmsClient, createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createGitHubMediaHost } from '../../shared/githost/github-media-host';
import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { createJsonLogger } from '../../shared/logger';
import type { UploadStaging } from '../../shared/media/upload-staging';
import { createDynamoDbDocuments } from '../../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { createAwsGitHubPorts } from '../aws-github';
import { createAwsPorts } from '../aws-ports';
import { createSecretsClient } from '../aws-secrets';
import { wireMedia } from './wire';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient(), kms: createKmsClient() };
const logger = createJsonLogger();
const now = Date.now;

/**
 * Until the S3 staging bucket is part of the stack (the AWS side of media), uploads and large
 * reads answer 503 saying so; listing, small reads and deletes work without it.
 */
const refuse = async (): Promise<never> => {
  throw new UnavailableError('Media uploads and large media reads need the staging bucket, which this deployment does not have yet');
};
const stagingNotDeployed: UploadStaging = { begin: refuse, take: refuse, discard: refuse, readUrl: refuse };

export const handler = guardOrigin(
  lazyHandler(logger, async () => {
    const [base, github] = await Promise.all([createAwsPorts(env, clients, { logger, now }), createAwsGitHubPorts(env, clients.secrets, now)]);
    const keyProvider = createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now });
    return wireMedia({
      ...base,
      ...github,
      keyProvider,
      pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
      mediaHost: createGitHubMediaHost({ apiUrl: env.GITHUB_API_URL }),
      uploadStaging: stagingNotDeployed,
    });
  }),
  logger,
  process.env,
  clients.secrets,
);
