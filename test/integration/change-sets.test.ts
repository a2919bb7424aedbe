import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { readItem, saveInto as saveIntoSet } from '../support/change-sets';
import { blog, publishDirect, pushFiles, revParse } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { pngBytes } from '../support/media';
import { signedInService } from '../support/signed-in';

/**
 * Change sets (issue #38) over real HTTP: a named change request on `cms/_sets/{name}` holding
 * edits, creations and deletions of items of three collections plus their media, reviewed as one
 * diff and published as one squash merge; an item is in one set or one draft at a time.
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

const post = '2024-02-14-hello-world';
const roadmap = '2024-05-06-roadmap';
const renamed = '2024-04-18-static-sites-and-git';
const read = (collection: string, slug: string, branch?: string) =>
  readItem(api, { session: demo }, { collection, slug, ...(branch && { branch }) });
/** Saves a change of frontmatter fields into `set` (the set's copy when it has one). */
const saveInto = (set: string, collection: string, slug: string, change: Record<string, unknown>) =>
  saveIntoSet(api, { session: demo }, { set, collection, slug, change });

describe('a change set spanning three collections', () => {
  let number: number;

  it('is created with its branch and an in-progress pull request, and its name is unique', async () => {
    const created = await api.post(
      `${blog}/sets`,
      { name: 'spring-launch', title: 'Spring launch', description: 'The launch.' },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      name: 'spring-launch',
      branch: 'cms/_sets/spring-launch',
    });
    number = created.body.number;
    const again = await api.post(`${blog}/sets`, { name: 'spring-launch' }, { session: demo });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('spring-launch exists already');
    const bad = await api.post(`${blog}/sets`, { name: 'Spring Launch' }, { session: demo });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^body\.name: expected 1 to 64 lowercase letters/);
  });

  it('takes an edit, a new item, a deletion and a media file of three collections', async () => {
    // A rename as git would push it (made outside the CMS), and a media file.
    await pushFiles(service, 'demo/blog', 'cms/_sets/spring-launch', {
      'static/media/launch.png': pngBytes(),
      [`content/posts/${renamed}.md`]: null,
      'content/posts/static-sites.md': gitShow(
        service.github,
        'demo/blog',
        `main:content/posts/${renamed}.md`,
      ),
    });
    const edit = await saveInto('spring-launch', 'posts', post, {
      title: 'Hello, launch',
      cover: '/media/launch.png',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.branch).toBe('cms/_sets/spring-launch');
    const carol = await api.put(
      `${blog}/content/authors/carol`,
      {
        frontmatter: { name: 'Carol Diaz' },
        body: 'Carol writes the launch.\n',
        set: 'spring-launch',
      },
      { session: demo },
    );
    expect(carol.status, JSON.stringify(carol.body)).toBe(200);
    // A collection locked to direct commits takes no set either; unlocked, it does.
    const locked = await saveInto('spring-launch', 'pages', 'about', { title: 'About the launch' });
    expect(locked.status).toBe(400);
    expect(locked.body.error).toContain('collection pages is locked to direct commits');
    const config = JSON.parse(gitShow(service.github, 'demo/blog', 'main:cms.config.json'));
    config.collections.pages.workflow = { default: 'direct' };
    await pushFiles(service, 'demo/blog', 'main', {
      'cms.config.json': `${JSON.stringify(config, null, 2)}\n`,
    });
    expect((await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo })).status).toBe(
      200,
    );
    const about = await saveInto('spring-launch', 'pages', 'about', { title: 'About the launch' });
    expect(about.status, JSON.stringify(about.body)).toBe(200);
    const bob = await read('authors', 'bob');
    const deleted = await api.delete(
      `${blog}/content/authors/bob?sha=${bob.sha}&set=spring-launch`,
      { session: demo },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.branch).toBe('cms/_sets/spring-launch');
    // Nothing of it is on main yet.
    expect((await read('posts', post)).frontmatter.title).toBe('Hello, world');
  });

  it('is listed with its items, and its pull request with `set`', async () => {
    const sets = (await api.get(`${blog}/sets`, { session: demo })).body;
    expect(sets).toEqual([
      expect.objectContaining({
        number,
        set: 'spring-launch',
        branch: 'cms/_sets/spring-launch',
        draft: true,
        items: expect.arrayContaining([
          { collection: 'posts', slug: post },
          { collection: 'authors', slug: 'carol' },
          { collection: 'authors', slug: 'bob' },
          { collection: 'pages', slug: 'about' },
          // GitHub's list of a pull request's files says a file was renamed, not from where.
          { collection: 'posts', slug: 'static-sites' },
        ]),
      }),
    ]);
    expect(sets[0].items).toHaveLength(5);
    const pulls = (await api.get(`${blog}/pulls`, { session: demo })).body;
    expect(pulls).toContainEqual(
      expect.objectContaining({ number, set: 'spring-launch', collection: '', slug: '' }),
    );
  });

  it('is a genuine change set, diffed item by item, field by field', async () => {
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.mergeBlockers).toEqual([]);
    const diff = (await api.get(`${blog}/pulls/${number}/diff`, { session: demo })).body;
    const byPath = Object.fromEntries(diff.map((entry: { path: string }) => [entry.path, entry]));
    expect(Object.keys(byPath).sort()).toEqual([
      'content/authors/bob.md',
      'content/authors/carol.md',
      'content/pages/about.md',
      `content/posts/${post}.md`,
      'content/posts/static-sites.md',
      'static/media/launch.png',
    ]);
    expect(byPath['content/posts/static-sites.md']).toMatchObject({
      collection: 'posts',
      slug: 'static-sites',
      previousSlug: renamed,
      previousPath: `content/posts/${renamed}.md`,
    });
    expect(byPath[`content/posts/${post}.md`]).toMatchObject({
      collection: 'posts',
      slug: post,
      type: 'modified',
    });
    expect(byPath[`content/posts/${post}.md`].frontmatter.fields).toContainEqual(
      expect.objectContaining({
        name: 'title',
        oldValue: 'Hello, world',
        newValue: 'Hello, launch',
      }),
    );
    expect(byPath['content/authors/carol.md']).toMatchObject({
      collection: 'authors',
      type: 'added',
    });
    expect(byPath['content/authors/bob.md']).toMatchObject({
      collection: 'authors',
      type: 'deleted',
    });
    expect(byPath['content/pages/about.md']).toMatchObject({
      collection: 'pages',
      type: 'modified',
    });
  });

  it('holds an item alone: refused as a single draft and in a second set, naming the set', async () => {
    const item = await read('posts', post);
    const single = await api.put(
      `${blog}/content/posts/${post}`,
      {
        frontmatter: { ...item.frontmatter, title: 'Alone' },
        body: item.body,
        sha: item.sha,
        mode: 'branch',
      },
      { session: demo },
    );
    expect(single.status).toBe(409);
    expect(single.body.error).toContain(
      `posts/${post} is in change set spring-launch (#${number})`,
    );
    expect((await api.post(`${blog}/sets`, { name: 'other' }, { session: demo })).status).toBe(200);
    const second = await saveInto('other', 'posts', post, { title: 'Elsewhere' });
    expect(second.status).toBe(409);
    expect(second.body.error).toContain(`is in change set spring-launch (#${number})`);
    // An item with its own draft is refused in a set, naming the draft.
    const writing = await read('posts', '2024-03-02-writing-in-markdown');
    const own = await api.put(
      `${blog}/content/posts/2024-03-02-writing-in-markdown`,
      {
        frontmatter: { ...writing.frontmatter, title: 'Its own draft' },
        body: writing.body,
        sha: writing.sha,
        mode: 'branch',
      },
      { session: demo },
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const both = await api.put(
      `${blog}/content/posts/2024-03-02-writing-in-markdown`,
      {
        frontmatter: { ...writing.frontmatter, title: 'In a set' },
        body: writing.body,
        sha: writing.sha,
        set: 'other',
      },
      { session: demo },
    );
    expect(both.status).toBe(409);
    expect(both.body.error).toContain(
      'own change request on cms/posts/2024-03-02-writing-in-markdown',
    );
    const missing = await saveInto('nope', 'pages', 'about', { title: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain('no change set nope');
    const mixed = await api.put(
      `${blog}/content/pages/about`,
      { frontmatter: { title: 'x' }, body: '', set: 'other', mode: 'branch' },
      { session: demo },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toContain('set and mode are exclusive');
  });

  it('is refused with a file that is no item nor referenced media (409 foreign-files), and publishable once it is gone', async () => {
    const workflow = '.github/workflows/deploy.yml';
    await pushFiles(service, 'demo/blog', 'cms/_sets/spring-launch', { [workflow]: 'on: push\n' });
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.mergeBlockers).toEqual([
      { reason: 'foreign-files', message: expect.stringContaining(workflow) },
    ]);
    const main = revParse(service, 'demo/blog', 'main');
    const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(merge.status).toBe(409);
    expect(merge.body.reason).toBe('foreign-files');
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    await pushFiles(service, 'demo/blog', 'cms/_sets/spring-launch', { [workflow]: null });
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
  });

  it('updates from main field by field, naming the one item in conflict; taking it out lets it update', async () => {
    expect(
      (await saveInto('spring-launch', 'posts', roadmap, { title: 'Set roadmap' })).status,
    ).toBe(200);
    await publishDirect(api, demo, roadmap, { title: 'Main roadmap' });
    // A change of main to another item of the set merges field by field.
    await publishDirectItem('pages', 'about', { order: 2 });
    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
    expect(update.status).toBe(409);
    expect(update.body).toMatchObject({ ok: false, reason: 'conflicts' });
    // Only the roadmap conflicts: the change of main to about merges without one.
    expect(update.body).toMatchObject({
      fields: ['title'],
      files: [`content/posts/${roadmap}.md`],
    });
    const removed = await api.delete(`${blog}/sets/spring-launch/items/posts/${roadmap}`, {
      session: demo,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.paths).toEqual([`content/posts/${roadmap}.md`]);
    const again = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const about = await read('pages', 'about', 'cms/_sets/spring-launch');
    expect(about.frontmatter).toMatchObject({ title: 'About the launch', order: 2 });
  });

  it('publishes only the head the reviewer saw: a stale sha is refused (409 head-moved)', async () => {
    const reviewed = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.headSha;
    const main = revParse(service, 'demo/blog', 'main');
    expect((await saveInto('spring-launch', 'authors', 'carol', { name: 'Carol D.' })).status).toBe(
      200,
    );
    const stale = await api.put(
      `${blog}/pulls/${number}/merge?sha=${reviewed}`,
      {},
      { session: demo },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ merged: false, reason: 'head-moved' });
    expect(stale.body.error).toContain('changed since it was reviewed');
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    await saveInto('spring-launch', 'authors', 'carol', { name: 'Carol Diaz' });
  });

  it('publishes every item in one squash merge, and removes its branch', async () => {
    const head = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.headSha;
    const merge = await api.put(`${blog}/pulls/${number}/merge?sha=${head}`, {}, { session: demo });
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    const main = revParse(service, 'demo/blog', 'main');
    expect(merge.body.sha).toBe(main);
    expect((await read('posts', post)).frontmatter).toMatchObject({
      title: 'Hello, launch',
      cover: '/media/launch.png',
    });
    expect((await read('authors', 'carol')).frontmatter.name).toBe('Carol Diaz');
    expect((await read('pages', 'about')).frontmatter.title).toBe('About the launch');
    expect((await api.get(`${blog}/content/posts/static-sites`, { session: demo })).status).toBe(
      200,
    );
    // The rename's old file goes too, though the set was updated from main field by field.
    expect((await api.get(`${blog}/content/posts/${renamed}`, { session: demo })).status).toBe(404);
    expect((await api.get(`${blog}/content/authors/bob`, { session: demo })).status).toBe(404);
    expect(
      gitShow(service.github, 'demo/blog', 'main:static/media/launch.png').length,
    ).toBeGreaterThan(0);
    expect((await read('posts', roadmap)).frontmatter.title).toBe('Main roadmap');
    expect(
      (await api.get(`${blog}/sets`, { session: demo })).body.map(
        (set: { set: string }) => set.set,
      ),
    ).toEqual(['other']);
  });
});

async function publishDirectItem(
  collection: string,
  slug: string,
  change: Record<string, unknown>,
) {
  const item = await read(collection, slug);
  const saved = await api.put(
    `${blog}/content/${collection}/${slug}`,
    { frontmatter: { ...item.frontmatter, ...change }, body: item.body, sha: item.sha },
    { session: demo },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
