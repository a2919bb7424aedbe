import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createProviderAccess } from '../../shared/auth/provider-access';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createJsonLogger } from '../../shared/logger';
import { createConnections } from '../../shared/repos/connections';
import { createRepoAdmin } from '../../shared/repos/repo-admin';
import { createRepoReach } from '../../shared/repos/repo-reach';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps } from '../aws-deps';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { createGitHubDeps } from '../aws-github';
import { makeReposHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const clients = { dynamo: createDocumentClient().doc, secrets: new SecretsManagerClient({}), kms: new KMSClient({}) };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => {
  const [base, { oauth, gitHost }] = await Promise.all([createAwsDeps(env, clients, logger), createGitHubDeps(env, clients.secrets)]);
  const providerAccess = createProviderAccess({ store: base.store, keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID }), oauth });
  const connections = createConnections(base.store);
  const reader = createRepoReader({ gitHost, connections, providerAccess });
  const reach = createRepoReach({ store: base.store, gitHost, providerAccess });
  return makeReposHandler({ ...base, reach, reader, repoAdmin: createRepoAdmin({ gitHost, connections, providerAccess, reach }) });
});
