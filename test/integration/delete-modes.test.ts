import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** A collection locked to drafts is locked for deletions too: they go through a draft and its review. */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = '/api/repos/demo%2Flocked';
const author = { name: 'Site', email: 'site@example.com' };
const fields = [{ name: 'title', type: 'string', label: 'Title' }];
const post = (title: string) => `---\ntitle: ${title}\n---\n\nBody.\n`;

const exists = (ref: string, path: string) => {
  try {
    execFileSync(
      'git',
      ['--git-dir', service.github.gitDir('demo', 'locked'), 'cat-file', '-e', `${ref}:${path}`],
      { stdio: 'ignore' },
    );
    return true;
  } catch {
    return false;
  }
};
const shaOf = async (collection: string, slug: string) =>
  (await api.get(`${repo}/content/${collection}/${slug}`, { session: demo })).body.sha as string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'locked', installApp: true });
  const config = {
    name: 'Locked',
    collections: {
      notes: {
        label: 'Notes',
        directory: 'content/notes',
        fields,
        workflow: { default: 'pr', locked: true },
      },
      pages: {
        label: 'Pages',
        directory: 'content/pages',
        fields,
        workflow: { default: 'direct', locked: true },
      },
      posts: { label: 'Posts', directory: 'content/posts', fields },
    },
  };
  await service.github.commitFiles('demo', 'locked', {
    branch: 'main',
    message: 'Seed',
    author,
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      { path: 'content/notes/a.md', content: post('A') },
      { path: 'content/pages/b.md', content: post('B') },
      { path: 'content/posts/c.md', content: post('C') },
      { path: 'content/posts/d.md', content: post('D') },
    ],
  });
  expect(
    (await api.post('/api/repos', { fullName: 'demo/locked' }, { session: demo })).status,
  ).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('deleting in a collection locked to drafts', () => {
  it('refuses a direct delete with a 400 naming mode=branch, and commits nothing', async () => {
    const sha = await shaOf('notes', 'a');
    const before = gitLog(service.github, 'demo/locked').length;
    const response = await api.delete(`${repo}/content/notes/a?sha=${sha}`, { session: demo });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(
      /locked to draft branches and pull requests; send mode "branch"/,
    );
    expect(gitLog(service.github, 'demo/locked')).toHaveLength(before);
    expect(exists('main', 'content/notes/a.md')).toBe(true);
  });

  it('deletes on the draft branch with mode=branch; merging its review publishes the deletion', async () => {
    const sha = await shaOf('notes', 'a');
    const response = await api.delete(`${repo}/content/notes/a?sha=${sha}&mode=branch`, {
      session: demo,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, branch: 'cms/notes/a' });
    expect(exists('main', 'content/notes/a.md')).toBe(true);
    expect(exists('cms/notes/a', 'content/notes/a.md')).toBe(false);
    const pull = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/notes/a', title: 'Delete note a' },
      { session: demo },
    );
    expect(pull.status).toBe(200);
    const merged = await api.put(`${repo}/pulls/${pull.body.number}/merge`, {}, { session: demo });
    expect(merged.status).toBe(200);
    expect(exists('main', 'content/notes/a.md')).toBe(false);
  });
});

describe('other collections', () => {
  it('a collection locked to direct commits refuses mode=branch', async () => {
    const sha = await shaOf('pages', 'b');
    const response = await api.delete(`${repo}/content/pages/b?sha=${sha}&mode=branch`, {
      session: demo,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/send mode "direct"/);
    expect(exists('main', 'content/pages/b.md')).toBe(true);
  });

  it('an unlocked collection takes either mode', async () => {
    const direct = await api.delete(`${repo}/content/posts/c?sha=${await shaOf('posts', 'c')}`, {
      session: demo,
    });
    expect(direct.body).toEqual({ ok: true });
    expect(exists('main', 'content/posts/c.md')).toBe(false);
    const draft = await api.delete(
      `${repo}/content/posts/d?sha=${await shaOf('posts', 'd')}&mode=branch`,
      { session: demo },
    );
    expect(draft.body).toEqual({ ok: true, branch: 'cms/posts/d' });
    expect(exists('main', 'content/posts/d.md')).toBe(true);
  });

  it('a stale sha is a 409 and a missing item a 404, in either mode', async () => {
    const stale = 'f'.repeat(40);
    expect(
      (await api.delete(`${repo}/content/pages/b?sha=${stale}`, { session: demo })).status,
    ).toBe(409);
    expect(
      (await api.delete(`${repo}/content/pages/nope?sha=${stale}`, { session: demo })).status,
    ).toBe(404);
    expect(
      (await api.delete(`${repo}/content/notes/nope?sha=${stale}&mode=branch`, { session: demo }))
        .status,
    ).toBe(404);
  });
});
