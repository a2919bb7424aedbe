import { keys } from '../store/keys';
import { ConditionFailedError, nowSeconds, type Store, type StoreItem } from '../ports/store';
import type { Schedule, ScheduleState } from './schedule-schemas';
import { randomId } from '../random-id';

/** How long a schedule that ran, failed, ended or was cancelled stays listed. */
export const keepFinishedDays = 90;

/** A schedule as stored: what the API shows, plus whose access it runs with. */
export interface ScheduleRecord extends Schedule {
  /** The repository as connected (owner/name). */
  repo: string;
  userId: string;
  /** Set when an API token scheduled it: the run checks the token is still valid. */
  tokenId?: string;
}

const publicFields = [
  'id',
  'action',
  'pull',
  'collection',
  'slug',
  'mode',
  'at',
  'state',
  'createdBy',
  'createdAt',
  'finishedAt',
  'sha',
  'error',
] as const;

/** What the API answers: no user id, token id or table keys. */
export const publicSchedule = (record: ScheduleRecord): Schedule =>
  Object.fromEntries(
    publicFields
      .filter((field) => record[field] !== undefined)
      .map((field) => [field, record[field]]),
  ) as Schedule;

const fromItem = (item: StoreItem): ScheduleRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ttl: _t, ...record } = item;
  return record as unknown as ScheduleRecord;
};

/** Schedule ids: 16 random bytes, URL-safe; also the name of the EventBridge schedule on AWS. */
export const newScheduleId = (): string => randomId(16);
export const scheduleIdPattern = /^[A-Za-z0-9_-]{22}$/;

export function createScheduleRecords(store: Store, now: () => number) {
  const item = (record: ScheduleRecord): StoreItem => ({
    ...keys.schedule(record.id),
    gsi1pk: keys.repoSchedules(record.repo),
    gsi1sk: `${record.at}#${record.id}`,
    ...record,
  });
  return {
    async add(record: ScheduleRecord): Promise<void> {
      await store.put(item(record), { notExists: true });
    },

    async get(id: string): Promise<ScheduleRecord | undefined> {
      if (!scheduleIdPattern.test(id)) return undefined;
      const found = await store.get(keys.schedule(id));
      return found ? fromItem(found) : undefined;
    },

    /** A repository's schedules, soonest first. */
    async ofRepo(fullName: string): Promise<ScheduleRecord[]> {
      return (await store.queryGsi1(keys.repoSchedules(fullName))).map(fromItem);
    },

    /**
     * Moves a schedule from one state to another (and sets `changes`), only when it is still in
     * `from` (and, with `at`, still set for that time): false when another run, a cancel or a
     * reschedule got there first.
     */
    async transition({
      record,
      from,
      to,
      changes = {},
      at,
    }: {
      record: ScheduleRecord;
      from: ScheduleState;
      to: ScheduleState;
      changes?: Partial<ScheduleRecord>;
      /** The time the record must still be set for. */
      at?: string;
    }): Promise<ScheduleRecord | undefined> {
      const finished = to !== 'pending' && to !== 'running';
      const set: Record<string, unknown> = { ...changes, state: to };
      if (changes.at) set.gsi1sk = `${changes.at}#${record.id}`;
      if (finished) {
        set.finishedAt = new Date(now()).toISOString();
        set.ttl = nowSeconds(now()) + keepFinishedDays * 86_400;
      }
      const conditions = [
        { exists: true as const },
        { attr: 'state', op: '=' as const, value: from },
        ...(at ? [{ attr: 'at', op: '=' as const, value: at }] : []),
      ];
      try {
        return fromItem(await store.update(keys.schedule(record.id), set, { and: conditions }));
      } catch (error) {
        if (error instanceof ConditionFailedError) return undefined;
        throw error;
      }
    },
  };
}

export type ScheduleRecords = ReturnType<typeof createScheduleRecords>;
