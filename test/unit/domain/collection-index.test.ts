import { beforeEach, describe, expect, it } from 'vitest';
import { createIndexBuilder } from '../../../shared/content/collection-index/index-builder';
import type { IndexJob } from '../../../shared/ports/index-queue';
import { createIndexMemo } from '../../../shared/content/collection-index/index-memo';
import { createIndexReader } from '../../../shared/content/collection-index/index-reader';
import { createIndexRequests } from '../../../shared/content/collection-index/index-requests';
import { stateOf } from '../../../shared/content/collection-index/index-state';
import { createContentLists } from '../../../shared/content/content-lists';
import { createContentReads } from '../../../shared/content/content-reads';
import { silentLogger } from '../../../shared/logger';
import { createAnswerLimit } from '../../../shared/http/answer-size';
import { keys } from '../../../shared/store/keys';
import { createWorld, forbidNetwork, type World } from './world';

const post = (n: number) => ({
  path: `content/posts/p${String(n).padStart(3, '0')}.md`,
  content: `---\ntitle: Post ${n}\ndate: 2024-01-${String((n % 28) + 1).padStart(2, '0')}\n---\n`,
});
const settings = {
  inlineLimit: 10,
  runBudgetMs: 60_000,
  rateReserve: 100,
  chunking: { boundaryBits: 2, maxEntries: 8, maxBytes: 100_000 },
};

describe('the index builder', () => {
  let world: World;
  let queued: { job: IndexJob; delaySeconds: number }[];
  const job = { repo: 'demo/site', collection: 'posts' };
  const builder = (gitHost = world.gitHost) =>
    createIndexBuilder({
      store: world.store,
      gitHost,
      connections: world.connections,
      cache: world.cache,
      queue: {
        send: async (queuedJob, delaySeconds) => void queued.push({ job: queuedJob, delaySeconds }),
      },
      logger: silentLogger,
      now: () => world.clock.now,
      settings,
    });
  const state = async () =>
    stateOf(await world.store.get(keys.collectionIndex('demo/site', 'posts')));

  beforeEach(async () => {
    forbidNetwork();
    world = await createWorld({ files: Array.from({ length: 40 }, (_, n) => post(n)) });
    queued = [];
  });

  it('builds every segment with the installation token, reading each blob once', async () => {
    expect(await builder().run(job)).toBe('ready');
    expect(await state()).toMatchObject({
      status: 'ready',
      done: 40,
      total: 40,
      leaseOwner: undefined,
    });
    expect(world.calls()).toMatchObject({ installationToken: 1, readDirectory: 1 });
    expect(await builder().run(job)).toBe('current');
  });

  it("reads only the changed segment's blobs after a push, reusing the other segments untouched", async () => {
    await builder().run(job);
    world.push([{ path: post(17).path, content: `${post(17).content}Edited.\n` }]);
    world.resetCalls();
    const read: string[] = [];
    const counting = {
      ...world.gitHost,
      readBlobs: (token: string, repo: World['repo'], oids: readonly string[]) => (
        read.push(...oids),
        world.gitHost.readBlobs(token, repo, oids)
      ),
    };
    expect(await builder(counting).run(job)).toBe('ready');
    expect(read).toEqual([world.oidOf(`${post(17).content}Edited.\n`)]);
  });

  it("stops before GitHub's rate limit runs out, lets the lease go and queues itself for the reset", async () => {
    const resetAt = world.clock.now + 300_000;
    const limited = { ...world.gitHost, rateBudget: () => ({ remaining: 20, resetAt }) };
    expect(await builder(limited).run(job)).toBe('rate-limited');
    expect(await state()).toMatchObject({
      status: 'building',
      done: 0,
      retryAt: resetAt,
      leaseOwner: undefined,
    });
    expect(queued).toEqual([{ job, delaySeconds: 300 }]);
    // A job that comes before then waits again, without asking GitHub.
    world.resetCalls();
    expect(await builder().run(job)).toBe('rate-limited');
    expect(world.calls()).toEqual({});
    world.clock.now = resetAt + 1;
    expect(await builder().run(job)).toBe('ready');
  });

  it('leaves a collection within the inline limit to the lists, and refuses a second builder while the lease is held', async () => {
    world.push(
      Array.from({ length: 35 }, (_, n) => ({ path: post(n + 5).path, delete: true as const })),
    );
    expect(await builder().run(job)).toBe('inline');
    expect(await state()).toMatchObject({ status: 'inline', total: 5 });
    await world.store.update(keys.collectionIndex('demo/site', 'posts'), {
      leaseOwner: 'another',
      leaseUntil: world.clock.now + 1000,
    });
    expect(await builder().run(job)).toBe('busy');
  });
});

describe('an index one of whose chunks is gone', () => {
  it('answers 503 and asks for a build, which writes the chunks again', async () => {
    forbidNetwork();
    const world = await createWorld({ files: Array.from({ length: 40 }, (_, n) => post(n)) });
    const queued: IndexJob[] = [];
    const queue = { send: async (job: IndexJob) => void queued.push(job) };
    const builder = createIndexBuilder({
      store: world.store,
      gitHost: world.gitHost,
      connections: world.connections,
      cache: world.cache,
      queue,
      logger: silentLogger,
      now: () => world.clock.now,
      settings,
    });
    const reads = createContentReads({
      reader: world.reader,
      gitHost: world.gitHost,
      providerAccess: world.providerAccess,
      cache: world.cache,
      inlineLimit: 10,
    });
    /** The lists of a fresh process (a new Lambda container): nothing read from the index is kept yet. */
    const lists = () =>
      createContentLists({
        reads,
        index: createIndexReader({ store: world.store, memo: createIndexMemo() }),
        requests: createIndexRequests({ store: world.store, queue, now: () => world.clock.now }),
        now: () => world.clock.now,
        inlineLimit: 10,
        answers: createAnswerLimit(),
      });
    const list = () =>
      lists().list({
        userId: world.userId,
        fullName: 'demo/site',
        collection: 'posts',
        query: { sort: 'date', limit: 50 },
      });
    await builder.run({ repo: 'demo/site', collection: 'posts' });
    expect((await list()).kind).toBe('items');

    // Half a month later one chunk's summary is gone (expired before the rest, or deleted).
    world.clock.now += 16 * 24 * 60 * 60 * 1000;
    const state = stateOf(await world.store.get(keys.collectionIndex('demo/site', 'posts')))!;
    await world.store.delete(keys.indexSummary(state.chunks[1]!.sid));

    expect(await list()).toMatchObject({ kind: 'building', progress: { done: 0, total: 40 } });
    expect(queued).toEqual([{ repo: 'demo/site', collection: 'posts' }]);
    expect(await builder.run(queued[0]!)).toBe('ready');
    const again = await list();
    expect(again.kind === 'items' && again.items.length).toBe(40);
  });
});

describe("a list's own work", () => {
  it('stops at its budget and answers that the index is being built, never running on', async () => {
    forbidNetwork();
    const world = await createWorld({ files: Array.from({ length: 40 }, (_, n) => post(n)) });
    const queue = { send: async () => undefined };
    await world.store.put({
      ...keys.collectionIndex('demo/site', 'posts'),
      status: 'building',
      version: 'older',
      total: 40,
      done: 0,
    });
    // GitHub takes 11 s to list the directory.
    const slow = {
      ...world.gitHost,
      readDirectory: async (...args: Parameters<World['gitHost']['readDirectory']>) => (
        (world.clock.now += 11_000),
        world.gitHost.readDirectory(...args)
      ),
    };
    const reads = createContentReads({
      reader: world.reader,
      gitHost: slow,
      providerAccess: world.providerAccess,
      cache: world.cache,
      inlineLimit: 10,
    });
    const lists = createContentLists({
      reads,
      index: createIndexReader({ store: world.store, memo: createIndexMemo() }),
      requests: createIndexRequests({ store: world.store, queue, now: () => world.clock.now }),
      now: () => world.clock.now,
      inlineLimit: 10,
      answers: createAnswerLimit(),
    });
    world.resetCalls();
    const answer = await lists.list({
      userId: world.userId,
      fullName: 'demo/site',
      collection: 'posts',
      query: { limit: 5 },
    });
    expect(answer).toMatchObject({ kind: 'building', progress: { done: 0, total: 40 } });
    expect(world.calls().readBlobs).toBeUndefined();
  });
});
