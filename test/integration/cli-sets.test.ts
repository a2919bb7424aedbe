import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { pngBytes } from '../support/media';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/**
 * `cms sets create|ls|rm-item`, and `cms content put|mv|cp` and `cms media put` with --change-set
 * (the real binary) in local mode.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
let home: CliHome;
let token: string;
const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  token = (
    await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write', 'content:delete', 'content:publish'],
    })
  ).token;
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
});

describe('change sets from the command line', () => {
  it('creates a set, saves two items of two collections into it, lists and trims it', async () => {
    const created = await cms(['sets', 'create', 'demo/blog', 'launch', '--title', 'Launch']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Change set launch is #');
    for (const [collection, slug, field] of [
      ['posts', '2024-02-14-hello-world', 'title=Launch day'],
      ['authors', 'alice', 'name=Alice M.'],
    ] as const) {
      const saved = await cms([
        'content',
        'put',
        'demo/blog',
        collection,
        slug,
        '--set',
        field,
        '--change-set',
        'launch',
      ]);
      expect(saved.code, saved.stderr).toBe(0);
      expect(saved.stdout).toContain('in change set launch');
    }
    const listed = await cms(['sets', 'ls', 'demo/blog']);
    expect(listed.stdout).toContain('launch');
    expect(listed.stdout).toContain('authors/alice, posts/2024-02-14-hello-world');
    const removed = await cms(['sets', 'rm-item', 'demo/blog', 'launch', 'authors', 'alice']);
    expect(removed.code, removed.stderr).toBe(0);
    const sets = (await api.get(`${blog}/sets`, { session: demo })).body;
    expect(sets[0].items).toEqual([{ collection: 'posts', slug: '2024-02-14-hello-world' }]);
    const both = await cms([
      'content',
      'put',
      'demo/blog',
      'posts',
      'x',
      '--draft',
      '--change-set',
      'launch',
    ]);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain("'--change-set <name>' cannot be used with option '--draft'");
  });

  it('renames, copies and uploads media into a set', async () => {
    expect((await cms(['sets', 'create', 'demo/blog', 'moves'])).code).toBe(0);
    const moved = await cms([
      'content',
      'mv',
      'demo/blog',
      'posts',
      '2024-04-18-static-sites-and-git',
      'static-sites',
      '--change-set',
      'moves',
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(
      'Renamed posts/2024-04-18-static-sites-and-git to posts/static-sites in change set moves',
    );
    const copied = await cms([
      'content',
      'cp',
      'demo/blog',
      'authors',
      'bob',
      'bob-2',
      '--change-set',
      'moves',
    ]);
    expect(copied.code, copied.stderr).toBe(0);
    const files = await mkdtemp(join(tmpdir(), 'cms-set-media-'));
    try {
      await writeFile(join(files, 'Launch.png'), pngBytes(100));
      const uploaded = await cms([
        'media',
        'put',
        'demo/blog',
        join(files, 'Launch.png'),
        '--change-set',
        'moves',
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      expect(uploaded.stdout).toBe('/media/launch.png\n');
      expect(uploaded.stderr).toContain('on cms/_sets/moves');
    } finally {
      await rm(files, { recursive: true, force: true });
    }
    const sets = (await api.get(`${blog}/sets`, { session: demo })).body;
    expect(sets.find((set: { set: string }) => set.set === 'moves').items).toEqual(
      expect.arrayContaining([
        { collection: 'posts', slug: 'static-sites' },
        { collection: 'authors', slug: 'bob-2' },
      ]),
    );
    expect((await api.get(`${blog}/content/posts/static-sites`, { session: demo })).status).toBe(
      404,
    );
  });
});
