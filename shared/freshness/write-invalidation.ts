import type { ActivityLog } from '../activity/activity-log';
import type { Logger } from '../logger';
import type { RepoFreshness } from './repo-freshness';

type Recorder = Pick<ActivityLog, 'record'>;

/**
 * Every write the service answers (each is recorded in the audit log) may have moved a
 * repository's branches: its recorded head is forgotten before the answer goes out, so the
 * writer's next list reads GitHub and shows the change, whether or not GitHub's push webhook has
 * arrived yet. A refused write (4xx) changed nothing. Never throws: a failure is logged, and the
 * list is then at most `freshnessWindowSeconds` behind.
 */
export const withWriteInvalidation = (
  log: Recorder,
  freshness: Pick<RepoFreshness, 'invalidate'>,
  logger: Logger,
): Recorder => ({
  async record(record) {
    const refused = record.status >= 400 && record.status < 500;
    const forget = async (repo: string) => {
      try {
        await freshness.invalidate(repo);
      } catch (error) {
        logger.error('Recorded head not forgotten after a write', {
          repo,
          requestId: record.requestId,
          errorName: (error as Error).name,
          errorMessage: (error as Error).message,
        });
      }
    };
    await Promise.all([
      log.record(record),
      record.repo !== undefined && !refused ? forget(record.repo) : undefined,
    ]);
  },
});
