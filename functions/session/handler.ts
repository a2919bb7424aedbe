import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createOAuthStates } from '../../shared/auth/oauth-states';
import { createUsers } from '../../shared/auth/users';
import { createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps } from '../aws-deps';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { createGitHubDeps } from '../aws-github';
import { makeSessionHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const clients = { dynamo: createDocumentClient().doc, secrets: new SecretsManagerClient({}), kms: new KMSClient({}) };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => {
  const [base, github] = await Promise.all([createAwsDeps(env, clients, logger), createGitHubDeps(env, clients.secrets)]);
  const users = createUsers(base.store, createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID }));
  return makeSessionHandler({ ...base, ...github, oauthStates: createOAuthStates(base.store), users });
});
