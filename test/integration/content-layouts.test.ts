import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { pushFiles, revParse } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Layouts of real sites over HTTP: Hugo page bundles (`{slug}/index.md`), `.mdx` files, and
 * files named as sites name them (`About-Us.md`, `_index.md`, `My Post.md`), served under encoded
 * slugs. Every entry the list leaves out is counted in `X-Skipped-Files` and explained at `_skipped`.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/hugo';
const base = '/api/repos/demo%2Fhugo';
const fields = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'draft', type: 'boolean', label: 'Draft' },
];
const config = {
  name: 'Hugo site',
  collections: {
    posts: { label: 'Posts', directory: 'content/posts', path: '{slug}/index.md', fields },
    pages: { label: 'Pages', directory: 'content/pages', fields },
    guides: { label: 'Guides', directory: 'content/guides', path: '{slug}.mdx', fields },
  },
};
const page = (title: string, body = 'Body.') =>
  `---\ntitle: ${title}\ndraft: false\n---\n\n${body}\n`;
const longName = `${'É'.repeat(40)}.md`;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'hugo', installApp: true });
  await service.github.commitFiles('demo', 'hugo', {
    branch: 'main',
    message: 'Config',
    author: { name: 'Site', email: 'site@example.com' },
    changes: [{ path: 'cms.config.json', content: JSON.stringify(config) }],
  });
  await pushFiles(service, repo, 'main', {
    'content/posts/_index.md': page('All posts'),
    'content/posts/first-post/index.md': page('First post', 'Hello from a bundle.'),
    'content/posts/first-post/cover.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]),
    'content/posts/My Trip/index.md': page('My trip'),
    'content/posts/empty/readme.txt': 'no index here',
    'content/pages/About-Us.md': page('About us'),
    'content/pages/_index.md': page('Home'),
    'content/pages/hello.md': page('Hello'),
    'content/pages/notes.txt': 'not markdown',
    'content/pages/intro.mdx': page('Intro in MDX'),
    'content/pages/old/archived.md': page('Archived'),
    [`content/pages/${longName}`]: page('Long'),
    'content/guides/start.mdx': page('Getting started', '<Callout>MDX body</Callout>'),
  });
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

const get = async (collection: string, slug: string, branch?: string) => {
  const response = await api.get(
    `${base}/content/${collection}/${slug}${branch ? `?branch=${branch}` : ''}`,
    { session: demo },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const put = (collection: string, slug: string, body: unknown) =>
  api.put(`${base}/content/${collection}/${slug}`, body, { session: demo });
const mainFile = (path: string) => gitShow(service.github, repo, `main:${path}`);

describe('page bundles ({slug}/index.md)', () => {
  it('lists one item per folder holding index.md, under its folder name', async () => {
    const response = await api.get(`${base}/content/posts`, { session: demo });
    expect(response.status).toBe(200);
    expect(
      response.body.map((item: { slug: string; path: string }) => [item.slug, item.path]),
    ).toEqual([
      ['__4dy_20_54rip', 'content/posts/My Trip/index.md'],
      ['first-post', 'content/posts/first-post/index.md'],
    ]);
    expect(response.body[1].frontmatter).toEqual({ title: 'First post', draft: false });
    expect(response.headers.get('x-skipped-files')).toBe('2');
    const skipped = await api.get(`${base}/content/posts/_skipped`, { session: demo });
    expect(skipped.body).toEqual([
      {
        path: 'content/posts/_index.md',
        reason: 'not-a-bundle',
        message: 'a file directly in content/posts; this collection\'s items are "{slug}/index.md"',
      },
      {
        path: 'content/posts/empty',
        reason: 'not-a-bundle',
        message: 'a folder without index.md; this collection\'s items are "{slug}/index.md"',
      },
    ]);
  });

  it("opens and saves a bundle's index.md, leaving the rest of the bundle alone", async () => {
    const cover = revParse(service, repo, 'main:content/posts/first-post/cover.png');
    const item = await get('posts', 'first-post');
    expect(item).toMatchObject({
      slug: 'first-post',
      path: 'content/posts/first-post/index.md',
      body: '\nHello from a bundle.\n',
    });
    const saved = await put('posts', 'first-post', {
      frontmatter: { ...item.frontmatter, title: 'First post, edited' },
      body: item.body,
      sha: item.sha,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.path).toBe('content/posts/first-post/index.md');
    expect(mainFile('content/posts/first-post/index.md')).toContain('title: First post, edited\n');
    expect(revParse(service, repo, 'main:content/posts/first-post/cover.png')).toBe(cover);
  });

  it('creates a new bundle under a strict slug', async () => {
    const created = await put('posts', 'second-post', {
      frontmatter: { title: 'Second' },
      body: 'New.\n',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.path).toBe('content/posts/second-post/index.md');
    expect(mainFile('content/posts/second-post/index.md')).toContain('title: Second\n');
  });

  it('saves a draft, diffs it and merges it like any other draft', async () => {
    const item = await get('posts', 'first-post');
    const saved = await put('posts', 'first-post', {
      frontmatter: { ...item.frontmatter, draft: true },
      body: 'Drafted body.\n',
      sha: item.sha,
      mode: 'branch',
    });
    expect(saved.body).toEqual({
      sha: expect.any(String),
      path: 'content/posts/first-post/index.md',
      branch: 'cms/posts/first-post',
    });
    const opened = await api.post(
      `${base}/pulls`,
      { branch: 'cms/posts/first-post', title: 'Draft a bundle' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const number = opened.body.number as number;
    expect(
      (await api.get(`${base}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const diff = (await api.get(`${base}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({
      collection: 'posts',
      slug: 'first-post',
      type: 'modified',
      path: 'content/posts/first-post/index.md',
    });
    expect(diff[0].frontmatter.fields).toContainEqual({
      name: 'draft',
      oldValue: false,
      newValue: true,
      changed: true,
    });
    expect(diff[0].body).toEqual({
      oldBody: '\nHello from a bundle.\n',
      newBody: 'Drafted body.\n',
    });
    const merged = await api.put(`${base}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(mainFile('content/posts/first-post/index.md')).toContain('Drafted body.');
  });
});

describe('files named as real sites name them', () => {
  it('lists About-Us.md, _index.md and the others under encoded slugs, and says what it leaves out', async () => {
    const response = await api.get(`${base}/content/pages`, { session: demo });
    expect(response.status).toBe(200);
    expect(
      response.body.map((item: { slug: string; path: string }) => [item.slug, item.path]),
    ).toEqual([
      ['__41bout-_55s', 'content/pages/About-Us.md'],
      ['__5findex', 'content/pages/_index.md'],
      ['hello', 'content/pages/hello.md'],
    ]);
    expect(response.headers.get('x-skipped-files')).toBe('4');
    const skipped = (await api.get(`${base}/content/pages/_skipped`, { session: demo })).body;
    expect(
      skipped.map((entry: { path: string; reason: string }) => [entry.path, entry.reason]),
    ).toEqual([
      ['content/pages/intro.mdx', 'other-extension'],
      ['content/pages/notes.txt', 'not-markdown'],
      ['content/pages/old', 'subfolder'],
      [`content/pages/${longName}`, 'name-too-long'],
    ]);
    expect(
      skipped.find((entry: { reason: string }) => entry.reason === 'other-extension').message,
    ).toBe(
      'a .mdx file; this collection serves "{slug}.md" (add "{slug}.mdx" to its "path" to serve these)',
    );
  });

  it('opens and saves About-Us.md directly', async () => {
    const item = await get('pages', '__41bout-_55s');
    expect(item).toMatchObject({
      path: 'content/pages/About-Us.md',
      frontmatter: { title: 'About us' },
    });
    const saved = await put('pages', '__41bout-_55s', {
      frontmatter: { ...item.frontmatter, title: 'About the team' },
      body: item.body,
      sha: item.sha,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.path).toBe('content/pages/About-Us.md');
    expect(mainFile('content/pages/About-Us.md')).toContain('title: About the team\n');
  });

  it('saves _index.md to a draft branch whose name git accepts, diffs and merges it', async () => {
    const item = await get('pages', '__5findex');
    expect(item.path).toBe('content/pages/_index.md');
    const saved = await put('pages', '__5findex', {
      frontmatter: { ...item.frontmatter, title: 'Welcome' },
      body: item.body,
      sha: item.sha,
      mode: 'branch',
    });
    expect(saved.body).toEqual({
      sha: expect.any(String),
      path: 'content/pages/_index.md',
      branch: 'cms/pages/__5findex',
    });
    expect(gitShow(service.github, repo, 'cms/pages/__5findex:content/pages/_index.md')).toContain(
      'title: Welcome\n',
    );
    expect((await get('pages', '__5findex', 'cms/pages/__5findex')).frontmatter.title).toBe(
      'Welcome',
    );
    const opened = await api.post(
      `${base}/pulls`,
      { branch: 'cms/pages/__5findex', title: 'Home title' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const number = opened.body.number as number;
    const list = (await api.get(`${base}/pulls`, { session: demo })).body;
    expect(list).toContainEqual(
      expect.objectContaining({ number, collection: 'pages', slug: '__5findex' }),
    );
    const diff = (await api.get(`${base}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toEqual([
      expect.objectContaining({
        collection: 'pages',
        slug: '__5findex',
        type: 'modified',
        path: 'content/pages/_index.md',
      }),
    ]);
    expect((await api.put(`${base}/pulls/${number}/merge`, {}, { session: demo })).status).toBe(
      200,
    );
    expect(mainFile('content/pages/_index.md')).toContain('title: Welcome\n');
  });

  it('keeps the strict rule for new items, and refuses a slug that encodes no name', async () => {
    const encoded = await put('pages', '__4eew', { frontmatter: { title: 'New' }, body: '' });
    expect(encoded.status).toBe(400);
    expect(encoded.body.error).toMatch(
      /^slug: __4eew is the encoded name of an existing file; a new item needs a slug/,
    );
    const bogus = await api.get(`${base}/content/pages/_hello`, { session: demo });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error).toMatch(
      /^slug: starts with "_" but is not the encoding of a file name/,
    );
    expect((await api.get(`${base}/content/pages/__4eew`, { session: demo })).status).toBe(404);
  });
});

describe('other extensions', () => {
  it('lists, opens and saves .mdx files of a collection whose path is {slug}.mdx', async () => {
    const list = (await api.get(`${base}/content/guides`, { session: demo })).body;
    expect(list.map((item: { slug: string; path: string }) => [item.slug, item.path])).toEqual([
      ['start', 'content/guides/start.mdx'],
    ]);
    const item = await get('guides', 'start');
    expect(item.body).toBe('\n<Callout>MDX body</Callout>\n');
    const saved = await put('guides', 'start', {
      frontmatter: { ...item.frontmatter, title: 'Start here' },
      body: item.body,
      sha: item.sha,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(mainFile('content/guides/start.mdx')).toBe(
      '---\ntitle: Start here\ndraft: false\n---\n\n<Callout>MDX body</Callout>\n',
    );
  });
});

describe('round trips', () => {
  const trips = async (action: () => Promise<unknown>) => {
    service.github.resetRequestCount();
    await action();
    return service.github.requestCount();
  };

  it('lists a bundle collection in as many round trips as a flat one', async () => {
    await api.get(`${base}/content/posts`, { session: demo });
    await api.get(`${base}/content/pages`, { session: demo });
    const bundles = await trips(() => api.get(`${base}/content/posts`, { session: demo }));
    const flat = await trips(() => api.get(`${base}/content/pages`, { session: demo }));
    expect(bundles).toBe(flat);
    expect(bundles).toBeLessThanOrEqual(2);
    expect(await trips(() => api.get(`${base}/content/posts/_skipped`, { session: demo }))).toBe(
      flat,
    );
    expect(await trips(() => api.get(`${base}/content/posts/first-post`, { session: demo }))).toBe(
      await trips(() => api.get(`${base}/content/pages/hello`, { session: demo })),
    );
  });
});

describe('path patterns in cms.config.json', () => {
  it.each([
    [
      '../{slug}.md',
      'collections.posts.path: must not contain "." or ".." segments: items stay inside the collection directory',
    ],
    [
      '/{slug}.md',
      'collections.posts.path: must be relative to the collection directory (no leading "/")',
    ],
    ['{slug}\\index.md', 'collections.posts.path: must use "/" as separator, not "\\"'],
    ['{slug}.html', 'collections.posts.path: must end with .md, .mdx, .markdown'],
    ['index.md', 'collections.posts.path: must contain "{slug}" exactly once'],
  ])(
    'connects a repository whose path is %j and names the problem on that collection',
    async (pattern, message) => {
      const name = `bad-${Buffer.from(pattern).toString('hex').slice(0, 16)}`;
      await service.github.createRepository({ owner: 'demo', name, installApp: true });
      const bad = {
        name: 'Bad',
        collections: {
          posts: { label: 'Posts', directory: 'content/posts', path: pattern, fields },
        },
      };
      await service.github.commitFiles('demo', name, {
        branch: 'main',
        message: 'Config',
        author: { name: 'Site', email: 'site@example.com' },
        changes: [{ path: 'cms.config.json', content: JSON.stringify(bad) }],
      });
      const response = await api.post(
        '/api/repos',
        { fullName: `demo/${name}` },
        { session: demo },
      );
      expect(response.status).toBe(201);
      const config = await api.get(`/api/repos/demo%2F${name}/config`, { session: demo });
      expect(config.body).toMatchObject({ collections: {}, problems: { posts: message } });
      const list = await api.get(`/api/repos/demo%2F${name}/content/posts`, { session: demo });
      expect(list.status).toBe(409);
      expect(list.body.error).toContain(message);
    },
  );
});
