import { createSecretsManagerClient } from '../../shared/adapters/secrets-manager/secrets-manager';
import { createJsonLogger } from '../../shared/logger';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { lazyOnce, parseAwsEnv } from '../aws-env';
import { createAwsGitHubPorts } from '../aws-github';
import { indexQueueOf } from '../aws-index-queue';
import { consumeIndexJobs, type SqsEvent } from './consume';
import { wireBackgroundJobs } from './wire';

/**
 * A run's work before it queues its continuation: the function's timeout (5 minutes,
 * infra/aws/collection-indexing.ts) less a minute for the segment in hand and the queue.
 */
const runBudgetMs = 4 * 60 * 1000;

const env = parseAwsEnv(process.env, [
  'TABLE_NAME',
  'GITHUB_APP_SECRET_ARN',
  'GITHUB_WEB_URL',
  'GITHUB_API_URL',
  'INDEX_QUEUE_URL',
]);
const logger = createJsonLogger();
const now = Date.now;
const clients = { dynamo: createDocumentClient().doc, secrets: createSecretsManagerClient() };
const jobs = lazyOnce(async () => {
  const { gitHost, checkHost } = await createAwsGitHubPorts(env, clients.secrets, now);
  return wireBackgroundJobs({
    store: createDynamoDbStore({ client: clients.dynamo, tableName: env.TABLE_NAME, now }),
    gitHost,
    checkHost,
    logger,
    now,
    indexQueue: indexQueueOf(env),
    indexSettings: { runBudgetMs },
  });
});

/** Invoked by the SQS event source with index jobs and pull request checks (`reportBatchItemFailures`). */
export const handler = async (event: SqsEvent) =>
  consumeIndexJobs(event, { jobs: await jobs(), logger });
