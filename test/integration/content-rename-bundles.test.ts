import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { oidOrEmpty, pushFiles } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Renaming a page bundle moves its folder: the item's file and every file beside it (images, a
 * subfolder), the same blobs and modes, in the rename's one commit, directly or on a draft.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const full = 'demo/bundles';
const repo = '/api/repos/demo%2Fbundles';
const author = { name: 'Site', email: 'site@example.com' };
/** The first bytes of a PNG: a NUL among them makes it binary by git's rule. */
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const guide = (title: string) => `---\ntitle: ${title}\n---\n\n![Cover](cover.png)\n`;

/** Every file at `rev`, path → "mode oid", as `git ls-tree -r` prints it. */
function filesAt(rev: string): Record<string, string> {
  const [owner = '', name = ''] = full.split('/');
  const out = execFileSync(
    'git',
    ['--git-dir', service.github.gitDir(owner, name), 'ls-tree', '-r', rev],
    { encoding: 'utf8' },
  );
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t');
        const [mode, , oid] = meta.split(' ');
        return [path, `${mode} ${oid}`];
      }),
  );
}

/** `files` with the folder `from` moved to `to`, as the rename must leave them. */
function moved(files: Record<string, string>, from: string, to: string) {
  return Object.fromEntries(
    Object.entries(files).map(([path, entry]) => [
      path.startsWith(`${from}/`) ? `${to}${path.slice(from.length)}` : path,
      entry,
    ]),
  );
}

const shaOf = async (slug: string) =>
  (await api.get(`${repo}/content/guides/${slug}`, { session: demo })).body.sha as string;
const rename = (slug: string, body: unknown) =>
  api.post(`${repo}/content/guides/${slug}/rename`, body, { session: demo });

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'bundles', installApp: true });
  const config = {
    name: 'Bundles',
    collections: {
      guides: {
        label: 'Guides',
        directory: 'content/guides',
        path: '{slug}/index.md',
        fields: [{ name: 'title', type: 'string', label: 'Title' }],
      },
    },
  };
  const bundle = (slug: string) => [
    { path: `content/guides/${slug}/index.md`, content: guide(slug) },
    { path: `content/guides/${slug}/cover.png`, content: png },
    { path: `content/guides/${slug}/run.sh`, content: '#!/bin/sh\necho hi\n', executable: true },
    { path: `content/guides/${slug}/data/map.json`, content: `{"slug":"${slug}"}\n` },
  ];
  await service.github.commitFiles('demo', 'bundles', {
    branch: 'main',
    message: 'Seed',
    author,
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      ...bundle('tour'),
      ...bundle('walk'),
      ...bundle('deep'),
      { path: 'content/guides/deep/data/more/notes.txt', content: 'Two levels down.\n' },
      { path: 'content/guides/taken/cover.png', content: png },
      { path: 'content/guides/other/index.md', content: guide('Other') },
      { path: 'content/guides/other/cover.png', content: png },
      ...bundle('pushed'),
    ],
  });
  expect((await api.post('/api/repos', { fullName: full }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('renaming a page bundle', () => {
  it('moves every file of its folder in one direct commit, the same blobs and modes, nothing else', async () => {
    const before = filesAt('main');
    const sha = await shaOf('tour');
    service.github.resetRequestCount();
    const response = await rename('tour', { to: 'city-tour', sha });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // As for a single file: the snapshot (with the bundle's folder), the item's mode, tree, commit, ref.
    expect(service.github.requestCount()).toBe(5);
    expect(response.body).toEqual({
      path: 'content/guides/city-tour/index.md',
      sha,
      previousPath: 'content/guides/tour/index.md',
    });
    expect(filesAt('main')).toEqual(
      moved(before, 'content/guides/tour', 'content/guides/city-tour'),
    );
    // One commit: its parent is the head renamed from.
    expect(filesAt('main~1')).toEqual(before);
    const item = await api.get(`${repo}/content/guides/city-tour`, { session: demo });
    expect(item.body.body).toContain('![Cover](cover.png)');
  });

  it("moves the whole folder on the new slug's draft, which is a genuine draft and publishes the move", async () => {
    const head = oidOrEmpty(service, full, 'main');
    const before = filesAt('main');
    const response = await rename('walk', {
      to: 'long-walk',
      sha: await shaOf('walk'),
      mode: 'branch',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.branch).toBe('cms/guides/long-walk');
    expect(oidOrEmpty(service, full, 'main')).toBe(head);
    expect(oidOrEmpty(service, full, 'cms/guides/long-walk~1')).toBe(head);
    const after = moved(before, 'content/guides/walk', 'content/guides/long-walk');
    expect(filesAt('cms/guides/long-walk')).toEqual(after);

    const pull = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/guides/long-walk', title: 'Rename walk' },
      { session: demo },
    );
    expect(pull.status, JSON.stringify(pull.body)).toBe(200);
    const detail = await api.get(`${repo}/pulls/${pull.body.number}`, { session: demo });
    expect(detail.body.mergeBlockers).toEqual([]);
    const merged = await api.put(`${repo}/pulls/${pull.body.number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(filesAt('main')).toEqual(after);
  });

  it('a pushed bundle move that changes a moved file, or moves a file of another folder, is not a genuine draft', async () => {
    const head = oidOrEmpty(service, full, 'main');
    await pushFiles(service, full, 'cms/guides/pushed-2', {
      'content/guides/pushed/index.md': null,
      'content/guides/pushed/cover.png': null,
      'content/guides/pushed/run.sh': null,
      'content/guides/other/cover.png': null,
      'content/guides/pushed-2/index.md': guide('pushed'),
      'content/guides/pushed-2/cover.png': Buffer.concat([png, Buffer.from([0x01])]),
      'content/guides/pushed-2/run.sh': '#!/bin/sh\necho hi\n',
      'content/guides/pushed-2/stray.png': png,
    });
    const pull = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/guides/pushed-2', title: 'Pushed' },
      { session: demo },
    );
    const detail = (await api.get(`${repo}/pulls/${pull.body.number}`, { session: demo })).body;
    const [blocker] = detail.mergeBlockers;
    expect(blocker.reason).toBe('foreign-files');
    // Changed bytes, a lost executable mode, a file taken from another bundle.
    expect(blocker.message).toContain(
      'content/guides/pushed-2/cover.png (not moved as it is from content/guides/pushed/cover.png)',
    );
    expect(blocker.message).toContain(
      'content/guides/pushed-2/run.sh (not moved as it is from content/guides/pushed/run.sh)',
    );
    // Moved from another item's bundle (reported as a rename from content/guides/other/cover.png).
    expect(blocker.message).toContain('content/guides/pushed-2/stray.png');
    expect(blocker.message).not.toContain('content/guides/pushed/cover.png,');
    const merged = await api.put(`${repo}/pulls/${pull.body.number}/merge`, {}, { session: demo });
    expect(merged.status).toBe(409);
    expect(oidOrEmpty(service, full, 'main')).toBe(head);
  });

  it('refuses a new slug whose folder exists, and a bundle nested too deep, changing nothing', async () => {
    const head = oidOrEmpty(service, full, 'main');
    const taken = await rename('other', { to: 'taken', sha: await shaOf('other') });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain('content/guides/taken/');
    const deep = await rename('deep', { to: 'deeper', sha: await shaOf('deep') });
    expect(deep.status).toBe(400);
    expect(deep.body.error).toContain('content/guides/deep/data/more');
    expect(oidOrEmpty(service, full, 'main')).toBe(head);
  });
});
