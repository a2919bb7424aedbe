import type { Logger } from '../../logger';
import type { BackgroundJob, BackgroundQueue } from '../../ports/index-queue';

/** Runs `run` after `ms`: a timer in local mode; tests pass one they run by hand (and may drop a job, as a crash would). */
export type IndexScheduler = (ms: number, run: () => Promise<void>) => void;

export const indexTimer: IndexScheduler = (ms, run) => {
  setTimeout(() => void run(), ms).unref();
};

/**
 * The in-process queue of local mode: each job runs after its delay (an index build on the
 * builder, a pull request's check on the checker). Nothing survives a restart: a list that finds
 * a build stalled (no live lease) asks for it again; a check is asked for again by a new push or
 * "Re-run checks".
 */
export function createLocalIndexQueue(deps: {
  scheduler: IndexScheduler;
  run: () => (job: BackgroundJob) => Promise<unknown>;
  logger: Logger;
}): BackgroundQueue {
  return {
    async send(job, delaySeconds) {
      deps.scheduler(delaySeconds * 1000, async () => {
        try {
          await deps.run()(job);
        } catch (error) {
          deps.logger.error('Index build failed', {
            repo: job.repo,
            ...('collection' in job ? { collection: job.collection } : { pull: job.pull }),
            errorName: (error as Error).name,
            errorMessage: (error as Error).message,
          });
        }
      });
    },
  };
}
