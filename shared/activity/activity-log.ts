import { randomBytes } from 'node:crypto';
import { InvalidInputError } from '../errors';
import type { Logger } from '../logger';
import { keys } from '../store/keys';
import { nowSeconds, type Store, type StoreItem } from '../ports/store';
import type { ActivityRecord } from './activity-schemas';

/** How long records are kept when the deployment says nothing. */
export const defaultRetentionDays = 365;

/**
 * The audit log on the table: append-only (a record is put once under a fresh key, never updated),
 * each kept `retentionDays` (TTL). A repository's records share a partition, newest last; every
 * record is also in its actor's gsi1 partition. Pages are read newest first.
 */
/** One page of records: at most `limit`, after the page `cursor` ended. */
export interface PageOptions {
  limit: number;
  cursor?: string;
}

export function createActivityLog(deps: {
  store: Store;
  now: () => number;
  logger: Logger;
  retentionDays?: number;
}) {
  const retention = (deps.retentionDays ?? defaultRetentionDays) * 86_400;

  const encode = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
  const decode = (cursor: string) => {
    const sk = Buffer.from(cursor, 'base64url').toString('utf8');
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[A-Za-z0-9_-]+$/.test(sk))
      throw new InvalidInputError('cursor: is not a cursor this list gave');
    return sk;
  };

  async function page(
    read: (before: string | undefined, limit: number) => Promise<StoreItem[]>,
    limit: number,
    cursor?: string,
  ) {
    const items = await read(cursor === undefined ? undefined : decode(cursor), limit + 1);
    const records = items.slice(0, limit).map(({ record }) => record as ActivityRecord);
    const last = items[limit - 1];
    return {
      records,
      nextCursor: items.length > limit && last ? encode(String(last.gsi1sk ?? last.sk)) : null,
    };
  }

  return {
    /** Never throws: a record that cannot be written is logged (the request's change is already made). */
    async record(record: ActivityRecord & { userId: string }): Promise<void> {
      const { userId, ...shown } = record;
      const sk = `${shown.at}#${randomBytes(9).toString('base64url')}`;
      try {
        await deps.store.put({
          ...(shown.repo ? keys.repoActivity(shown.repo) : keys.userActivity(userId)),
          sk,
          gsi1pk: keys.userActivity(userId).pk,
          gsi1sk: sk,
          ttl: nowSeconds(deps.now()) + retention,
          record: shown,
        });
      } catch (error) {
        deps.logger.error('Activity record not written', {
          action: shown.action,
          requestId: shown.requestId,
          errorName: (error as Error).name,
          errorMessage: (error as Error).message,
        });
      }
    },

    /** A repository's records, newest first. */
    ofRepo({ fullName, limit, cursor }: PageOptions & { fullName: string }) {
      return page(
        (before, n) =>
          deps.store.query(keys.repoActivity(fullName).pk, {
            ascending: false,
            limit: n,
            ...(before !== undefined && { skBefore: before }),
          }),
        limit,
        cursor,
      );
    },

    /** One user's records, in every repository and outside them, newest first. */
    ofUser({ userId, limit, cursor }: PageOptions & { userId: string }) {
      return page(
        (before, n) =>
          deps.store.queryGsi1(keys.userActivity(userId).pk, {
            ascending: false,
            limit: n,
            ...(before !== undefined && { skBefore: before }),
          }),
        limit,
        cursor,
      );
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
