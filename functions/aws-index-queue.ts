import type { BackgroundQueue } from '../shared/ports/index-queue';
import type { AwsEnv } from './aws-env';
import { onFirstUse } from './aws-on-first-use';

/**
 * The index queue of a function the stack gave one (`INDEX_QUEUE_URL`: content, repos and
 * webhooks, which ask for builds, webhooks also for pull request checks, and the indexer, which
 * queues its own continuations). The SQS
 * client loads with the first job sent: a list of a collection under the inline limit sends none.
 */
export function indexQueueOf(env: Pick<AwsEnv, 'INDEX_QUEUE_URL'>): BackgroundQueue {
  const queueUrl = env.INDEX_QUEUE_URL;
  return onFirstUse<BackgroundQueue>(
    async () => {
      const [{ createSqsClient }, { createSqsIndexQueue }] = await Promise.all([
        import('../shared/adapters/sqs/sqs'),
        import('../shared/adapters/sqs/sqs-index-queue'),
      ]);
      return createSqsIndexQueue({ sqs: createSqsClient(), queueUrl });
    },
    { send: true },
  );
}
