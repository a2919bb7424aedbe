import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { oidOrEmpty } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms content mv` and `cms content cp` (the real binary) against local mode, with an API token. */
let service: TestService;
let api: ApiClient;
let home: CliHome;
let token: string;
const blog = '/api/repos/demo%2Fblog';
const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));
const oidAt = (rev: string) => oidOrEmpty(service, 'demo/blog', rev);

beforeAll(async () => {
  const signedIn = await signedInService();
  ({ service, api } = signedIn);
  ({ token } = await signedIn.tokenApi({
    repos: ['demo/blog'],
    permissions: ['content:read', 'content:write', 'content:delete'],
  }));
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
});

describe('moving and copying items from the command line', () => {
  it('copies a page byte for byte with cp, and refuses an existing target with exit 3', async () => {
    const blob = oidAt('main:content/pages/about.md');
    expect(await cms(['content', 'cp', 'demo/blog', 'pages', 'about', 'about-2'])).toMatchObject({
      code: 0,
      stdout: 'Duplicated pages/about to pages/about-2 in demo/blog\n',
    });
    expect(oidAt('main:content/pages/about-2.md')).toBe(blob);
    const again = await cms(['content', 'cp', 'demo/blog', 'pages', 'about', 'about-2']);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('renames a page with mv in one commit, and a post with --draft, opening its pull request', async () => {
    const blob = oidAt('main:content/pages/about-2.md');
    expect(await cms(['content', 'mv', 'demo/blog', 'pages', 'about-2', 'about-us'])).toMatchObject(
      { code: 0, stdout: 'Renamed pages/about-2 to pages/about-us in demo/blog\n' },
    );
    expect(oidAt('main:content/pages/about-us.md')).toBe(blob);
    expect(oidAt('main:content/pages/about-2.md')).toBe('');

    const result = await cms([
      'content',
      'mv',
      'demo/blog',
      'posts',
      '2024-05-06-roadmap',
      'roadmap',
      '--draft',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout) as { branch: string; prNumber: number };
    expect(out).toMatchObject({
      ok: true,
      branch: 'cms/posts/roadmap',
      path: 'content/posts/roadmap.md',
    });
    expect((await api.get(`${blog}/pulls/${out.prNumber}/diff`, { token })).body).toMatchObject([
      { slug: 'roadmap', previousSlug: '2024-05-06-roadmap' },
    ]);
    const invalid = await cms(['content', 'mv', 'demo/blog', 'pages', 'about', 'Bad']);
    expect(invalid).toMatchObject({ code: 1, stderr: 'error: to: must be lowercase\n' });
  });
});
