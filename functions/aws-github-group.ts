import { createKmsClient, createKmsKeyProvider } from '../shared/crypto/kms-key-provider';
import type { LambdaHttpHandler } from '../shared/http/types';
import { createJsonLogger } from '../shared/logger';
import { createDynamoDbDocuments } from '../shared/store/dynamodb-documents';
import { lazyHandler, parseAwsEnv, type AwsEnv, type AwsEnvKey } from './aws-env';
import { guardOrigin } from './aws-origin-check';
import { createAwsGitHubPorts } from './aws-github';
import { createAwsPorts } from './aws-ports';
import { createSecretsClient } from './aws-secrets';

/** What every group acting on GitHub for a signed-in user reads from its environment. */
const gitHubGroupEnv = ['TABLE_NAME', 'KMS_KEY_ID', 'TOKEN_HMAC_SECRET_ARN', 'GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL', 'PUBLIC_URL'] as const;
type GitHubGroupEnv = (typeof gitHubGroupEnv)[number];

type BuiltPorts = Awaited<ReturnType<typeof createAwsPorts>> & Awaited<ReturnType<typeof createAwsGitHubPorts>> & { keyProvider: ReturnType<typeof createKmsKeyProvider> };

/**
 * The AWS entry of a group acting on GitHub (`functions/<group>/handler.ts`): its environment
 * (the common keys plus `extra`) checked at import, the table, secrets and KMS clients made once
 * per container, and on the first request the ports (the table, the HMAC key, the GitHub App,
 * the KMS key provider) handed to `wire` with the environment; behind the CloudFront origin check.
 */
export function awsGitHubGroupHandler<K extends AwsEnvKey>(extra: readonly K[], wire: (ports: BuiltPorts, env: Pick<AwsEnv, GitHubGroupEnv | K>) => LambdaHttpHandler): LambdaHttpHandler {
  const env = parseAwsEnv(process.env, [...gitHubGroupEnv, ...extra]);
  const clients = { dynamo: createDynamoDbDocuments(), secrets: createSecretsClient(), kms: createKmsClient() };
  const logger = createJsonLogger();
  const now = Date.now;
  return guardOrigin(
    lazyHandler(logger, async () => {
      const [base, github] = await Promise.all([createAwsPorts(env, clients, { logger, now }), createAwsGitHubPorts(env, clients.secrets, now)]);
      return wire({ ...base, ...github, keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now }) }, env);
    }),
    logger,
    process.env,
    clients.secrets,
  );
}
