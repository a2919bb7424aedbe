import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { pushFiles } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * A collection of several layouts over HTTP (#35): a Zola/Hugo section mixing `{slug}.md` posts
 * and `{slug}/index.md` bundles, and a Starlight folder mixing `.md` and `.mdx`, each one
 * collection; two files giving one slug refused by name; collections sharing a directory; and an
 * invalid collection reported without taking the rest of the repository down.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/zola';
const base = '/api/repos/demo%2Fzola';
const fields = [{ name: 'title', type: 'string', label: 'Title', required: true }];
const config = {
  name: 'Zola site',
  collections: {
    blog: {
      label: 'Blog',
      directory: 'content/blog',
      path: ['{slug}.md', '{slug}/index.md'],
      format: 'toml',
      fields,
    },
    docs: {
      label: 'Docs',
      directory: 'src/content/docs',
      path: ['{slug}.md', '{slug}.mdx'],
      fields,
    },
    // Two collections over one directory: single files in one, bundles in the other.
    notes: { label: 'Notes', directory: 'content/notes', fields },
    albums: { label: 'Albums', directory: 'content/notes', path: '{slug}/index.md', fields },
  },
};
const toml = (title: string, body = 'Body.') => `+++\ntitle = "${title}"\n+++\n\n${body}\n`;
const yaml = (title: string) => `---\ntitle: ${title}\n---\n\nBody.\n`;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'zola', installApp: true });
  await service.github.commitFiles('demo', 'zola', {
    branch: 'main',
    message: 'Config',
    author: { name: 'Site', email: 'site@example.com' },
    changes: [{ path: 'cms.config.json', content: JSON.stringify(config) }],
  });
  await pushFiles(service, repo, 'main', {
    'content/blog/_index.md': toml('Blog'),
    'content/blog/announcing-rust.md': toml('Announcing Rust'),
    'content/blog/rust-at-one-year/index.md': toml('Rust at one year', 'A bundle.'),
    'content/blog/rust-at-one-year/chart.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'content/blog/twice.md': toml('Twice as a file'),
    'content/blog/twice/index.md': toml('Twice as a bundle'),
    'src/content/docs/configuration.mdx': yaml('Configuration'),
    'src/content/docs/getting-started.md': yaml('Getting started'),
    'content/notes/idea.md': yaml('An idea'),
    'content/notes/trip/index.md': yaml('A trip'),
  });
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

const slugsAndPaths = (items: { slug: string; path: string }[]) =>
  items.map((item) => [item.slug, item.path]);
const mainFile = (path: string) => gitShow(service.github, repo, `main:${path}`);
const trips = async (action: () => Promise<unknown>) => {
  service.github.resetRequestCount();
  await action();
  return service.github.requestCount();
};

describe('one collection over files and bundles', () => {
  it('lists both layouts, and both files of a slug given twice as skipped, naming each other', async () => {
    const list = await api.get(`${base}/content/blog`, { session: demo });
    expect(list.status).toBe(200);
    expect(slugsAndPaths(list.body)).toEqual([
      ['__5findex', 'content/blog/_index.md'],
      ['announcing-rust', 'content/blog/announcing-rust.md'],
      ['rust-at-one-year', 'content/blog/rust-at-one-year/index.md'],
    ]);
    expect(list.headers.get('x-skipped-files')).toBe('2');
    const skipped = (await api.get(`${base}/content/blog/_skipped`, { session: demo })).body;
    const message =
      'content/blog/twice.md and content/blog/twice/index.md both give the slug "twice"; rename or delete all but one of them (the CMS shows neither until then)';
    expect(skipped).toEqual([
      { path: 'content/blog/twice.md', reason: 'duplicate-slug', message },
      { path: 'content/blog/twice/index.md', reason: 'duplicate-slug', message },
    ]);
  });

  it('opens an item of either layout, saying which file it is, in as many round trips as one layout', async () => {
    const bundle = await api.get(`${base}/content/blog/rust-at-one-year`, { session: demo });
    expect(bundle.status).toBe(200);
    expect(bundle.body).toMatchObject({
      path: 'content/blog/rust-at-one-year/index.md',
      frontmatter: { title: 'Rust at one year' },
    });
    const file = await api.get(`${base}/content/blog/announcing-rust`, { session: demo });
    expect(file.body.path).toBe('content/blog/announcing-rust.md');
    const several = await trips(() =>
      api.get(`${base}/content/blog/rust-at-one-year`, { session: demo }),
    );
    const one = await trips(() => api.get(`${base}/content/notes/idea`, { session: demo }));
    expect(several).toBe(one);
    expect(several).toBe(1);
  });

  it('refuses to open or save a slug two files give, naming both and what to do', async () => {
    const read = await api.get(`${base}/content/blog/twice`, { session: demo });
    expect(read.status).toBe(409);
    expect(read.body.error).toBe(
      'content/blog/twice.md and content/blog/twice/index.md both give the slug "twice"; rename or delete all but one of them, then try again',
    );
    const saved = await api.put(
      `${base}/content/blog/twice`,
      { frontmatter: { title: 'Hidden' }, body: 'x' },
      { session: demo },
    );
    expect(saved.status).toBe(409);
    expect(saved.body.error).toContain('both give the slug "twice"');
    expect(mainFile('content/blog/twice.md')).toBe(toml('Twice as a file'));
  });

  it('creates a new item under the first pattern, or under the one the body names', async () => {
    const first = await api.put(
      `${base}/content/blog/first-steps`,
      { frontmatter: { title: 'First steps' }, body: 'Hi.' },
      { session: demo },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.path).toBe('content/blog/first-steps.md');
    const bundle = await api.put(
      `${base}/content/blog/gallery`,
      { frontmatter: { title: 'Gallery' }, body: 'Pictures.', path: '{slug}/index.md' },
      { session: demo },
    );
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.path).toBe('content/blog/gallery/index.md');
    expect(mainFile('content/blog/gallery/index.md')).toBe(
      '+++\ntitle = "Gallery"\n+++\nPictures.\n',
    );
    const taken = await api.put(
      `${base}/content/blog/gallery`,
      { frontmatter: { title: 'Again' }, body: 'x', path: '{slug}.md' },
      { session: demo },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain('content/blog/gallery/index.md already exists');
  });

  it("refuses a path that is not one of the collection's patterns, naming them", async () => {
    const response = await api.put(
      `${base}/content/blog/elsewhere`,
      { frontmatter: { title: 'Elsewhere' }, body: 'x', path: '{slug}.mdx' },
      { session: demo },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'path: "{slug}.mdx" is not one of this collection\'s patterns ("{slug}.md", "{slug}/index.md")',
    );
    expect((await api.get(`${base}/content/blog/elsewhere`, { session: demo })).status).toBe(404);
    const item = (await api.get(`${base}/content/blog/announcing-rust`, { session: demo })).body;
    const moved = await api.put(
      `${base}/content/blog/announcing-rust`,
      { frontmatter: item.frontmatter, body: item.body, sha: item.sha, path: '{slug}/index.md' },
      { session: demo },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe(
      'path: content/blog/announcing-rust.md is "{slug}.md"; an existing item keeps its file (leave "path" out)',
    );
  });

  it('renames a bundle item into a bundle, and deletes an item of either layout', async () => {
    const item = (await api.get(`${base}/content/blog/gallery`, { session: demo })).body;
    const renamed = await api.post(
      `${base}/content/blog/gallery/rename`,
      { to: 'photos', sha: item.sha },
      { session: demo },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      path: 'content/blog/photos/index.md',
      previousPath: 'content/blog/gallery/index.md',
    });
    const onto = await api.post(
      `${base}/content/blog/photos/rename`,
      { to: 'announcing-rust', sha: item.sha },
      { session: demo },
    );
    expect(onto.status).toBe(409);
    expect(onto.body.error).toContain('content/blog/announcing-rust.md already exists');
    const deleted = await api.delete(`${base}/content/blog/photos?sha=${item.sha}`, {
      session: demo,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const file = (await api.get(`${base}/content/blog/first-steps`, { session: demo })).body;
    const gone = await api.delete(`${base}/content/blog/first-steps?sha=${file.sha}`, {
      session: demo,
    });
    expect(gone.status).toBe(200);
    const slugs = (await api.get(`${base}/content/blog`, { session: demo })).body.map(
      (entry: { slug: string }) => entry.slug,
    );
    expect(slugs).not.toContain('photos');
    expect(slugs).not.toContain('first-steps');
  });

  it('saves a bundle item as a draft and publishes it through its pull request', async () => {
    const item = (await api.get(`${base}/content/blog/rust-at-one-year`, { session: demo })).body;
    const saved = await api.put(
      `${base}/content/blog/rust-at-one-year`,
      {
        frontmatter: { title: 'Rust at one year, revised' },
        body: item.body,
        sha: item.sha,
        mode: 'branch',
      },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      path: 'content/blog/rust-at-one-year/index.md',
      branch: 'cms/blog/rust-at-one-year',
    });
    const draft = await api.get(
      `${base}/content/blog/rust-at-one-year?branch=cms/blog/rust-at-one-year`,
      { session: demo },
    );
    expect(draft.body.frontmatter.title).toBe('Rust at one year, revised');
    const opened = await api.post(
      `${base}/pulls`,
      { branch: 'cms/blog/rust-at-one-year', title: 'Revise' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const number = opened.body.number as number;
    expect(
      (await api.get(`${base}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const merged = await api.put(`${base}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(mainFile('content/blog/rust-at-one-year/index.md')).toContain(
      'title = "Rust at one year, revised"',
    );
  });
});

describe('deleting several items at once', () => {
  it('deletes a file and a bundle of one collection in one commit', async () => {
    await pushFiles(service, repo, 'main', {
      'content/blog/old-post.md': toml('Old post'),
      'content/blog/old-bundle/index.md': toml('Old bundle'),
    });
    const sha = async (slug: string) =>
      (await api.get(`${base}/content/blog/${slug}`, { session: demo })).body.sha as string;
    const items = [
      { slug: 'old-post', sha: await sha('old-post') },
      { slug: 'old-bundle', sha: await sha('old-bundle') },
    ];
    const deleted = await api.post(
      '/api/repos/demo%2Fzola/deletions',
      { collection: 'blog', items },
      { session: demo },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const slugs = (await api.get(`${base}/content/blog`, { session: demo })).body.map(
      (entry: { slug: string }) => entry.slug,
    );
    expect(slugs).not.toContain('old-post');
    expect(slugs).not.toContain('old-bundle');
  });
});

describe('.md and .mdx in one collection', () => {
  it('lists, opens and saves both extensions', async () => {
    const list = (await api.get(`${base}/content/docs`, { session: demo })).body;
    expect(slugsAndPaths(list)).toEqual([
      ['configuration', 'src/content/docs/configuration.mdx'],
      ['getting-started', 'src/content/docs/getting-started.md'],
    ]);
    const item = (await api.get(`${base}/content/docs/configuration`, { session: demo })).body;
    const saved = await api.put(
      `${base}/content/docs/configuration`,
      { frontmatter: { title: 'Configuring' }, body: item.body, sha: item.sha },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.path).toBe('src/content/docs/configuration.mdx');
  });
});

describe('collections sharing a directory', () => {
  it('serves each collection its own layout of the one directory', async () => {
    const notes = (await api.get(`${base}/content/notes`, { session: demo })).body;
    const albums = (await api.get(`${base}/content/albums`, { session: demo })).body;
    expect(slugsAndPaths(notes)).toEqual([['idea', 'content/notes/idea.md']]);
    expect(slugsAndPaths(albums)).toEqual([['trip', 'content/notes/trip/index.md']]);
  });
});

describe('an invalid collection', () => {
  const broken = {
    name: 'Zola site',
    collections: {
      ...config.collections,
      // Claims content/blog/x.md, as blog does: a problem of these two collections alone.
      posts: { label: 'Posts', directory: 'content/blog', fields },
      pages: {
        label: 'Pages',
        directory: 'content/pages',
        path: ['{slug}.md', 'pages.md'],
        fields,
      },
    },
  };

  beforeAll(async () => {
    await pushFiles(service, repo, 'main', {
      'cms.config.json': JSON.stringify(broken),
      'content/pages/about.md': yaml('About'),
    });
  });

  afterAll(async () => {
    await pushFiles(service, repo, 'main', { 'cms.config.json': JSON.stringify(config) });
  });

  it('lists its problem in the config, and the others stay', async () => {
    const response = await api.get(`${base}/config`, { session: demo });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.collections)).toEqual(['docs', 'notes', 'albums']);
    const overlap =
      'can claim the same files (e.g. content/blog/x.md); give the two collections other directories, or "path" patterns that cannot match one file';
    expect(response.body.problems).toEqual({
      blog: `collections.blog.path: collection "posts" ${overlap}`,
      posts: `collections.posts.directory: collection "blog" ${overlap}`,
      pages: 'collections.pages.path[1]: must contain "{slug}" exactly once',
    });
  });

  it('answers its problem, while another collection lists and saves', async () => {
    const pages = await api.get(`${base}/content/pages`, { session: demo });
    expect(pages.status).toBe(409);
    expect(pages.body.error).toBe(
      'Collection pages is invalid in cms.config.json: collections.pages.path[1]: must contain "{slug}" exactly once. Fix it there; the other collections work meanwhile',
    );
    const item = await api.get(`${base}/content/blog/announcing-rust`, { session: demo });
    expect(item.status).toBe(409);
    expect(item.body.error).toContain('collections.blog.path: collection "posts"');
    const notes = await api.get(`${base}/content/notes`, { session: demo });
    expect(notes.status).toBe(200);
    const saved = await api.put(
      `${base}/content/notes/later`,
      { frontmatter: { title: 'Later' }, body: 'Saved while pages is broken.' },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(mainFile('content/notes/later.md')).toContain('title: Later');
  });
});
