import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { modeOf, oidOrEmpty, pushFiles } from '../support/drafts';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** Rename (POST …/content/{collection}/{slug}/rename): one commit, the same blob, or one draft of the new slug. */
let service: TestService;
let api: ApiClient;
let demo: string;
const full = 'demo/moves';
const repo = '/api/repos/demo%2Fmoves';
const author = { name: 'Site', email: 'site@example.com' };
const fields = [{ name: 'title', type: 'string', label: 'Title' }];
const post = (title: string, body = 'Body.') => `---\ntitle: ${title}\n---\n\n${body}\n`;

const oidAt = (rev: string) => oidOrEmpty(service, full, rev);
const shaOf = async (collection: string, slug: string) =>
  (await api.get(`${repo}/content/${collection}/${slug}`, { session: demo })).body.sha as string;
const rename = (collection: string, slug: string, body: unknown) =>
  api.post(`${repo}/content/${collection}/${slug}/rename`, body, { session: demo });

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'moves', installApp: true });
  const config = {
    name: 'Moves',
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
  await service.github.commitFiles('demo', 'moves', {
    branch: 'main',
    message: 'Seed',
    author,
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      // CRLF and no final newline: the bytes must survive exactly.
      {
        path: 'content/posts/first.md',
        content: '---\r\ntitle: First\r\n---\r\n\r\nKept as it is.',
      },
      { path: 'content/posts/taken.md', content: post('Taken') },
      { path: 'content/posts/drafted.md', content: post('Drafted') },
      { path: 'content/posts/tool.md', content: post('Tool') },
      {
        path: 'content/notes/old.md',
        content: post('Old note', 'A note with a body long enough to stay the same file.'),
      },
      {
        path: 'content/notes/moving.md',
        content: post('Moving', 'Another note that will be renamed and then rewritten.'),
      },
      { path: 'content/notes/other.md', content: post('Other') },
    ],
  });
  expect((await api.post('/api/repos', { fullName: full }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('rename refusals change nothing', () => {
  it('answers 400 for an invalid or unchanged `to`, 404 for a missing collection or item', async () => {
    const sha = await shaOf('posts', 'first');
    const head = oidAt('main');
    const invalid = await rename('posts', 'first', { to: 'New Post', sha });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('to: must be lowercase');
    const spaced = await rename('posts', 'first', { to: 'new post', sha });
    expect(spaced.body.error).toMatch(/^to: may contain only lowercase letters/);
    const same = await rename('posts', 'first', { to: 'first', sha });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatch(/^to: first is the item's slug already/);
    expect((await rename('posts', 'missing', { to: 'new', sha })).status).toBe(404);
    expect((await rename('pages', 'first', { to: 'new', sha })).status).toBe(404);
    expect(oidAt('main')).toBe(head);
  });

  it("answers 409 for a stale sha, an existing target, the target's draft branch, or a draft of the item itself", async () => {
    const sha = await shaOf('posts', 'first');
    const head = oidAt('main');
    const stale = await rename('posts', 'first', { to: 'renamed', sha: '0'.repeat(40) });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/modified externally/);
    const taken = await rename('posts', 'first', { to: 'taken', sha });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(
      /content\/posts\/taken\.md already exists; the CMS never overwrites/,
    );
    await pushFiles(service, full, 'cms/posts/reserved', {
      'content/posts/reserved.md': post('Reserved'),
    });
    const drafted = await rename('posts', 'first', { to: 'reserved', sha });
    expect(drafted.status).toBe(409);
    expect(drafted.body.error).toMatch(/draft branch cms\/posts\/reserved already exists/);
    await pushFiles(service, full, 'cms/posts/drafted', {
      'content/posts/drafted.md': post('Drafted, edited'),
    });
    const own = await rename('posts', 'drafted', {
      to: 'elsewhere',
      sha: await shaOf('posts', 'drafted'),
    });
    expect(own.status).toBe(409);
    expect(own.body.error).toMatch(
      /has a draft \(cms\/posts\/drafted\); publish or close that draft first/,
    );
    expect(oidAt('main')).toBe(head);
    expect(oidAt('refs/heads/cms/posts/first')).toBe('');
  });

  it('follows the workflow as PUT does: a collection locked to drafts refuses the default direct mode', async () => {
    const response = await rename('notes', 'old', { to: 'new', sha: await shaOf('notes', 'old') });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(
      /locked to draft branches and pull requests; send mode "branch"/,
    );
  });

  it('needs both content:write and content:delete from an API token', async () => {
    const sha = await shaOf('posts', 'first');
    for (const permissions of [['content:write'], ['content:delete']]) {
      const { token } = await api.createToken(demo, { permissions, repos: [full] });
      const response = await api.post(
        `${repo}/content/posts/first/rename`,
        { to: 'renamed', sha },
        { token },
      );
      expect(response.status).toBe(403);
    }
  });
});

describe('a direct rename', () => {
  it('is one commit that moves the same blob (byte-identical, mode kept) to the new path', async () => {
    const before = gitLog(service.github, full).length;
    const blob = oidAt('main:content/posts/first.md');
    const sha = await shaOf('posts', 'first');
    service.github.resetRequestCount();
    const response = await rename('posts', 'first', { to: 'renamed', sha });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // The snapshot (config, both paths, the head and its tree), the source's mode, then tree, commit and ref.
    expect(service.github.requestCount()).toBe(5);
    expect(response.body).toEqual({
      path: 'content/posts/renamed.md',
      sha: blob,
      previousPath: 'content/posts/first.md',
    });
    const log = gitLog(service.github, full);
    expect(log).toHaveLength(before + 1);
    expect(log[0]).toMatch(/Rename posts\/first to posts\/renamed$/);
    expect(oidAt('main:content/posts/renamed.md')).toBe(blob);
    expect(modeOf(service, full, 'main', 'content/posts/renamed.md')).toBe('100644');
    expect(oidAt('main:content/posts/first.md')).toBe('');
    expect(
      (await api.get(`${repo}/content/posts/renamed`, { session: demo })).body.frontmatter,
    ).toEqual({ title: 'First' });
  });

  it('keeps an executable file executable', async () => {
    await service.github.commitFiles('demo', 'moves', {
      branch: 'main',
      message: 'Executable',
      author,
      changes: [{ path: 'content/posts/tool.md', content: post('Tool'), executable: true }],
    });
    const blob = oidAt('main:content/posts/tool.md');
    const response = await rename('posts', 'tool', { to: 'tool-2', sha: blob });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(oidAt('main:content/posts/tool-2.md')).toBe(blob);
    expect(modeOf(service, full, 'main', 'content/posts/tool-2.md')).toBe('100755');
  });
});

describe('a rename through a draft', () => {
  it("makes the new slug's draft with one commit; its review shows one rename entry; merging publishes it", async () => {
    const head = oidAt('main');
    const blob = oidAt('main:content/notes/old.md');
    const response = await rename('notes', 'old', { to: 'new', sha: blob, mode: 'branch' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      path: 'content/notes/new.md',
      sha: blob,
      previousPath: 'content/notes/old.md',
      branch: 'cms/notes/new',
    });
    expect(oidAt('main')).toBe(head);
    expect(oidAt('cms/notes/new:content/notes/new.md')).toBe(blob);
    expect(oidAt('cms/notes/new:content/notes/old.md')).toBe('');
    expect(oidAt('cms/notes/new~1')).toBe(head);
    const item = await api.get(`${repo}/content/notes/new?branch=cms/notes/new`, { session: demo });
    expect(item.status).toBe(200);
    expect(item.body.frontmatter).toEqual({ title: 'Old note' });

    const pull = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/notes/new', title: 'Rename old to new' },
      { session: demo },
    );
    expect(pull.status).toBe(200);
    const detail = await api.get(`${repo}/pulls/${pull.body.number}`, { session: demo });
    expect(detail.body.mergeBlockers).toEqual([]);
    const diff = await api.get(`${repo}/pulls/${pull.body.number}/diff`, { session: demo });
    expect(diff.body).toEqual([
      {
        collection: 'notes',
        slug: 'new',
        type: 'modified',
        path: 'content/notes/new.md',
        previousSlug: 'old',
        previousPath: 'content/notes/old.md',
        frontmatter: {
          fields: [{ name: 'title', oldValue: 'Old note', newValue: 'Old note', changed: false }],
        },
        body: {
          oldBody: '\nA note with a body long enough to stay the same file.\n',
          newBody: '\nA note with a body long enough to stay the same file.\n',
        },
      },
    ]);
    const merged = await api.put(`${repo}/pulls/${pull.body.number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(oidAt('main:content/notes/new.md')).toBe(blob);
    expect(oidAt('main:content/notes/old.md')).toBe('');
    expect((await api.get(`${repo}/content/notes/old`, { session: demo })).status).toBe(404);
  });

  it('survives a rebase, also when the renamed item was rewritten on its draft (reported as removed and added)', async () => {
    const response = await rename('notes', 'moving', {
      to: 'moved',
      sha: await shaOf('notes', 'moving'),
      mode: 'branch',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Rewritten on the draft, so git no longer sees a rename.
    const onDraft = (
      await api.get(`${repo}/content/notes/moved?branch=cms/notes/moved`, { session: demo })
    ).body;
    const saved = await api.put(
      `${repo}/content/notes/moved`,
      {
        frontmatter: { title: 'Moved, and rewritten entirely' },
        body: 'Nothing of the old text is left here at all; every line differs.\n',
        sha: onDraft.sha,
        mode: 'branch',
      },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pull = (
      await api.post(
        `${repo}/pulls`,
        { branch: 'cms/notes/moved', title: 'Move' },
        { session: demo },
      )
    ).body;
    expect(
      (await api.get(`${repo}/pulls/${pull.number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const diff = (await api.get(`${repo}/pulls/${pull.number}/diff`, { session: demo })).body;
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({
      slug: 'moved',
      type: 'modified',
      previousSlug: 'moving',
      previousPath: 'content/notes/moving.md',
    });
    // The default branch moves on; the draft is rebased onto it.
    await pushFiles(service, full, 'main', { 'content/notes/other.md': post('Other, edited') });
    const rebased = await api.post(`${repo}/pulls/${pull.number}/rebase`, {}, { session: demo });
    expect(rebased.status, JSON.stringify(rebased.body)).toBe(200);
    expect(oidAt('cms/notes/moved~1')).toBe(oidAt('main'));
    expect(oidAt('cms/notes/moved:content/notes/moving.md')).toBe('');
    expect(oidAt('cms/notes/moved:content/notes/moved.md')).toBe(saved.body.sha);
    const merged = await api.put(`${repo}/pulls/${pull.number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(oidAt('main:content/notes/moving.md')).toBe('');
    expect(oidAt('main:content/notes/moved.md')).toBe(saved.body.sha);
  });

  it('a draft that deletes another item without being a rename is still not a genuine draft', async () => {
    await pushFiles(service, full, 'cms/notes/other', {
      'content/notes/other.md': post('Other, again'),
      'content/notes/new.md': null,
    });
    const pull = (
      await api.post(
        `${repo}/pulls`,
        { branch: 'cms/notes/other', title: 'Sneaky' },
        { session: demo },
      )
    ).body;
    const detail = (await api.get(`${repo}/pulls/${pull.number}`, { session: demo })).body;
    expect(detail.mergeBlockers.map((blocker: { reason: string }) => blocker.reason)).toEqual([
      'foreign-files',
    ]);
    const merged = await api.put(`${repo}/pulls/${pull.number}/merge`, {}, { session: demo });
    expect(merged.status).toBe(409);
    expect(oidAt('main:content/notes/new.md')).not.toBe('');
  });
});
