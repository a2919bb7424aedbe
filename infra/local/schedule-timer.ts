import type { Logger } from '../../shared/logger';
import type { ScheduleRecords } from '../../shared/schedules/schedule-records';
import type { ScheduleTimer } from '../../shared/ports/schedule-timer';
import { keys } from '../../shared/store/keys';
import type { Store } from '../../shared/ports/store';

/** setTimeout takes at most a signed 32-bit delay (about 24.8 days); longer waits are taken in steps. */
const maxDelayMs = 2 ** 31 - 1;

export interface LocalScheduleTimer {
  timer: ScheduleTimer;
  /**
   * Starts running: re-arms every pending schedule in the table (the ones due while the process
   * was down run now) and fails the ones a stop interrupted while running.
   */
  start(run: (id: string) => Promise<unknown>): Promise<void>;
  /** Runs every armed schedule that is due by the clock (tests move the clock instead of sleeping). */
  runDue(): Promise<void>;
  stop(): void;
}

/**
 * Local mode's ScheduleTimer: in-process timers over the table, so schedules survive a restart
 * (the table is the truth; timers are rebuilt from it at start). Runs go one at a time.
 */
export function createLocalScheduleTimer(deps: {
  store: Store;
  records: ScheduleRecords;
  logger: Logger;
  now: () => number;
}): LocalScheduleTimer {
  const armed = new Map<string, { at: number; handle?: NodeJS.Timeout }>();
  let run: ((id: string) => Promise<unknown>) | undefined;
  let queue = Promise.resolve();

  const fire = (id: string) => {
    armed.delete(id);
    queue = queue.then(async () => {
      try {
        await run?.(id);
      } catch (error) {
        deps.logger.error('schedule run failed', { scheduleId: id, error: String(error) });
      }
    });
    return queue;
  };

  const setTimer = (id: string, at: number) => {
    clearTimeout(armed.get(id)?.handle);
    const entry: { at: number; handle?: NodeJS.Timeout } = { at };
    armed.set(id, entry);
    if (!run) return;
    const wait = Math.max(0, at - deps.now());
    entry.handle = setTimeout(
      () => (wait > maxDelayMs ? setTimer(id, at) : void fire(id)),
      Math.min(wait, maxDelayMs),
    );
    entry.handle.unref();
  };

  return {
    timer: {
      arm: async ({ id, at }) => setTimer(id, Date.parse(at)),
      disarm: async (id) => {
        clearTimeout(armed.get(id)?.handle);
        armed.delete(id);
      },
    },

    async start(runner) {
      run = runner;
      const connections = await deps.store.queryGsi1(keys.connections);
      for (const connection of connections) {
        for (const record of await deps.records.ofRepo(String(connection.fullName))) {
          if (record.state === 'pending') setTimer(record.id, Date.parse(record.at));
          else if (record.state === 'running') {
            await deps.records.transition({
              record,
              from: 'running',
              to: 'failed',
              changes: {
                error:
                  'interrupted: the service stopped while it ran; check the pull request or item and schedule again',
              },
            });
          }
        }
      }
      for (const [id, entry] of armed) if (!entry.handle) setTimer(id, entry.at);
    },

    async runDue() {
      const due = [...armed].filter(([, entry]) => entry.at <= deps.now()).map(([id]) => id);
      for (const id of due) {
        clearTimeout(armed.get(id)?.handle);
        await fire(id);
      }
    },

    stop() {
      for (const entry of armed.values()) clearTimeout(entry.handle);
      armed.clear();
      run = undefined;
    },
  };
}
