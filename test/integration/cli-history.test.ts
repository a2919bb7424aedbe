import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms content log`, `cms content show --ref` and `cms content restore` (the real binary) against local mode, with an API token. */
let service: TestService;
let api: ApiClient;
let home: CliHome;
let token: string;
let session: string;
const about = '/api/repos/demo%2Fblog/content/pages/about';
const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));

beforeAll(async () => {
  const signedIn = await signedInService();
  ({ service, api, session } = signedIn);
  ({ token } = await signedIn.tokenApi({
    repos: ['demo/blog'],
    permissions: ['content:read', 'content:write'],
  }));
  home = await createCliHome(service.url);
  for (const title of ['About, take two', 'About, take three']) {
    const item = (await api.get(about, { session })).body;
    const saved = await api.put(
      about,
      { frontmatter: { ...item.frontmatter, title }, body: item.body, sha: item.sha },
      { session },
    );
    expect(saved.status).toBe(200);
  }
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
});

describe("an item's history from the command line", () => {
  it('lists the versions newest first, as a table and as JSON', async () => {
    const listed = await cms(['content', 'log', 'demo/blog', 'pages', 'about']);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^VERSION\s+DATE\s+AUTHOR\s+SLUG\s+MESSAGE$/);
    expect(lines[1]).toMatch(
      /^[0-9a-f]{7}\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+demo\s+about\s+Update pages\/about$/,
    );

    const json = await cms(['content', 'log', 'demo/blog', 'pages', 'about', '--json']);
    const versions = JSON.parse(json.stdout);
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(versions[0].sha).toBe(gitLog(service.github, 'demo/blog')[0]!.split(' ')[0]);
  });

  it('shows a version with show --ref, and restores it as a new commit, once', async () => {
    const versions = JSON.parse(
      (await cms(['content', 'log', 'demo/blog', 'pages', 'about', '--json'])).stdout,
    );
    const older = versions[1];
    const shown = await cms(['content', 'show', 'demo/blog', 'pages', 'about', '--ref', older.sha]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/title: About, take two/);

    const restored = await cms(['content', 'restore', 'demo/blog', 'pages', 'about', older.sha]);
    expect(restored).toMatchObject({
      code: 0,
      stdout: `Restored content/pages/about.md to ${older.sha.slice(0, 7)}\n`,
    });
    expect(gitShow(service.github, 'demo/blog', 'main:content/pages/about.md')).toBe(
      gitShow(service.github, 'demo/blog', `${older.sha}:content/pages/about.md`),
    );
    const commits = gitLog(service.github, 'demo/blog').length;

    const again = await cms(['content', 'restore', 'demo/blog', 'pages', 'about', older.sha]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already as in/);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits);
  });

  it('refuses a ref that is not a full sha with exit 1 and the service’s reason', async () => {
    const refused = await cms([
      'content',
      'show',
      'demo/blog',
      'pages',
      'about',
      '--ref',
      'HEAD~1',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/ref: must be a full commit sha/);
  });
});
