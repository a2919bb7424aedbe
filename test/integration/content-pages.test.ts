import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../infra/local/runtime';
import type { ApiClient } from '../support/api-client';
import {
  author,
  createGeneratedCollection,
  generatedPost,
  listUrl,
  nextOf,
  postText,
  type GeneratedPost,
} from '../support/generated-collection';
import type { TestService } from '../support/local-service';
import { sendRaw } from '../support/raw-http';
import { signedInService } from '../support/signed-in';

/**
 * Paged lists over real HTTP (an addition to the spec): a collection small enough to be listed
 * inline (no index), paged in path order, sorted, filtered, with its Link and X-Total-Count headers.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
let repo: string;
let posts: GeneratedPost[];

type Item = { slug: string; path: string; sha: string; frontmatter: Record<string, unknown> };

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  ({ fullName: repo, posts } = await createGeneratedCollection(service, api, demo, {
    name: 'paged',
    count: 30,
  }));
});
afterAll(() => service?.stop());

/** Every page from `first`, following the Link headers; each page's slugs and headers. */
async function walk(first: string) {
  const pages: { slugs: string[]; total: string | null; link: string | null }[] = [];
  for (let next: string | null = first; next !== null;) {
    const response = await api.get<Item[]>(next, { session: demo });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    pages.push({
      slugs: response.body.map((item) => item.slug),
      total: response.headers.get('x-total-count'),
      link: response.headers.get('link'),
    });
    next = nextOf(response);
  }
  return pages;
}

const byDate = (order: 'asc' | 'desc') => (a: GeneratedPost, b: GeneratedPost) => {
  if (a.date === null || b.date === null)
    return a.date === b.date ? (a.path < b.path ? -1 : 1) : a.date === null ? 1 : -1;
  return a.date === b.date
    ? a.path < b.path
      ? -1
      : 1
    : (order === 'asc' ? 1 : -1) * (a.date < b.date ? -1 : 1);
};

describe('a list without paging parameters', () => {
  it('answers the whole array in path order, as the spec says, without the paging headers', async () => {
    const response = await api.get<Item[]>(listUrl(repo), { session: demo });
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item.slug)).toEqual(posts.map((post) => post.slug));
    expect(response.body[0]!.frontmatter).toMatchObject({
      title: posts[0]!.title,
      date: posts[0]!.date,
    });
    expect(response.headers.get('link')).toBeNull();
    expect(response.headers.get('x-total-count')).toBeNull();
  });
});

describe('pages in path order', () => {
  it('yields every item once, in order, following rel="next" on the service origin until the last page, which has none', async () => {
    const pages = await walk(listUrl(repo, { limit: 7 }));
    expect(pages.map((page) => page.slugs.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.flatMap((page) => page.slugs)).toEqual(posts.map((post) => post.slug));
    expect(pages.every((page) => page.total === '30')).toBe(true);
    expect(pages.at(-1)!.link).toBeNull();
    expect(pages[0]!.link).toMatch(
      new RegExp(
        `^<${service.url}/api/repos/demo%2Fpaged/content/posts\\?limit=7&cursor=[A-Za-z0-9_-]+>; rel="next"$`,
      ),
    );
  });

  it('defaults to 100 items a page once any paging parameter is given', async () => {
    const response = await api.get<Item[]>(listUrl(repo, { order: 'asc' }), { session: demo });
    expect(response.body).toHaveLength(30);
    expect(response.headers.get('x-total-count')).toBe('30');
    expect(response.headers.get('link')).toBeNull();
  });

  it("reads only the page's files: the frontmatter cache holds just those blobs afterwards", async () => {
    const { fullName } = await createGeneratedCollection(service, api, demo, {
      name: 'paged-cold',
      count: 25,
    });
    const page = await api.get<Item[]>(listUrl(fullName, { limit: 4 }), { session: demo });
    expect(page.body).toHaveLength(4);
    const cached = new Set(
      ((await service.dynamo.doc.send(new ScanCommand({ TableName: tableName }))).Items ?? [])
        .filter((item) => String(item.pk).startsWith('BLOB#'))
        .map((item) => String(item.pk).slice(5)),
    );
    const whole = await api.get<Item[]>(listUrl(fullName), { session: demo });
    expect(whole.body.filter((item) => cached.has(item.sha)).map((item) => item.slug)).toEqual(
      page.body.map((item) => item.slug),
    );
  });

  it('continues after the last item shown when the collection changed between pages: nothing repeated, nothing skipped', async () => {
    const { fullName, posts: before } = await createGeneratedCollection(service, api, demo, {
      name: 'paged-moving',
      count: 12,
    });
    const first = await api.get<Item[]>(listUrl(fullName, { limit: 5 }), { session: demo });
    expect(first.body.map((item) => item.slug)).toEqual(
      before.slice(0, 5).map((post) => post.slug),
    );
    const early = generatedPost(0);
    await service.github.commitFiles('demo', 'paged-moving', {
      branch: 'main',
      message: 'One post before the page, one removed after it',
      author,
      changes: [
        { path: early.path, content: postText(early, 'paged-moving') },
        { path: before[8]!.path, delete: true },
      ],
    });
    const rest = await walk(nextOf(first)!);
    expect(rest.flatMap((page) => page.slugs)).toEqual(
      before
        .slice(5)
        .filter((_, n) => n !== 3)
        .map((post) => post.slug),
    );
  });
});

describe('sorted and filtered pages', () => {
  it('sorts by a date field both ways, items without a date last either way, equal dates in path order', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const pages = await walk(listUrl(repo, { sort: 'date', order, limit: 8 }));
      expect(
        pages.flatMap((page) => page.slugs),
        order,
      ).toEqual([...posts].sort(byDate(order)).map((post) => post.slug));
      expect(pages.flatMap((page) => page.slugs).slice(-4)).toEqual([
        'post-0007',
        'post-0014',
        'post-0021',
        'post-0028',
      ]);
    }
  });

  it('sorts by slug and by a string field case-insensitively', async () => {
    const bySlug = await walk(listUrl(repo, { sort: 'slug', order: 'desc', limit: 30 }));
    expect(bySlug[0]!.slugs).toEqual(posts.map((post) => post.slug).reverse());
    const byTitle = await walk(listUrl(repo, { sort: 'title', limit: 30 }));
    const titles = [...posts].sort((a, b) =>
      a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1,
    );
    expect(byTitle[0]!.slugs).toEqual(titles.map((post) => post.slug));
  });

  it('keeps the items whose title or slug holds q, case-insensitively, and counts them in X-Total-Count', async () => {
    const bravo = await walk(listUrl(repo, { q: 'bRaVo', limit: 4 }));
    const expected = posts
      .filter((post) => post.title.startsWith('Bravo'))
      .map((post) => post.slug);
    expect(bravo.flatMap((page) => page.slugs)).toEqual(expected);
    expect(bravo.every((page) => page.total === String(expected.length))).toBe(true);
    const bySlug = await walk(listUrl(repo, { q: 'POST-001' }));
    expect(bySlug[0]!.slugs).toEqual([
      'post-0010',
      'post-0011',
      'post-0012',
      'post-0013',
      'post-0014',
      'post-0015',
      'post-0016',
      'post-0017',
      'post-0018',
      'post-0019',
    ]);
    const none = await api.get<Item[]>(listUrl(repo, { q: 'nothing like this' }), {
      session: demo,
    });
    expect([
      none.status,
      none.body,
      none.headers.get('x-total-count'),
      none.headers.get('link'),
    ]).toEqual([200, [], '0', null]);
  });
});

describe('bad paging input', () => {
  it('answers 400 naming what is wrong, for each parameter', async () => {
    const cursor = nextOf(await api.get(listUrl(repo, { limit: 5 }), { session: demo }))!.split(
      'cursor=',
    )[1]!;
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ limit: 0 }, /^query\.limit: must be an integer from 1 to 1000$/],
      [{ limit: 1001 }, /^query\.limit: must be an integer from 1 to 1000$/],
      [{ limit: 'ten' }, /^query\.limit: /],
      [{ limit: 2.5 }, /^query\.limit: must be an integer from 1 to 1000$/],
      [
        { sort: 'tags' },
        /^sort: posts cannot be sorted by "tags"; use path, slug, title, date \(a date, datetime or string field\)$/,
      ],
      [{ sort: 'no such field' }, /^query\.sort: /],
      [{ order: 'up' }, /^query\.order: must be "asc" or "desc"$/],
      [{ q: 'x'.repeat(201) }, /^query\.q: must be 1 to 200 characters$/],
      [{ cursor: 'not-a-cursor' }, /^cursor: is not a cursor this list gave/],
      [{ cursor: '$$$' }, /^query\.cursor: is not a cursor this list gave/],
      [{ cursor, sort: 'date' }, /^cursor: was made for another list/],
      [{ cursor, limit: 5, q: 'alpha' }, /^cursor: was made for another list/],
    ];
    for (const [query, message] of cases) {
      const response = await api.get(listUrl(repo, query), { session: demo });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error, JSON.stringify(query)).toMatch(message);
    }
  });
});

describe('a whole array larger than one answer', () => {
  /** A list as a client that accepts `encoding` sees it (the body decoded as the answer says). */
  async function wholeList(fullName: string, encoding: string) {
    const answer = await sendRaw(service.url, {
      method: 'GET',
      path: listUrl(fullName),
      headers: { cookie: `cms_session=${demo}`, 'accept-encoding': encoding },
    });
    const coding = answer.headers['content-encoding'];
    const text =
      coding === undefined
        ? answer.text
        : (coding === 'br'
            ? brotliDecompressSync(answer.bytes)
            : gunzipSync(answer.bytes)
          ).toString('utf8');
    return { status: answer.status, body: JSON.parse(text) as { error?: string } | Item[] };
  }

  /** 60 posts, each with a description of about 110 KB: 6.6 MB of JSON in all. */
  async function bulky(name: string, description: (n: number) => string) {
    await service.github.createRepository({ owner: 'demo', name, installApp: true });
    const files = Array.from({ length: 60 }, (_, n) => ({
      path: `content/posts/p${n}.md`,
      content: `---\ntitle: P${n}\ndescription: ${description(n)}\n---\n`,
    }));
    const config = {
      name,
      collections: {
        posts: {
          label: 'Posts',
          directory: 'content/posts',
          fields: [{ name: 'title', type: 'string', label: 'Title' }],
        },
      },
    };
    await service.github.commitFiles('demo', name, {
      branch: 'main',
      message: 'Bulky posts',
      author,
      changes: [{ path: 'cms.config.json', content: JSON.stringify(config) }, ...files],
    });
    expect(
      (await api.post('/api/repos', { fullName: `demo/${name}` }, { session: demo })).status,
    ).toBe(201);
    return `demo/${name}`;
  }

  it('answers 400 naming limit and cursor when it cannot fit even compressed, never a gateway error', async () => {
    const fullName = await bulky('bulky-random', () => randomBytes(82_000).toString('base64'));
    for (const encoding of ['identity', 'br', 'gzip']) {
      const answer = await wholeList(fullName, encoding);
      expect(answer.status, encoding).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(
        /^posts has 60 items \(about 7 MB as JSON\), more than one answer can carry \(6 MB\); ask for pages: \?limit=1000, then follow the Link header's rel="next" \(cursor\)$/,
      );
    }
    const paged = await api.get<Item[]>(listUrl(fullName, { limit: 20 }), { session: demo });
    expect([paged.status, paged.body.length, paged.headers.get('x-total-count')]).toEqual([
      200,
      20,
      '60',
    ]);
  });

  it('answers the whole array when it fits compressed as the client accepts, and 400 to a client that accepts no compression', async () => {
    const fullName = await bulky(
      'bulky-plain',
      (n) => `${'All work and no play. '.repeat(5000)}${n}`,
    );
    const compressed = await wholeList(fullName, 'gzip;q=0.5, br');
    expect(compressed.status).toBe(200);
    expect(compressed.body).toHaveLength(60);
    expect((await wholeList(fullName, 'identity')).status).toBe(400);
    expect((await wholeList(fullName, 'br;q=0, gzip;q=0')).status).toBe(400);
  });
});
