import { randomBytes } from 'node:crypto';
import { ProviderRateLimitError } from '../../errors';
import type { GitHost } from '../../ports/git-host';
import type { Logger } from '../../logger';
import type { Connections } from '../../repos/connections';
import { keys } from '../../store/keys';
import { ConditionFailedError, nowSeconds, type Store } from '../../ports/store';
import { treeDepthOf } from '../item-path';
import { listFiles, type ListedFile } from '../item-listing';
import { comparatorOf, sortableFieldsOf } from '../list-order';
import type { ParsedCache } from '../parsed-file';
import { repoId } from '../repo-reader';
import { segmentsOf, type Segment } from './index-chunks';
import { indexSettingsOf, type IndexSettings } from './index-settings';
import type { IndexJob, IndexQueue } from '../../ports/index-queue';
import {
  holding,
  indexTtlSeconds,
  leaseFree,
  leaseMs,
  refsJson,
  stateOf,
  type ChunkRef,
  type IndexState,
} from './index-state';
import { readTarget, type IndexTarget } from './index-target';
import { writeSegment, refreshChunks } from './index-writes';

export interface IndexBuilderDeps {
  store: Store;
  gitHost: Pick<
    GitHost,
    'installationToken' | 'snapshot' | 'readDirectory' | 'readBlobs' | 'rateBudget'
  >;
  connections: Pick<Connections, 'get'>;
  cache: ParsedCache;
  queue: IndexQueue;
  logger: Logger;
  now: () => number;
  settings?: Partial<IndexSettings>;
}

/** What a run did (logged; tests read it). */
export type RunOutcome =
  'ready' | 'inline' | 'current' | 'continued' | 'rate-limited' | 'busy' | 'gone';

class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/**
 * The worker that builds a collection's index (index-state.ts), one job at a time, resumable:
 * - takes the lease on the state item (a conditional update), so one builder works at a time;
 * - reads the collection's config and directory oid (one GraphQL query), then the directory whole
 *   (GitHost.readDirectory) with the app's installation token;
 * - a collection of at most `inlineLimit` items is marked `inline` (lists read it themselves);
 * - otherwise, segment by segment from `done` (index-chunks.ts): an unchanged segment reuses the
 *   previous index's chunks without reading anything; a new one reads its frontmatter from the
 *   parsed cache, the missing blobs from GitHub (100 per query), writes its chunks and their
 *   summaries, then advances `done` and `chunks` in one update that checks the lease. A crash
 *   loses at most the segment in hand; the next run resumes from `done`;
 * - after `runBudgetMs` it queues its own continuation; near GitHub's rate limit, or when GitHub
 *   answers one, it records `retryAt`, lets the lease go and queues itself for then.
 */
export function createIndexBuilder(deps: IndexBuilderDeps) {
  const settings: IndexSettings = indexSettingsOf(deps.settings);
  const { store, now } = deps;

  async function run(job: IndexJob): Promise<RunOutcome> {
    const connection = await deps.connections.get(job.repo);
    if (!connection) return 'gone';
    const key = keys.collectionIndex(connection.fullName, job.collection);
    const owner = randomBytes(9).toString('base64url');
    const started = now();
    let state: IndexState;
    try {
      state = stateOf(
        await store.update(
          key,
          { leaseOwner: owner, leaseUntil: started + leaseMs },
          leaseFree(owner, started),
        ),
      )!;
    } catch (error) {
      if (error instanceof ConditionFailedError) return 'busy';
      throw error;
    }
    const release = (set: Record<string, unknown> = {}) =>
      store.update(key, { ...set, leaseOwner: undefined, leaseUntil: undefined }, holding(owner));
    const pause = async (until: number) => {
      await release({ retryAt: until });
      await deps.queue.send(job, Math.max(1, Math.ceil((until - now()) / 1000)));
      return 'rate-limited' as const;
    };
    try {
      if (state.retryAt !== undefined && state.retryAt > started) return await pause(state.retryAt);
      const token = await deps.gitHost.installationToken(repoId(connection.fullName));
      const target = token
        ? await readTarget({ gitHost: deps.gitHost, token, connection, name: job.collection })
        : null;
      if (!token || !target) {
        await release();
        return 'gone';
      }
      if (state.version === target.version && state.status === 'inline') {
        await release();
        return 'current';
      }
      if (state.version === target.version && state.status === 'ready') {
        if (await refreshChunks({ store, now, key, owner, state })) {
          await release();
          return 'current';
        }
        state = { ...state, status: undefined };
      }
      const { files, skipped } = await filesOf(token, connection.fullName, target);
      if (files.length <= settings.inlineLimit) {
        await release({
          version: target.version,
          status: 'inline',
          configOid: target.configOid,
          done: files.length,
          total: files.length,
          skipped,
          chunksJson: undefined,
          previousJson: undefined,
          bytes: undefined,
          retryAt: undefined,
          ttl: nowSeconds(now()) + indexTtlSeconds,
        });
        return 'inline';
      }
      if (state.version !== target.version || state.status !== 'building')
        state = await begin({
          key,
          owner,
          state,
          target,
          counts: { total: files.length, skipped },
        });
      return await build({
        job,
        key,
        owner,
        token,
        repo: connection.fullName,
        target,
        files,
        state,
        started,
        pause,
        release,
      });
    } catch (error) {
      if (error instanceof LeaseLostError) return 'busy';
      if (error instanceof ProviderRateLimitError)
        return await pause(now() + error.retryAfterSeconds * 1000);
      await release().catch(() => undefined);
      throw error;
    }
  }

  /** The directory's items in path order, read whole at the target's tree, and how many entries are not items. */
  async function filesOf(
    token: string,
    fullName: string,
    target: IndexTarget,
  ): Promise<{ files: ListedFile[]; skipped: number }> {
    if (target.treeOid === null) return { files: [], skipped: 0 };
    const read = await deps.gitHost.readDirectory(token, repoId(fullName), {
      path: target.collection.directory,
      treeOid: target.treeOid,
      depth: treeDepthOf(target.collection),
    });
    const listed = listFiles(target.collection, read?.entries ?? []);
    const inOrder = comparatorOf({ kind: 'path', order: 'asc' });
    return {
      files: [...listed.files].sort((a, b) =>
        inOrder({ path: a.path, value: null }, { path: b.path, value: null }),
      ),
      skipped: listed.skipped.length,
    };
  }

  /** A new build of the target: the last index's chunks (same config) become the pool it reuses from. */
  async function begin({
    key,
    owner,
    state,
    target,
    counts,
  }: {
    key: ReturnType<typeof keys.collectionIndex>;
    owner: string;
    state: IndexState;
    target: IndexTarget;
    counts: { total: number; skipped: number };
  }): Promise<IndexState> {
    const sameConfig = state.configOid === target.configOid;
    const pool = sameConfig ? dedupe([...state.chunks, ...state.previous]) : [];
    const item = await store
      .update(
        key,
        {
          version: target.version,
          status: 'building',
          configOid: target.configOid,
          done: 0,
          total: counts.total,
          skipped: counts.skipped,
          chunksJson: refsJson([]),
          previousJson: refsJson(pool),
          bytes: 0,
          retryAt: undefined,
          ttl: nowSeconds(now()) + indexTtlSeconds,
        },
        holding(owner),
      )
      .catch(lost);
    return stateOf(item)!;
  }

  async function build(input: {
    job: IndexJob;
    key: ReturnType<typeof keys.collectionIndex>;
    owner: string;
    token: string;
    repo: string;
    target: IndexTarget;
    files: ListedFile[];
    state: IndexState;
    started: number;
    pause: (until: number) => Promise<'rate-limited'>;
    release: (set?: Record<string, unknown>) => Promise<unknown>;
  }): Promise<RunOutcome> {
    const { key, owner, token, files, target } = input;
    let state = input.state;
    const segments = segmentsOf(files, settings.chunking);
    let at = segments.findIndex((segment) => segment.start === state.done);
    if (at === -1 && state.done === files.length) at = segments.length;
    if (at === -1) {
      state = await begin({
        key,
        owner,
        state,
        target,
        counts: {
          total: files.length,
          skipped: state.skipped,
        },
      });
      at = 0;
    }
    const fields = sortableFieldsOf(target.collection);
    for (; at < segments.length; at += 1) {
      const segment = segments[at]!;
      const reused = reusable(state.previous, segment);
      const budget = reused ? undefined : deps.gitHost.rateBudget?.(token);
      if (budget && budget.remaining < settings.rateReserve)
        return await input.pause(budget.resetAt);
      const refs =
        reused ??
        (await writeSegment({
          store,
          cache: deps.cache,
          gitHost: deps.gitHost,
          token,
          repo: input.repo,
          files: files.slice(segment.start, segment.end),
          key: segment.key,
          fields,
          settings: settings.chunking,
          now,
          known: state.previous,
        }));
      state = await commit({ key, owner, state, segment, refs });
      // Each run commits one segment at least, however small its budget.
      if (at + 1 < segments.length && now() - input.started > settings.runBudgetMs) {
        await input.release();
        await deps.queue.send(input.job, 0);
        return 'continued';
      }
    }
    await store
      .update(
        key,
        {
          status: 'ready',
          previousJson: undefined,
          leaseOwner: undefined,
          leaseUntil: undefined,
          retryAt: undefined,
          ttl: nowSeconds(now()) + indexTtlSeconds,
        },
        holding(owner),
      )
      .catch(lost);
    deps.logger.info('Collection index built', {
      repo: input.repo,
      collection: input.job.collection,
      items: files.length,
      chunks: state.chunks.length,
    });
    return 'ready';
  }

  /** The segment's chunks in the pool, when the same items were chunked within the last 15 days. */
  function reusable(pool: readonly ChunkRef[], segment: Segment): ChunkRef[] | undefined {
    const first = pool.findIndex((ref) => ref.key === segment.key);
    if (first === -1) return undefined;
    const refs: ChunkRef[] = [];
    for (let at = first; at < pool.length && pool[at]!.key === segment.key; at += 1)
      refs.push(pool[at]!);
    const fresh = refs.every((ref) => ref.at > nowSeconds(now()) - 15 * 24 * 60 * 60);
    return fresh && refs.reduce((sum, ref) => sum + ref.count, 0) === segment.end - segment.start
      ? refs
      : undefined;
  }

  /** The segment's chunks join the index; the lease is renewed with it. */
  async function commit({
    key,
    owner,
    state,
    segment,
    refs,
  }: {
    key: ReturnType<typeof keys.collectionIndex>;
    owner: string;
    state: IndexState;
    segment: Segment;
    refs: ChunkRef[];
  }): Promise<IndexState> {
    const chunks = [...state.chunks, ...refs];
    const added =
      refs.reduce((sum, ref) => sum + ref.bytes, 0) +
      (state.chunks.length === 0 ? 2 : 1) +
      Math.max(refs.length - 1, 0);
    const item = await store
      .update(
        key,
        {
          done: segment.end,
          chunksJson: refsJson(chunks),
          bytes: state.bytes + added,
          leaseUntil: now() + leaseMs,
        },
        holding(owner),
      )
      .catch(lost);
    return stateOf(item)!;
  }

  return { run, settings };
}

const lost = (error: unknown): never => {
  throw error instanceof ConditionFailedError
    ? new LeaseLostError('Another builder took the lease', { cause: error })
    : error;
};

const dedupe = (refs: readonly ChunkRef[]) => [
  ...new Map(refs.map((ref) => [`${ref.key}:${ref.id}`, ref])).values(),
];

export type IndexBuilder = ReturnType<typeof createIndexBuilder>;
