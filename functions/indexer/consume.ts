import { jobOfMessage } from '../../shared/ports/index-queue';
import type { IndexBuilder } from '../../shared/content/collection-index/index-builder';
import type { Logger } from '../../shared/logger';

export interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

/**
 * One SQS batch of index jobs (the event source hands one at a time): each a run of the builder,
 * which queues its own continuation or its wait for GitHub's rate limit. A run that fails (GitHub
 * or the table unreachable) is reported as a batch item failure: SQS hands the job out again
 * after the visibility timeout, and after `indexMaxReceives` receives moves it to the
 * dead-letter queue; a list that finds the build stalled asks for it again meanwhile. A message
 * that is not a job goes to the dead-letter queue the same way.
 */
export async function consumeIndexJobs(
  event: SqsEvent,
  deps: { builder: Pick<IndexBuilder, 'run'>; logger: Logger },
) {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const job = jobOfMessage(record.body);
      const outcome = await deps.builder.run(job);
      deps.logger.info('Index job run', { repo: job.repo, collection: job.collection, outcome });
    } catch (error) {
      deps.logger.error('Index job not run', {
        messageId: record.messageId,
        errorName: (error as Error).name,
        errorMessage: (error as Error).message,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
