import { createKmsClient } from '../../shared/adapters/kms/kms';
import { createSecretsManagerClient } from '../../shared/adapters/secrets-manager/secrets-manager';
import { createKmsKeyProvider } from '../../shared/adapters/kms/kms-key-provider';
import { createGitHubMediaHost } from '../../shared/adapters/github/github-media-host';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { createGitHubReviewHost } from '../../shared/adapters/github/github-review-host';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { lazyOnce, parseAwsEnv } from '../aws-env';
import { createAwsGitHubPorts } from '../aws-github';
import { webhookQueueOf } from '../aws-webhooks';
import { wireScheduler } from './wire';

const env = parseAwsEnv(process.env, [
  'TABLE_NAME',
  'KMS_KEY_ID',
  'GITHUB_APP_SECRET_ARN',
  'GITHUB_WEB_URL',
  'GITHUB_API_URL',
  'ACTIVITY_RETENTION_DAYS',
  'WEBHOOK_QUEUE_URL',
]);
const clients = {
  dynamo: createDocumentClient().doc,
  secrets: createSecretsManagerClient(),
  kms: createKmsClient(),
};
const logger = createJsonLogger();
const now = Date.now;

/** Built on the first invocation (never at import), once per container; retried after a failure. */
const runner = lazyOnce(async () => {
  const github = await createAwsGitHubPorts(env, clients.secrets, now);
  return wireScheduler({
    ...github,
    store: createDynamoDbStore({ client: clients.dynamo, tableName: env.TABLE_NAME, now }),
    keyProvider: createKmsKeyProvider({ client: clients.kms, keyId: env.KMS_KEY_ID, now }),
    pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
    reviewHost: createGitHubReviewHost({ apiUrl: env.GITHUB_API_URL }),
    mediaHost: createGitHubMediaHost({ apiUrl: env.GITHUB_API_URL }),
    logger,
    now,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    webhookQueue: webhookQueueOf(env),
  });
});

/**
 * Invoked by EventBridge Scheduler with `{"scheduleId": "…"}` (the schedule's Input). A run that
 * throws (the table or GitHub unreachable) is retried by EventBridge Scheduler (3 attempts within
 * an hour); the record's conditional moves keep a repeated invocation from acting twice.
 */
export async function handler(event: unknown): Promise<{ state?: string }> {
  const scheduleId =
    typeof event === 'object' &&
    event !== null &&
    typeof (event as { scheduleId?: unknown }).scheduleId === 'string'
      ? (event as { scheduleId: string }).scheduleId
      : undefined;
  if (!scheduleId) {
    logger.error('scheduler invoked without a scheduleId');
    return {};
  }
  const record = await (await runner()).run(scheduleId);
  return { state: record?.state };
}
