import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { oidOrEmpty } from '../support/drafts';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** Duplicate (POST …/{slug}/duplicate) and bulk delete (POST …/deletions). */
let service: TestService;
let api: ApiClient;
let demo: string;
const full = 'demo/copies';
const repo = '/api/repos/demo%2Fcopies';
const author = { name: 'Site', email: 'site@example.com' };
const fields = [{ name: 'title', type: 'string', label: 'Title' }];
const post = (title: string) => `---\ntitle: ${title}\n---\n\nBody of ${title}.\n`;

const oidAt = (rev: string) => oidOrEmpty(service, full, rev);
const shaOf = async (collection: string, slug: string) =>
  (await api.get(`${repo}/content/${collection}/${slug}`, { session: demo })).body.sha as string;
const duplicate = (collection: string, slug: string, body: unknown) =>
  api.post(`${repo}/content/${collection}/${slug}/duplicate`, body, { session: demo });
const deletions = (body: unknown) => api.post(`${repo}/deletions`, body, { session: demo });

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'copies', installApp: true });
  const config = {
    name: 'Copies',
    collections: {
      notes: {
        label: 'Notes',
        directory: 'content/notes',
        fields,
        workflow: { default: 'pr', locked: true },
      },
      posts: { label: 'Posts', directory: 'content/posts', fields },
    },
  };
  await service.github.commitFiles('demo', 'copies', {
    branch: 'main',
    message: 'Seed',
    author,
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      { path: 'content/posts/source.md', content: '---\ntitle: Source\r\n---\nNo final newline' },
      { path: 'content/posts/taken.md', content: post('Taken') },
      ...['a', 'b', 'c', 'd'].map((slug) => ({
        path: `content/posts/${slug}.md`,
        content: post(slug),
      })),
      ...['x', 'y', 'z'].map((slug) => ({ path: `content/notes/${slug}.md`, content: post(slug) })),
    ],
  });
  expect((await api.post('/api/repos', { fullName: full }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('duplicate', () => {
  it('refuses an invalid target (400), a missing source (404) and an existing target (409), changing nothing', async () => {
    const head = oidAt('main');
    expect((await duplicate('posts', 'source', { to: 'Copy' })).body.error).toBe(
      'to: must be lowercase',
    );
    expect((await duplicate('posts', 'source', { to: 'source' })).status).toBe(400);
    expect((await duplicate('posts', 'missing', { to: 'copy' })).status).toBe(404);
    const taken = await duplicate('posts', 'source', { to: 'taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/already exists/);
    expect((await duplicate('notes', 'x', { to: 'x-copy' })).status).toBe(400);
    expect(oidAt('main')).toBe(head);
  });

  it('copies the bytes exactly with one commit; the source stays', async () => {
    const before = gitLog(service.github, full).length;
    const blob = oidAt('main:content/posts/source.md');
    const response = await duplicate('posts', 'source', { to: 'copy' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ path: 'content/posts/copy.md', sha: blob });
    expect(gitLog(service.github, full)).toHaveLength(before + 1);
    expect(oidAt('main:content/posts/copy.md')).toBe(blob);
    expect(oidAt('main:content/posts/source.md')).toBe(blob);
  });

  it('makes a new-item draft for mode branch, a genuine draft that publishes the copy', async () => {
    const head = oidAt('main');
    const blob = oidAt('main:content/notes/x.md');
    const response = await duplicate('notes', 'x', { to: 'x-copy', mode: 'branch' });
    expect(response.body).toEqual({
      path: 'content/notes/x-copy.md',
      sha: blob,
      branch: 'cms/notes/x-copy',
    });
    expect(oidAt('main')).toBe(head);
    expect((await duplicate('notes', 'y', { to: 'x-copy', mode: 'branch' })).status).toBe(409);
    const pull = (
      await api.post(
        `${repo}/pulls`,
        { branch: 'cms/notes/x-copy', title: 'Copy x' },
        { session: demo },
      )
    ).body;
    expect(
      (await api.get(`${repo}/pulls/${pull.number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    expect(
      (await api.put(`${repo}/pulls/${pull.number}/merge`, {}, { session: demo })).status,
    ).toBe(200);
    expect(oidAt('main:content/notes/x-copy.md')).toBe(blob);
  });
});

describe('bulk delete', () => {
  it('refuses bad input with 400: no item, a repeated slug, more than 100, an invalid slug', async () => {
    const sha = await shaOf('posts', 'a');
    expect((await deletions({ collection: 'posts', items: [] })).status).toBe(400);
    const twice = await deletions({
      collection: 'posts',
      items: [
        { slug: 'a', sha },
        { slug: 'a', sha },
      ],
    });
    expect(twice.body.error).toBe('items[1].slug: a is listed twice');
    expect(
      (
        await deletions({
          collection: 'posts',
          items: Array.from({ length: 101 }, (_, n) => ({ slug: `p${n}`, sha })),
        })
      ).status,
    ).toBe(400);
    expect((await deletions({ collection: 'posts', items: [{ slug: 'A', sha }] })).body.error).toBe(
      'items[0].slug: must be lowercase',
    );
  });

  it('checks every sha first: one stale or missing item refuses them all, naming it', async () => {
    const head = oidAt('main');
    const stale = await deletions({
      collection: 'posts',
      items: [
        { slug: 'a', sha: await shaOf('posts', 'a') },
        { slug: 'b', sha: '1'.repeat(40) },
      ],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/^posts\/b \(content\/posts\/b\.md\) was modified externally/);
    const missing = await deletions({
      collection: 'posts',
      items: [
        { slug: 'a', sha: await shaOf('posts', 'a') },
        { slug: 'gone', sha: '1'.repeat(40) },
      ],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/posts\/gone not found/);
    expect(
      (await deletions({ collection: 'nope', items: [{ slug: 'a', sha: '1'.repeat(40) }] })).status,
    ).toBe(404);
    expect(oidAt('main')).toBe(head);
  });

  it('deletes every item with one commit on the default branch', async () => {
    const before = gitLog(service.github, full).length;
    const response = await deletions({
      collection: 'posts',
      items: [
        { slug: 'a', sha: await shaOf('posts', 'a') },
        { slug: 'b', sha: await shaOf('posts', 'b') },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      paths: ['content/posts/a.md', 'content/posts/b.md'],
      sha: oidAt('main'),
    });
    const log = gitLog(service.github, full);
    expect(log).toHaveLength(before + 1);
    expect(log[0]).toMatch(/Delete 2 items of posts: a, b$/);
    expect(oidAt('main:content/posts/a.md')).toBe('');
    expect(oidAt('main:content/posts/b.md')).toBe('');
    expect(oidAt('main:content/posts/c.md')).not.toBe('');
  });

  it('as a draft: one branch holding every deletion, listed, reviewed, rebased and merged', async () => {
    const head = oidAt('main');
    const items = [
      { slug: 'y', sha: await shaOf('notes', 'y') },
      { slug: 'z', sha: await shaOf('notes', 'z') },
    ];
    expect((await deletions({ collection: 'notes', items })).status).toBe(400);
    const response = await deletions({ collection: 'notes', items, mode: 'branch' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      paths: ['content/notes/y.md', 'content/notes/z.md'],
      branch: 'cms/notes/_deletions',
    });
    expect(oidAt('main')).toBe(head);
    expect(oidAt('cms/notes/_deletions~1')).toBe(head);
    expect((await deletions({ collection: 'notes', items, mode: 'branch' })).status).toBe(409);

    const pull = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/notes/_deletions', title: 'Delete y and z' },
      { session: demo },
    );
    expect(pull.status, JSON.stringify(pull.body)).toBe(200);
    const number = pull.body.number as number;
    const listed = (await api.get(`${repo}/pulls`, { session: demo })).body as {
      number: number;
      collection: string;
      slug: string;
    }[];
    expect(listed.find((entry) => entry.number === number)).toMatchObject({
      collection: 'notes',
      slug: '_deletions',
    });
    expect(
      (await api.get(`${repo}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const diff = (await api.get(`${repo}/pulls/${number}/diff`, { session: demo })).body as {
      slug: string;
      type: string;
    }[];
    expect(diff.map((entry) => [entry.slug, entry.type])).toEqual([
      ['y', 'deleted'],
      ['z', 'deleted'],
    ]);
    await duplicate('posts', 'c', { to: 'c-2' });
    expect((await api.post(`${repo}/pulls/${number}/rebase`, {}, { session: demo })).status).toBe(
      200,
    );
    expect(oidAt('cms/notes/_deletions~1')).toBe(oidAt('main'));
    const merged = await api.put(`${repo}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(oidAt('main:content/notes/y.md')).toBe('');
    expect(oidAt('main:content/notes/z.md')).toBe('');
    expect(oidAt('main:content/notes/x.md')).not.toBe('');
    expect(oidAt('refs/heads/cms/notes/_deletions')).toBe('');
  });
});
