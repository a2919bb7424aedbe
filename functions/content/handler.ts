import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createProviderAccess } from '../../shared/auth/provider-access';
import { createContentReads } from '../../shared/content/content-reads';
import { createContentWrites } from '../../shared/content/content-writes';
import { createParsedCache } from '../../shared/store/parsed-cache';
import { createRepoReader } from '../../shared/content/repo-reader';
import { createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { createJsonLogger } from '../../shared/logger';
import { createConnections } from '../../shared/repos/connections';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps } from '../aws-deps';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { createGitHubDeps } from '../aws-github';
import { makeContentHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const clients = { dynamo: createDocumentClient().doc, secrets: new SecretsManagerClient({}), kms: new KMSClient({}) };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => {
  const [base, { oauth, gitHost }] = await Promise.all([createAwsDeps(env, clients, logger), createGitHubDeps(env, clients.secrets)]);
  const providerAccess = createProviderAccess({ store: base.store, keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID }), oauth });
  const reader = createRepoReader({ gitHost, connections: createConnections(base.store), providerAccess });
  const cache = createParsedCache(base.store, logger);
  const pullHost = createGitHubPullHost({ apiUrl: env.GITHUB_API_URL });
  return makeContentHandler({
    ...base,
    reads: createContentReads({ reader, gitHost, providerAccess, cache }),
    writes: createContentWrites({ reader, gitHost, pullHost, providerAccess, cache }),
  });
});
