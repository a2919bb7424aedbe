import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createUsers } from '../../shared/auth/users';
import { createKmsKeyProvider } from '../../shared/crypto/kms-key-provider';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps, lazyHandler, parseAwsEnv } from '../aws-deps';
import { createGitHubDeps } from '../aws-github';
import { makeSessionHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME', 'KMS_KEY_ID', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL']);
const dynamo = createDocumentClient();
const kms = new KMSClient({});
const secrets = new SecretsManagerClient({});

const deps = createAwsDeps(env, { dynamo: dynamo.doc });
const users = createUsers(deps.store, createKmsKeyProvider({ client: kms, keyId: env.KMS_KEY_ID }));
export const handler = lazyHandler(deps.logger, async () =>
  makeSessionHandler({ ...deps, ...(await createGitHubDeps(env, secrets)), users, publicUrl: env.PUBLIC_URL }),
);
