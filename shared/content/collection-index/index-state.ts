import { keys } from '../../store/keys';
import type { Condition, StoreItem, StoreKey } from '../../ports/store';
import { isValidCollectionName } from '../collection-name';
import type { IndexProgress } from '../list-schemas';

/**
 * The state item of a collection's index (`IDX#<repo>#<collection>` / `STATE`, keys.ts):
 * - `version` (index-version.ts) and `status`: `building` while chunks are written, `ready` when
 *   every item is in them, `inline` when the collection is small enough to list without one
 *   (`total` ≤ the inline limit);
 * - `done` of `total` items are in `chunks` (`skipped`: entries that are not items) (in path order; each chunk's id, its summary's id, the
 *   key of the segment it belongs to, its count, its bytes as JSON and when it was written);
 * - `previous`: the chunks of the last index of another version, reused by a build where their
 *   segment is unchanged;
 * - `bytes`: the whole array's size as JSON;
 * - the lease (`leaseOwner`, `leaseUntil`): one builder at a time; `retryAt`: GitHub's rate limit
 *   holds builds until then; `wantedVersion`/`wantedAt`: a list asked for this version (at most
 *   one queued job a minute per version).
 */
export type IndexStatus = 'building' | 'ready' | 'inline';

export interface ChunkRef {
  id: string;
  sid: string;
  key: string;
  count: number;
  bytes: number;
  /** When it was written (epoch seconds): a build rewrites chunks it reuses after 15 days. */
  at: number;
}

export interface IndexState {
  version?: string;
  status?: IndexStatus;
  configOid?: string;
  done: number;
  total: number;
  /** Entries of the directory that are not items (X-Skipped-Files). */
  skipped: number;
  chunks: ChunkRef[];
  previous: ChunkRef[];
  bytes: number;
  leaseOwner?: string;
  leaseUntil?: number;
  retryAt?: number;
  wantedVersion?: string;
  wantedAt?: number;
}

/**
 * The state item a list reads with the connection (the read-ahead of the list routes too); none
 * for a name that is no collection's (refused later): it never becomes a key.
 */
export const indexStateKeys = (fullName: string, collection: string): StoreKey[] =>
  isValidCollectionName(collection) ? [keys.collectionIndex(fullName, collection)] : [];

/** Chunks and their summaries expire this long after they were written; state items as long after their last build. */
export const indexTtlSeconds = 30 * 24 * 60 * 60;
/** A chunk this old is rewritten by the next build that reuses it, so that a live index never expires. */
export const refreshAfterSeconds = 15 * 24 * 60 * 60;
/** How long a builder holds its lease without committing progress (a crashed one is replaced after it). */
export const leaseMs = 2 * 60 * 1000;
/** A list asks for a build of the same version at most this often. */
export const wantedEveryMs = 60 * 1000;

type RefTuple = [string, string, string, number, number, number];
export const refsJson = (refs: readonly ChunkRef[]) =>
  JSON.stringify(
    refs.map((ref): RefTuple => [ref.id, ref.sid, ref.key, ref.count, ref.bytes, ref.at]),
  );
const refsOf = (json: unknown): ChunkRef[] =>
  typeof json === 'string'
    ? (JSON.parse(json) as RefTuple[]).map(([id, sid, key, count, bytes, at]) => ({
        id,
        sid,
        key,
        count,
        bytes,
        at,
      }))
    : [];

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
const statuses: readonly unknown[] = ['building', 'ready', 'inline'];

export function stateOf(item: StoreItem | undefined): IndexState | undefined {
  if (!item) return undefined;
  return {
    version: text(item.version),
    status: statuses.includes(item.status) ? (item.status as IndexStatus) : undefined,
    configOid: text(item.configOid),
    done: number(item.done) ?? 0,
    total: number(item.total) ?? 0,
    skipped: number(item.skipped) ?? 0,
    chunks: refsOf(item.chunksJson),
    previous: refsOf(item.previousJson),
    bytes: number(item.bytes) ?? 0,
    leaseOwner: text(item.leaseOwner),
    leaseUntil: number(item.leaseUntil),
    retryAt: number(item.retryAt),
    wantedVersion: text(item.wantedVersion),
    wantedAt: number(item.wantedAt),
  };
}

/** The index answers lists of `version`. */
export const isReady = (
  state: IndexState | undefined,
  version: string,
): state is IndexState & { version: string } =>
  state?.version === version && state.status === 'ready';

/** No lease, an expired one, or `owner`'s own. */
export const leaseFree = (owner: string, now: number): Condition => ({
  or: [
    { attrNotExists: 'leaseOwner' },
    { attr: 'leaseUntil', op: '<', value: now },
    { attr: 'leaseOwner', op: '=', value: owner },
  ],
});
export const holding = (owner: string): Condition => ({
  attr: 'leaseOwner',
  op: '=',
  value: owner,
});

/** How far a build of `version` has come, as a 503 reports it. */
export function progressOf(
  state: IndexState | undefined,
  version: string,
  total: number | undefined,
): IndexProgress {
  if (state?.version === version && state.status === 'building')
    return { done: state.done, total: state.total };
  return { done: 0, total: total ?? state?.total ?? 0 };
}
