import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms sets create|ls|rm-item` and `cms content put --change-set` (the real binary) in local mode. */
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
      permissions: ['content:read', 'content:write', 'content:publish'],
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
});
