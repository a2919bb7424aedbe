import { createKmsClient } from '../shared/adapters/kms/kms';
import { createSecretsManagerClient } from '../shared/adapters/secrets-manager/secrets-manager';
import { createKmsKeyProvider } from '../shared/adapters/kms/kms-key-provider';
import type { LambdaHttpHandler } from '../shared/http/types';
import { createJsonLogger } from '../shared/logger';
import { createDocumentClient } from '../shared/adapters/dynamodb/dynamodb-client';
import type { WebhookQueue } from '../shared/ports/webhook-queue';
import { lazyHandler, parseAwsEnv, type AwsEnv, type AwsEnvKey } from './aws-env';
import { guardOrigin } from './aws-origin-check';
import { createAwsGitHubPorts } from './aws-github';
import { createAwsPorts } from './aws-ports';

/** What every group acting on GitHub for a signed-in user reads from its environment. */
const gitHubGroupEnv = [
  'TABLE_NAME',
  'KMS_KEY_ID',
  'TOKEN_HMAC_SECRET_ARN',
  'GITHUB_APP_SECRET_ARN',
  'GITHUB_WEB_URL',
  'GITHUB_API_URL',
  'PUBLIC_URL',
] as const;
type GitHubGroupEnv = (typeof gitHubGroupEnv)[number];

type BuiltPorts = Awaited<ReturnType<typeof createAwsPorts>> &
  Awaited<ReturnType<typeof createAwsGitHubPorts>> & {
    keyProvider: ReturnType<typeof createKmsKeyProvider>;
  };

/**
 * The AWS entry of a group acting on GitHub (`functions/<group>/handler.ts`): its environment
 * (the common keys plus `extra`) checked at import, the table, secrets and KMS clients made once
 * per container, and on the first request the ports (the table, the HMAC key, the GitHub App,
 * the KMS key provider, the webhook queue when `webhookQueueOf` is given) handed to `wire` with
 * the environment; behind the CloudFront origin check.
 */
export function awsGitHubGroupHandler<K extends AwsEnvKey>(
  extra: readonly K[],
  wire: (ports: BuiltPorts, env: Pick<AwsEnv, GitHubGroupEnv | K>) => LambdaHttpHandler,
  webhookQueueOf?: (env: Partial<Pick<AwsEnv, 'WEBHOOK_QUEUE_URL'>>) => WebhookQueue | undefined,
): LambdaHttpHandler {
  const env = parseAwsEnv(process.env, [...gitHubGroupEnv, ...extra]);
  const clients = {
    dynamo: createDocumentClient().doc,
    secrets: createSecretsManagerClient(),
    kms: createKmsClient(),
  };
  const logger = createJsonLogger();
  const now = Date.now;
  return guardOrigin(
    lazyHandler(logger, async () => {
      const webhookQueue = webhookQueueOf?.(env as Partial<AwsEnv>);
      const [base, github] = await Promise.all([
        createAwsPorts(env, clients, { logger, now, webhookQueue }),
        createAwsGitHubPorts(env, clients.secrets, now),
      ]);
      return wire(
        {
          ...base,
          ...github,
          keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now }),
        },
        env,
      );
    }),
    logger,
    process.env,
    clients.secrets,
  );
}
