import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseMs, stateOf, wantedEveryMs } from '../../shared/content/collection-index/index-state';
import { keys } from '../../shared/store/keys';
import {
  author,
  createGeneratedCollection,
  generatedPost,
  listUrl,
  postText,
  type GeneratedPost,
} from '../support/generated-collection';
import { startIndexedService } from '../support/indexed-service';

/**
 * The collection index over real HTTP (local gateway, dynalite, the local GitHub host): built in
 * the background segment by segment, a 503 with progress while it is, resumed after a crash,
 * paused by GitHub's rate limit, and rewritten only where a push changed the collection.
 */
let indexed: Awaited<ReturnType<typeof startIndexedService>>;

beforeAll(async () => {
  indexed = await startIndexedService();
});
afterAll(() => indexed?.service.stop());

type Item = { slug: string; frontmatter: Record<string, unknown> };

/** Slugs by date (paths order equal dates), the posts without one last, as the service sorts them. */
const sortedByDate = (posts: GeneratedPost[], order: 'asc' | 'desc' = 'asc') => {
  const dated = posts
    .filter((post) => post.date !== null)
    .sort((a, b) =>
      a.date! === b.date!
        ? a.path < b.path
          ? -1
          : 1
        : (order === 'asc' ? 1 : -1) * (a.date! < b.date! ? -1 : 1),
    );
  return [...dated, ...posts.filter((post) => post.date === null)].map((post) => post.slug);
};

/** A sorted list as the editor asks for it. */
const sorted = (fullName: string, query: Record<string, string | number> = {}) =>
  indexed.api.get<Item[] & { error?: string; progress?: { done: number; total: number } }>(
    listUrl(fullName, { sort: 'date', limit: 200, ...query }),
    { session: indexed.demo },
  );

const stateOfRepo = async (fullName: string) =>
  stateOf(await indexed.table.get(keys.collectionIndex(fullName, 'posts')));

describe('while the index is built', () => {
  it('answers a sorted list 503 with the progress and Retry-After, a page in path order at once, then 200 once built', async () => {
    const { api, demo, jobs } = indexed;
    const { fullName, posts } = await createGeneratedCollection(indexed.service, api, demo, {
      name: 'idx-progress',
      count: 120,
    });
    // Connecting asked for the collection's index; that job is lost here, as a restart would lose it.
    expect(jobs.drop()).toBe(1);

    const cold = await sorted(fullName);
    expect(cold.status).toBe(503);
    expect(cold.body).toEqual({
      error: 'The index of posts is being built (0 of 120 files read); try again in 1 s',
      progress: { done: 0, total: 120 },
    });
    expect(cold.headers.get('retry-after')).toBe('1');
    expect(jobs.delays()).toEqual([0]);
    const page = await api.get<Item[]>(listUrl(fullName, { limit: 10 }), { session: demo });
    expect([
      page.status,
      page.body.map((item) => item.slug),
      page.headers.get('x-total-count'),
    ]).toEqual([200, posts.slice(0, 10).map((post) => post.slug), '120']);

    await jobs.runNext();
    const midway = await sorted(fullName);
    expect(midway.status).toBe(503);
    expect(midway.body.progress!.total).toBe(120);
    expect(midway.body.progress!.done).toBeGreaterThan(0);
    expect(midway.body.progress!.done).toBeLessThan(120);
    expect(midway.body.error).toBe(
      `The index of posts is being built (${midway.body.progress!.done} of 120 files read); try again in 1 s`,
    );

    expect(await jobs.runAll()).toBeGreaterThan(3);
    const built = await sorted(fullName);
    expect(built.status).toBe(200);
    expect(built.body.map((item) => item.slug)).toEqual(sortedByDate(posts));
    expect(built.headers.get('x-total-count')).toBe('120');
    expect(jobs.delays()).toEqual([]);
  });

  it('lists a collection within the inline limit sorted at once, with no build', async () => {
    const { api, demo, jobs } = indexed;
    const { fullName, posts } = await createGeneratedCollection(indexed.service, api, demo, {
      name: 'idx-small',
      count: 40,
    });
    await jobs.runAll();
    expect((await stateOfRepo(fullName))?.status).toBe('inline');
    const answer = await sorted(fullName, { order: 'desc' });
    expect(answer.status).toBe(200);
    expect(answer.body.map((item) => item.slug)).toEqual(sortedByDate(posts, 'desc'));
    expect(jobs.delays()).toEqual([]);
  });
});

describe('a build that stops half-way', () => {
  it('resumes from the last segment it committed when its continuation was lost, after a list asks again', async () => {
    const { api, demo, jobs, service } = indexed;
    const { fullName, posts } = await createGeneratedCollection(service, api, demo, {
      name: 'idx-dropped',
      count: 90,
    });
    jobs.drop();
    expect((await sorted(fullName)).status).toBe(503);
    await jobs.runNext();
    await jobs.runNext();
    const halfway = (await stateOfRepo(fullName))!;
    expect(halfway).toMatchObject({ status: 'building', leaseOwner: undefined });
    expect(halfway.done).toBeGreaterThan(0);
    // The worker is gone, and the job it queued with it.
    expect(jobs.drop()).toBe(1);

    // A list within the minute does not ask again; after it, it does, and the build picks up where it was.
    expect((await sorted(fullName)).body.progress).toEqual({ done: halfway.done, total: 90 });
    expect(jobs.delays()).toEqual([]);
    service.advanceClock(wantedEveryMs + 1000);
    expect((await sorted(fullName)).status).toBe(503);
    expect(jobs.delays()).toEqual([0]);
    await jobs.runAll();
    const done = (await stateOfRepo(fullName))!;
    expect(done.status).toBe('ready');
    // The chunks written before the crash were kept, not written again.
    expect(done.chunks.slice(0, halfway.chunks.length)).toEqual(halfway.chunks);
    expect((await sorted(fullName)).body.map((item) => item.slug)).toEqual(sortedByDate(posts));
  });

  it('waits for the lease of a builder that died holding it to expire, then resumes', async () => {
    const { api, demo, jobs, service, table } = indexed;
    const { fullName, posts } = await createGeneratedCollection(service, api, demo, {
      name: 'idx-crashed',
      count: 70,
    });
    jobs.drop();
    expect((await sorted(fullName)).status).toBe(503);
    await jobs.runNext();
    jobs.drop();
    // The process died inside its next segment, holding the lease.
    await table.update(keys.collectionIndex(fullName, 'posts'), {
      leaseOwner: 'a builder that died',
      leaseUntil: service.now() + leaseMs,
    });
    service.advanceClock(wantedEveryMs + 1000);
    expect((await sorted(fullName)).status).toBe(503);
    expect(jobs.delays()).toEqual([]);
    service.advanceClock(leaseMs);
    expect((await sorted(fullName)).status).toBe(503);
    expect(jobs.delays()).toEqual([0]);
    await jobs.runAll();
    expect((await sorted(fullName)).body.map((item) => item.slug)).toEqual(sortedByDate(posts));
  });
});

describe("GitHub's rate limit", () => {
  it('pauses a build until GitHub says, and the build resumes then', async () => {
    const { api, demo, jobs, service } = indexed;
    const { fullName, posts } = await createGeneratedCollection(service, api, demo, {
      name: 'idx-limited',
      count: 60,
    });
    jobs.drop();
    expect((await sorted(fullName)).status).toBe(503);
    service.github.injectFaults(
      { count: 1, kind: 'secondary-rate-limit', retryAfterSeconds: 120 },
      { pathPrefix: '/api/graphql' },
    );
    await jobs.runNext();
    const paused = (await stateOfRepo(fullName))!;
    expect(paused.retryAt).toBeGreaterThan(service.now() + 115_000);
    expect(paused.retryAt).toBeLessThanOrEqual(service.now() + 120_000);
    expect(jobs.delays()).toEqual([120_000]);
    const waiting = await sorted(fullName);
    expect(waiting.status).toBe(503);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(119);
    expect(jobs.delays()).toEqual([120_000]);

    service.advanceClock(121_000);
    await jobs.runAll();
    expect((await sorted(fullName)).body.map((item) => item.slug)).toEqual(sortedByDate(posts));
  });
});

describe('a push into the collection', () => {
  it('rebuilds the index writing only the chunk that changed, and the list shows the change', async () => {
    const { api, demo, jobs, service, keysOf } = indexed;
    const { fullName, posts } = await createGeneratedCollection(service, api, demo, {
      name: 'idx-push',
      count: 100,
    });
    await jobs.runAll();
    expect((await sorted(fullName)).status).toBe(200);
    const [chunks, summaries] = [await keysOf('IDXC#'), await keysOf('IDXS#')];
    const before = (await stateOfRepo(fullName))!;
    expect(before.chunks.length).toBeGreaterThan(5);

    const edited = { ...posts[41]!, title: 'Edited on GitHub' };
    await service.github.commitFiles('demo', 'idx-push', {
      branch: 'main',
      message: 'Edit one post',
      author,
      changes: [{ path: edited.path, content: postText(edited, 'idx-push') }],
    });
    expect(jobs.delays()).toEqual([0]);
    await jobs.runAll();

    const after = (await stateOfRepo(fullName))!;
    expect(after.status).toBe('ready');
    const added = [...(await keysOf('IDXC#'))].filter((key) => !chunks.has(key));
    const addedSummaries = [...(await keysOf('IDXS#'))].filter((key) => !summaries.has(key));
    expect([added.length, addedSummaries.length]).toEqual([1, 1]);
    expect(
      after.chunks.filter((ref) => !before.chunks.some((old) => old.id === ref.id)),
    ).toHaveLength(1);
    const found = await api.get<Item[]>(listUrl(fullName, { q: 'edited on github' }), {
      session: demo,
    });
    expect([found.status, found.body.map((item) => item.slug)]).toEqual([200, [edited.slug]]);

    // A new file moves every later item one place: chunk boundaries follow the paths, not the
    // positions, so only its own segment changes (two chunks if its path starts a new segment).
    const [chunksBefore, inserted] = [
      await keysOf('IDXC#'),
      {
        ...generatedPost(3),
        slug: 'post-0003a',
        path: 'content/posts/post-0003a.md',
        title: 'Inserted',
      },
    ];
    await service.github.commitFiles('demo', 'idx-push', {
      branch: 'main',
      message: 'Add one post',
      author,
      changes: [{ path: inserted.path, content: postText(inserted, 'idx-push') }],
    });
    await jobs.runAll();
    const insertedChunks = [...(await keysOf('IDXC#'))].filter((key) => !chunksBefore.has(key));
    expect(insertedChunks.length).toBeGreaterThanOrEqual(1);
    expect(insertedChunks.length).toBeLessThanOrEqual(2);
    expect(
      (await api.get<Item[]>(listUrl(fullName, { limit: 5 }), { session: demo })).body.map(
        (item) => item.slug,
      ),
    ).toEqual(['post-0001', 'post-0002', 'post-0003', 'post-0003a', 'post-0004']);
  });

  it('a push outside every collection queues nothing; one changing the config queues every indexed collection', async () => {
    const { jobs, service } = indexed;
    await service.github.commitFiles('demo', 'idx-push', {
      branch: 'main',
      message: 'Read me',
      author,
      changes: [{ path: 'README.md', content: '# Posts\n' }],
    });
    expect(jobs.delays()).toEqual([]);
    const config = (
      await indexed.api.get('/api/repos/demo%2Fidx-push/config', { session: indexed.demo })
    ).body as { name: string };
    await service.github.commitFiles('demo', 'idx-push', {
      branch: 'main',
      message: 'Rename the site',
      author,
      changes: [
        { path: 'cms.config.json', content: JSON.stringify({ ...config, name: 'Renamed' }) },
      ],
    });
    expect(jobs.delays()).toEqual([0]);
    await jobs.runAll();
    await service.github.commitFiles('demo', 'idx-push', {
      branch: 'main',
      message: 'A post',
      author,
      changes: [
        { path: generatedPost(500).path, content: postText(generatedPost(500), 'idx-push') },
      ],
    });
    expect(jobs.delays()).toEqual([0]);
    await jobs.runAll();
  });
});
