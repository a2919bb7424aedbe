import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  author,
  createGeneratedCollection,
  generatedPost,
  listUrl,
  nextOf,
  postText,
  type GeneratedPost,
} from '../support/generated-collection';
import { startIndexedService } from '../support/indexed-service';
import { sendRaw } from '../support/raw-http';

/**
 * Lists of a collection over the inline limit, answered from its index over real HTTP: pages in
 * path order and sorted, q, the whole array, a tree GitHub cuts short, and what a warm page costs.
 */
let indexed: Awaited<ReturnType<typeof startIndexedService>>;
let repo: string;
let posts: GeneratedPost[];

type Item = { slug: string; path: string; sha: string; frontmatter: Record<string, unknown> };

beforeAll(async () => {
  indexed = await startIndexedService();
  ({ fullName: repo, posts } = await createGeneratedCollection(
    indexed.service,
    indexed.api,
    indexed.demo,
    { name: 'idx-pages', count: 130 },
  ));
  await indexed.service.github.commitFiles('demo', 'idx-pages', {
    branch: 'main',
    message: 'Notes',
    author,
    changes: [{ path: 'content/posts/notes.txt', content: 'Not a post\n' }],
  });
  await indexed.jobs.runAll();
});
afterAll(() => indexed?.service.stop());

/** Every page from `first`, following the Link headers: each page's slugs and X-Total-Count, and whether it had a Link. */
async function walk(first: string) {
  const pages: { slugs: string[]; total: string | null; link: boolean }[] = [];
  for (let next: string | null = first; next !== null;) {
    const response = await indexed.api.get<Item[]>(next, { session: indexed.demo });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    pages.push({
      slugs: response.body.map((item) => item.slug),
      total: response.headers.get('x-total-count'),
      link: response.headers.has('link'),
    });
    next = nextOf(response);
  }
  return pages;
}

const byDate = (order: 'asc' | 'desc') => (list: GeneratedPost[]) => {
  const dated = list
    .filter((post) => post.date !== null)
    .sort((a, b) =>
      a.date! === b.date!
        ? a.path < b.path
          ? -1
          : 1
        : (order === 'asc' ? 1 : -1) * (a.date! < b.date! ? -1 : 1),
    );
  return [...dated, ...list.filter((post) => post.date === null)].map((post) => post.slug);
};

describe('pages from the index', () => {
  it('in path order, every item once, no Link on the last page, the total on each', async () => {
    const pages = await walk(listUrl(repo, { limit: 25 }));
    expect(pages.flatMap((page) => page.slugs)).toEqual(posts.map((post) => post.slug));
    expect(pages.map((page) => page.slugs.length)).toEqual([25, 25, 25, 25, 25, 5]);
    expect(pages.every((page) => page.total === '130')).toBe(true);
    expect(pages.map((page) => page.link)).toEqual([true, true, true, true, true, false]);
  });

  it('sorted by date both ways (no date last either way) and filtered by q on title and slug', async () => {
    for (const order of ['asc', 'desc'] as const) {
      expect(
        (await walk(listUrl(repo, { sort: 'date', order, limit: 40 }))).flatMap(
          (page) => page.slugs,
        ),
        order,
      ).toEqual(byDate(order)(posts));
    }
    const echo = await walk(listUrl(repo, { q: 'ECHO', sort: 'slug', order: 'desc', limit: 7 }));
    const expected = posts
      .filter((post) => post.title.startsWith('Echo'))
      .map((post) => post.slug)
      .reverse();
    expect(echo.flatMap((page) => page.slugs)).toEqual(expected);
    expect(echo[0]!.total).toBe(String(expected.length));
    expect((await walk(listUrl(repo, { q: 'post-012' })))[0]!.slugs).toEqual([
      'post-0120',
      'post-0121',
      'post-0122',
      'post-0123',
      'post-0124',
      'post-0125',
      'post-0126',
      'post-0127',
      'post-0128',
      'post-0129',
    ]);
  });

  it('the whole array, as the spec answers it, equal to the list read without an index', async () => {
    const whole = await indexed.api.get<Item[]>(listUrl(repo), { session: indexed.demo });
    expect(whole.status).toBe(200);
    expect(whole.body.map((item) => item.slug)).toEqual(posts.map((post) => post.slug));
    expect(whole.body[5]!.frontmatter).toEqual({
      title: posts[5]!.title,
      date: posts[5]!.date,
      tags: ['generated', 'n0006'],
    });
    expect(whole.headers.get('x-skipped-files')).toBe('1');
    expect(
      (
        await indexed.api.get(listUrl(repo, { sort: 'date', limit: 5 }), { session: indexed.demo })
      ).headers.get('x-skipped-files'),
    ).toBe('1');
    // The entries that are not items of a collection this large are read with REST trees too.
    const skipped = await indexed.api.get(
      `/api/repos/${encodeURIComponent(repo)}/content/posts/_skipped`,
      { session: indexed.demo },
    );
    expect([skipped.status, skipped.body]).toEqual([
      200,
      [expect.objectContaining({ path: 'content/posts/notes.txt', reason: 'not-markdown' })],
    ]);
  });

  it('continue after the last item shown when a push changed the collection between pages', async () => {
    const first = await indexed.api.get<Item[]>(listUrl(repo, { limit: 30 }), {
      session: indexed.demo,
    });
    const early = generatedPost(0);
    await indexed.service.github.commitFiles('demo', 'idx-pages', {
      branch: 'main',
      message: 'One post before the page, one removed after it',
      author,
      changes: [
        { path: early.path, content: postText(early, 'idx-pages') },
        { path: posts[40]!.path, delete: true },
      ],
    });
    await indexed.jobs.runAll();
    const rest = await walk(nextOf(first)!);
    expect(rest.flatMap((page) => page.slugs)).toEqual(
      posts
        .slice(30)
        .filter((_, n) => n !== 10)
        .map((post) => post.slug),
    );
    expect(rest[0]!.total).toBe('130');
    posts = [early, ...posts.filter((_, n) => n !== 40)];
  });
});

describe('what a warm page costs', () => {
  /** DynamoDB and GitHub requests of one list, after checking it succeeded. */
  async function costOf(path: string) {
    const { service, api, demo } = indexed;
    await service.github.settleWebhooks();
    service.dynamo.resetRequestCount();
    service.github.resetRequestCount();
    const response = await api.get<Item[]>(path, { session: demo });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { dynamo: service.dynamo.requestCount(), github: service.github.requestCount() };
  }

  it('with push webhooks: at most 2 DynamoDB requests and no GitHub request, in path order and sorted', async () => {
    // The first lists record what the next ones trust (the head, the directory's oid, the user's access).
    await costOf(listUrl(repo, { limit: 100 }));
    await costOf(listUrl(repo, { sort: 'date', limit: 100 }));
    expect(await costOf(listUrl(repo, { limit: 100 }))).toEqual({ dynamo: 2, github: 0 });
    const sorted = await costOf(listUrl(repo, { sort: 'date', order: 'desc', limit: 100 }));
    expect(sorted.dynamo).toBeLessThanOrEqual(2);
    expect(sorted.github).toBe(0);
  });

  it("without push webhooks: at most 2 DynamoDB requests and one GitHub request (the config and the directory's oid)", async () => {
    const { service, api, demo, jobs } = indexed;
    service.github.setAppWebhook(null);
    try {
      const { fullName } = await createGeneratedCollection(service, api, demo, {
        name: 'idx-no-webhooks',
        count: 80,
      });
      await jobs.runAll();
      await costOf(listUrl(fullName, { limit: 100 }));
      expect(await costOf(listUrl(fullName, { limit: 100 }))).toEqual({ dynamo: 2, github: 1 });
      expect(service.github.requestLog().map((entry) => entry.graphqlOperation)).toEqual([
        'Snapshot',
      ]);
    } finally {
      service.github.setAppWebhook({
        url: `${service.url}/api/github/webhook`,
        secret: service.githubWebhookSecret,
      });
    }
  });
});

describe('a directory GitHub lists cut short', () => {
  it('is indexed whole: every page bundle is listed', async () => {
    const { service, api, demo, jobs } = indexed;
    service.github.setTreeLimits({ maxEntries: 40, maxBytes: 7 * 1024 * 1024 });
    try {
      const { fullName, posts: bundles } = await createGeneratedCollection(service, api, demo, {
        name: 'idx-bundles',
        count: 75,
        bundles: true,
      });
      await jobs.runAll();
      const whole = await api.get<Item[]>(listUrl(fullName), { session: demo });
      expect(whole.status).toBe(200);
      expect(whole.body.map((item) => item.path)).toEqual(bundles.map((post) => post.path));
      expect(
        service.github.requestLog().some((entry) => entry.graphqlOperation === 'Folders'),
      ).toBe(true);
    } finally {
      service.github.setTreeLimits(null);
    }
  });
});

describe('a whole array over the answer limit', () => {
  it("answers 400 naming limit and cursor from the index's size, without reading a chunk", async () => {
    const { service, api, demo, jobs } = indexed;
    await service.github.createRepository({ owner: 'demo', name: 'idx-huge', installApp: true });
    const config = {
      name: 'Huge',
      collections: {
        posts: {
          label: 'Posts',
          directory: 'content/posts',
          fields: [{ name: 'title', type: 'string', label: 'Title' }],
        },
      },
    };
    const files = Array.from({ length: 60 }, (_, n) => ({
      path: `content/posts/p${String(n).padStart(2, '0')}.md`,
      content: `---\ntitle: P${n}\nbody: ${`${n}`.repeat(1).padEnd(120_000, 'x')}\n---\n`,
    }));
    await service.github.commitFiles('demo', 'idx-huge', {
      branch: 'main',
      message: 'Large posts',
      author,
      changes: [{ path: 'cms.config.json', content: JSON.stringify(config) }, ...files],
    });
    expect(
      (await api.post('/api/repos', { fullName: 'demo/idx-huge' }, { session: demo })).status,
    ).toBe(201);
    await jobs.runAll();
    service.dynamo.resetRequestCount();
    const answer = await sendRaw(service.url, {
      method: 'GET',
      path: listUrl('demo/idx-huge'),
      headers: { cookie: `cms_session=${demo}`, 'accept-encoding': 'identity' },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(
      /^posts has 60 items \(about 7 MB as JSON\), more than one answer can carry \(6 MB\); ask for pages: \?limit=1000, then follow the Link header's rel="next" \(cursor\)$/,
    );
    expect(service.dynamo.requestCount()).toBe(1);
  });
});
