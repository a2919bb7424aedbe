import { randomBytes } from 'node:crypto';
import type { TreeEntry, TreeAt } from '../ports/git-host';
import type { Connection } from '../repos/connections';
import { isValidCollectionName } from '../content/collection-name';
import { keys } from '../store/keys';
import {
  ConditionFailedError,
  nowSeconds,
  type Condition,
  type Store,
  type StoreItem,
  type StoreKey,
} from '../ports/store';

/**
 * How long a head is trusted after it was last confirmed (by a push webhook or by a read of
 * GitHub) before the next list asks GitHub again. It bounds how stale a list can be when a push
 * webhook is lost, and how long a user whose GitHub access was removed may still list (the access
 * mark lives as long). Outside webhooks, nothing is cached: every list reads GitHub.
 */
export const freshnessWindowSeconds = 5 * 60;

/** A DynamoDB item holds at most 400 KB: a larger collection tree is read from GitHub every time. */
const maxTreeChars = 350_000;

/** A recorded tree no list has read again for this long (a disconnected repository's) expires. */
const treeTtlSeconds = 7 * 24 * 60 * 60;

/** A new random value: a head record's `stamp` changes at every event that may move the head. */
export const newStamp = (): string => randomBytes(12).toString('base64url');

/** The head record's attributes that forget the recorded head (the next list reads GitHub), with a new stamp. */
export const forgottenHead = () => ({
  headOid: undefined,
  branch: undefined,
  confirmedAt: undefined,
  stamp: newStamp(),
});

/**
 * The records a list of `collection` reads with the connection (in the same BatchGetItem): head,
 * tree, access mark. None for a name that is no collection's (refused later): it never becomes a
 * key. The read-ahead of the list routes (shared/http/authenticate.ts) reads these too.
 */
export const freshnessKeys = (fullName: string, collection: string, userId: string): StoreKey[] =>
  isValidCollectionName(collection)
    ? [
        keys.repoHead(fullName),
        keys.collectionTree(fullName, collection),
        keys.repoSeen(fullName, userId),
      ]
    : [];

/**
 * The head record (`FRESH#<repo>` / `HEAD`):
 * - `webhookAt`: a verified push webhook for the repository arrived (ms). Without it, nothing is
 *   cached; it is removed when a read finds a push no webhook announced.
 * - `headOid`, `branch`, `confirmedAt`: the default branch's head as last confirmed, and when.
 * - `stamp`: changes at every event that may move the head, so a read that raced one does not
 *   record what it saw (conditional write).
 * - `epoch`: changes when someone's access may have been taken away; access marks of another
 *   epoch are void.
 */
export interface HeadRecord {
  headOid?: string;
  branch?: string;
  confirmedAt?: number;
  webhookAt?: number;
  stamp?: string;
  epoch?: string;
}

/**
 * Whether GitHub's push webhooks serve a repository's lists, for people: when the last push
 * delivery came (`deliveredAt`, kept when a missed push makes the service stop trusting them),
 * and whether lists answer from the table now (`webhookAt` still there).
 */
export interface PushStatus {
  lastDeliveryAt: string | null;
  inUse: boolean;
}

export const pushStatusOf = (item: StoreItem | undefined): PushStatus => ({
  lastDeliveryAt:
    typeof item?.deliveredAt === 'number' ? new Date(item.deliveredAt).toISOString() : null,
  inUse: typeof item?.webhookAt === 'number',
});

export const readPushStatus = async (
  store: Pick<Store, 'get'>,
  fullName: string,
): Promise<PushStatus> => pushStatusOf(await store.get(keys.repoHead(fullName)));

export const headOf = (item: StoreItem | undefined): HeadRecord | undefined =>
  item && {
    ...(typeof item.headOid === 'string' && { headOid: item.headOid }),
    ...(typeof item.branch === 'string' && { branch: item.branch }),
    ...(typeof item.confirmedAt === 'number' && { confirmedAt: item.confirmedAt }),
    ...(typeof item.webhookAt === 'number' && { webhookAt: item.webhookAt }),
    ...(typeof item.stamp === 'string' && { stamp: item.stamp }),
    ...(typeof item.epoch === 'string' && { epoch: item.epoch }),
  };

/** The condition that the head record still carries the stamp read (none read: still none). */
export const sameStamp = (head: HeadRecord | undefined): Condition =>
  head?.stamp === undefined
    ? { and: [{ exists: true }, { attrNotExists: 'stamp' }] }
    : { attr: 'stamp', op: '=', value: head.stamp };

export interface FreshTree {
  branch: string;
  headOid: string;
  /** The directory's entries, when they were recorded (a tree over `maxTreeChars` is not). */
  entries?: TreeEntry[];
  /** The directory's tree oid, when it was recorded: what a collection index is built for. */
  treeOid?: string;
}

export interface RepoFreshnessDeps {
  store: Pick<Store, 'update' | 'batchPut'>;
  now: () => number;
}

/**
 * A warm list without GitHub. A collection's tree is remembered per head; it is answered from
 * the table only while all of this holds:
 * - push webhooks arrive for the repository (`webhookAt`),
 * - its head was confirmed within `freshnessWindowSeconds`,
 * - the tree was read at that head with the config the connection holds,
 * - GitHub let this user read the repository within the window, in the current access epoch.
 * Anything else reads GitHub as before, and records what it read for the next list.
 */
export function createRepoFreshness(deps: RepoFreshnessDeps) {
  const windowMs = freshnessWindowSeconds * 1000;

  return {
    keys: freshnessKeys,

    /** The tree from the records `keys` named, when it may be trusted; undefined to read GitHub. */
    cached(
      records: readonly (StoreItem | undefined)[],
      connection: Connection,
    ): FreshTree | undefined {
      const [headItem, tree, seen] = records;
      const head = headOf(headItem);
      if (!head?.webhookAt || !head.headOid || !head.branch || head.confirmedAt === undefined)
        return undefined;
      if (deps.now() - head.confirmedAt > windowMs) return undefined;
      if (!seen || seen.epoch !== (head.epoch ?? '')) return undefined;
      if (!tree || tree.headOid !== head.headOid || tree.configOid !== connection.configOid)
        return undefined;
      const entries =
        typeof tree.entriesJson === 'string'
          ? { entries: JSON.parse(tree.entriesJson) as TreeEntry[] }
          : {};
      const treeOid = typeof tree.treeOid === 'string' ? { treeOid: tree.treeOid } : {};
      if (!('entries' in entries) && !('treeOid' in treeOid)) return undefined;
      return { branch: head.branch, headOid: head.headOid, ...entries, ...treeOid };
    },

    /**
     * After a read of GitHub: records the head it saw, the tree at that head and the user's access,
     * when webhooks arrive for the repository. A head that moved although the recorded one was
     * still within its window means a push whose webhook did not come (yet): webhooks are then no
     * longer trusted for the repository until the next one arrives.
     */
    async remember(input: {
      fullName: string;
      collection: string;
      userId: string;
      records: readonly (StoreItem | undefined)[];
      configOid: string;
      at: TreeAt;
      branch: string;
      headOid: string | null;
      /** The directory's entries; null when none were read (or there is no directory). */
      entries: TreeEntry[] | null;
      /** The directory's tree oid, when it was read. */
      treeOid?: string | null;
    }): Promise<void> {
      const head = headOf(input.records[0]);
      if (!head?.webhookAt || !input.headOid || (!input.entries && !input.treeOid)) return;
      const now = deps.now();
      const entriesJson = input.entries ? JSON.stringify(input.entries) : undefined;
      const items: StoreItem[] = [
        {
          ...keys.repoSeen(input.fullName, input.userId),
          epoch: head.epoch ?? '',
          ttl: nowSeconds(now) + freshnessWindowSeconds,
        },
      ];
      const fits = entriesJson !== undefined && entriesJson.length <= maxTreeChars;
      if (fits || input.treeOid) {
        items.push({
          ...keys.collectionTree(input.fullName, input.collection),
          headOid: input.headOid,
          configOid: input.configOid,
          path: input.at.path,
          depth: input.at.depth ?? 1,
          ...(fits && { entriesJson }),
          ...(input.treeOid && { treeOid: input.treeOid }),
          ttl: nowSeconds(now) + treeTtlSeconds,
        });
      }
      const unannounced = head.headOid !== undefined && head.headOid !== input.headOid;
      const confirmed =
        head.headOid === input.headOid &&
        head.confirmedAt !== undefined &&
        now - head.confirmedAt <= windowMs;
      const writes: Promise<unknown>[] = [deps.store.batchPut(items)];
      if (!confirmed) {
        const set = unannounced
          ? { ...forgottenHead(), webhookAt: undefined }
          : { headOid: input.headOid, branch: input.branch, confirmedAt: now };
        writes.push(
          ignoreRace(deps.store.update(keys.repoHead(input.fullName), set, sameStamp(head))),
        );
      }
      await Promise.all(writes);
    },

    /**
     * After the service itself wrote to the repository: the recorded head may be behind, so the
     * next list reads GitHub. Only a repository with a head record is touched.
     */
    async invalidate(fullName: string): Promise<void> {
      await ignoreRace(
        deps.store.update(keys.repoHead(fullName), forgottenHead(), { exists: true }),
      );
    },
  };
}

/** A conditional write that lost to a concurrent event: the event's record stands. */
export async function ignoreRace(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

export type RepoFreshness = ReturnType<typeof createRepoFreshness>;
