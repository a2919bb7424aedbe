import type { Logger } from '../../logger';
import type { IndexJob, IndexQueue } from '../../ports/index-queue';

/** Runs `run` after `ms`: a timer in local mode; tests pass one they run by hand (and may drop a job, as a crash would). */
export type IndexScheduler = (ms: number, run: () => Promise<void>) => void;

export const indexTimer: IndexScheduler = (ms, run) => {
  setTimeout(() => void run(), ms).unref();
};

/**
 * The in-process queue of local mode: each job runs on the builder after its delay. Nothing
 * survives a restart: a list that finds a build stalled (no live lease) asks for it again.
 */
export function createLocalIndexQueue(deps: {
  scheduler: IndexScheduler;
  run: () => (job: IndexJob) => Promise<unknown>;
  logger: Logger;
}): IndexQueue {
  return {
    async send(job, delaySeconds) {
      deps.scheduler(delaySeconds * 1000, async () => {
        try {
          await deps.run()(job);
        } catch (error) {
          deps.logger.error('Index build failed', {
            repo: job.repo,
            collection: job.collection,
            errorName: (error as Error).name,
            errorMessage: (error as Error).message,
          });
        }
      });
    },
  };
}
