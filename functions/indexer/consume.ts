import { jobOfMessage, type BackgroundJob, type JobRunner } from '../../shared/ports/index-queue';
import type { Logger } from '../../shared/logger';

export interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

/**
 * One SQS batch of background jobs (the event source hands one at a time): an index build, which
 * queues its own continuation or its wait for GitHub's rate limit, or a pull request's check. A
 * run that fails (GitHub or the table unreachable) is reported as a batch item failure: SQS hands
 * the job out again after the visibility timeout, and after `indexMaxReceives` receives moves it
 * to the dead-letter queue; a list that finds the build stalled asks for it again meanwhile. A
 * message that is not a job goes to the dead-letter queue the same way.
 */
/** What the log says of a job: its repository, and its collection or pull request. */
const fieldsOf = (job: BackgroundJob) => ({
  repo: job.repo,
  ...('collection' in job ? { collection: job.collection } : { pull: job.pull }),
});

export async function consumeIndexJobs(event: SqsEvent, deps: { jobs: JobRunner; logger: Logger }) {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let job: BackgroundJob | undefined;
    try {
      job = jobOfMessage(record.body);
      const outcome = await deps.jobs.run(job);
      deps.logger.info('Index job run', { ...fieldsOf(job), outcome });
    } catch (error) {
      deps.logger.error('Index job not run', {
        messageId: record.messageId,
        ...(job && fieldsOf(job)),
        errorName: (error as Error).name,
        errorMessage: (error as Error).message,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
