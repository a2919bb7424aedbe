import { AppError, ConflictBodyError, NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { isLiveToken } from '../auth/api-tokens';
import { keys } from '../store/keys';
import type { Store } from '../ports/store';
import type { ScheduleRecord, ScheduleRecords } from './schedule-records';
import type { ActivityLog } from '../activity/activity-log';
import type { PullActorOptions, PullOptions } from '../pulls/pull-context';

export interface ScheduleRunnerDeps {
  records: ScheduleRecords;
  /** Reads the API token that set a schedule, to check it is still valid. */
  store: Pick<Store, 'get'>;
  publish(options: PullActorOptions & { scheduleId: string }): Promise<{ sha: string }>;
  comment(options: PullOptions & { body: string }): Promise<unknown>;
  unpublish(record: ScheduleRecord): Promise<{ sha?: string }>;
  /** The audit log: each run is recorded as its setter's action, `via: schedule`. */
  activity?: Pick<ActivityLog, 'record'>;
  logger: Logger;
  now: () => number;
}

/** A run's outcome as the audit log's status: done 200, failed 409 (refused), ended 410 (nothing left to do). */
const outcomeStatus = { done: 200, failed: 409, ended: 410 } as const;

/** What a run found: done (with the commit), ended (nothing left to do) or failed (with why). */
type Outcome = { state: 'done'; sha?: string } | { state: 'ended' | 'failed'; error: string };

/**
 * Runs a due schedule once. The record is moved pending → running first (a conditional write), so
 * a timer that fires twice, or a run racing a cancel, acts at most once; a record that is not
 * pending, or is set for a later time than now (it was moved), is left alone. The action runs
 * with the access of the user who set the schedule: their GitHub grant (refreshed as the API does)
 * and, when an API token set it, only while that token is valid. A pull request that was merged
 * or closed meanwhile ends the schedule; any refusal (conflicts, branch protection, revoked
 * access) fails it with the reason, recorded and, for a publish, commented on the pull request.
 */
export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  return {
    async run(id: string): Promise<ScheduleRecord | undefined> {
      const record = await deps.records.get(id);
      if (!record || record.state !== 'pending' || Date.parse(record.at) > deps.now())
        return record;
      const running = await deps.records.transition({
        record,
        from: 'pending',
        to: 'running',
        at: record.at,
      });
      if (!running) return deps.records.get(id);
      const outcome = await attempt(running);
      const finished = await deps.records.transition({
        record: running,
        from: 'running',
        to: outcome.state,
        changes:
          outcome.state === 'done'
            ? outcome.sha
              ? { sha: outcome.sha }
              : {}
            : { error: outcome.error },
      });
      deps.logger.info('schedule ran', {
        scheduleId: id,
        action: running.action,
        state: outcome.state,
      });
      await deps.activity?.record({
        userId: running.userId,
        at: new Date(deps.now()).toISOString(),
        action: running.action === 'publish' ? 'scheduledPublish' : 'scheduledUnpublish',
        request: `SCHEDULE ${id}`,
        status: outcomeStatus[outcome.state],
        actor: {
          login: running.createdBy,
          via: 'schedule',
          ...(running.tokenId !== undefined && { tokenId: running.tokenId }),
        },
        repo: running.repo,
        target: {
          scheduleId: id,
          ...(running.pull !== undefined
            ? { number: String(running.pull) }
            : { collection: running.collection!, slug: running.slug! }),
        },
        result:
          outcome.state === 'done'
            ? { state: 'done', ...(outcome.sha !== undefined && { sha: outcome.sha }) }
            : { state: outcome.state, error: outcome.error },
        requestId: `schedule:${id}`,
      });
      if (
        outcome.state === 'failed' &&
        running.action === 'publish' &&
        running.pull !== undefined
      ) {
        const note = `The publish scheduled by @${running.createdBy} for ${running.at} failed: ${outcome.error}`;
        await deps
          .comment({
            userId: running.userId,
            fullName: running.repo,
            number: running.pull,
            body: note,
          })
          .catch((error: unknown) => {
            deps.logger.info('schedule failure comment not posted', {
              scheduleId: id,
              error: String(error),
            });
          });
      }
      return finished;
    },
  };

  async function attempt(record: ScheduleRecord): Promise<Outcome> {
    try {
      if (record.tokenId !== undefined) {
        if (!isLiveToken(await deps.store.get(keys.apiToken(record.tokenId)), deps.now()))
          return {
            state: 'failed',
            error: 'the API token that set this schedule was revoked or has expired',
          };
      }
      if (record.action === 'publish')
        return {
          state: 'done',
          ...(await deps.publish({
            userId: record.userId,
            login: record.createdBy,
            fullName: record.repo,
            number: record.pull!,
            scheduleId: record.id,
          })),
        };
      return { state: 'done', ...(await deps.unpublish(record)) };
    } catch (error) {
      return outcomeOf(error, deps.logger, record.id);
    }
  }
}

function outcomeOf(error: unknown, logger: Logger, scheduleId: string): Outcome {
  if (error instanceof ConflictBodyError) {
    const reason = String(error.body.reason ?? error.message);
    const words = String(error.body.error ?? reason);
    // Merged or closed by someone meanwhile: nothing is left to publish.
    if (reason === 'already-merged' || reason === 'closed') return { state: 'ended', error: words };
    return { state: 'failed', error: words };
  }
  if (error instanceof NotFoundError) return { state: 'ended', error: error.message };
  if (error instanceof AppError) return { state: 'failed', error: error.message };
  logger.error('schedule run failed unexpectedly', { scheduleId, error: String(error) });
  return { state: 'failed', error: 'an unexpected error; see the service logs' };
}

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;
