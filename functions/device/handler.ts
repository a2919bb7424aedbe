import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createDeviceFlow } from '../../shared/auth/device-flow';
import { createUsers } from '../../shared/auth/users';
import { createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps } from '../aws-deps';
import { lazyHandler, parseAwsEnv } from '../aws-env';
import { createGitHubDeps } from '../aws-github';
import { makeDeviceHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const clients = { dynamo: createDocumentClient().doc, secrets: new SecretsManagerClient({}), kms: new KMSClient({}) };
const logger = createJsonLogger();

export const handler = lazyHandler(logger, async () => {
  const [{ store, apiTokens }, github] = await Promise.all([createAwsDeps(env, clients, logger), createGitHubDeps(env, clients.secrets)]);
  const keyProvider = createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID });
  const deviceFlow = createDeviceFlow({ store, keyProvider, ...github, users: createUsers(store, keyProvider), apiTokens });
  return makeDeviceHandler({ logger, publicUrl: env.PUBLIC_URL, deviceFlow });
});
