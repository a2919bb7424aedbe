import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidOrEmpty } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { jpegBytes, pngBytes } from '../support/media';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms media ls|put|rm` (the real binary) against local mode and the demo blog's media folder, with an API token. */
let service: TestService;
let home: CliHome;
let token: string;
let files: string;
const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));
const oidAt = (rev: string) => oidOrEmpty(service, 'demo/blog', rev);

beforeAll(async () => {
  const signedIn = await signedInService();
  ({ service } = signedIn);
  ({ token } = await signedIn.tokenApi({
    repos: ['demo/blog'],
    permissions: ['content:read', 'content:write', 'content:delete'],
  }));
  home = await createCliHome(service.url);
  files = await mkdtemp(join(tmpdir(), 'cms-media-'));
  await writeFile(join(files, 'Sea View.png'), pngBytes(500));
  await writeFile(join(files, 'fake.png'), jpegBytes(80));
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
  if (files) await rm(files, { recursive: true, force: true });
});

describe('media from the command line', () => {
  it('lists the media folder with paths, public paths, sizes and shas', async () => {
    const listed = await cms(['media', 'ls', 'demo/blog']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('static/media/hills.png');
    expect(listed.stdout).toContain('/media/hills.png');
    expect(listed.stdout).toContain(oidAt('main:static/media/hills.png').slice(0, 7));
    const json = JSON.parse((await cms(['media', 'ls', 'demo/blog', '--json'])).stdout) as {
      path: string;
      sha: string;
    }[];
    expect(json).toEqual([
      expect.objectContaining({
        path: 'static/media/hills.png',
        publicPath: '/media/hills.png',
        sha: oidAt('main:static/media/hills.png'),
      }),
    ]);
  });

  it('puts a file in one commit and prints the path a field takes; a second put of the name is a conflict (exit 3)', async () => {
    const result = await cms(['media', 'put', 'demo/blog', join(files, 'Sea View.png')]);
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: '/media/sea-view.png\n' });
    expect(oidAt('main:static/media/sea-view.png')).toMatch(/^[0-9a-f]{40}$/);
    const again = await cms(['media', 'put', 'demo/blog', join(files, 'Sea View.png')]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/static\/media\/sea-view\.png/);
  });

  it('puts into an item’s draft with --draft and a chosen --name; refuses bytes of another type in the service’s words', async () => {
    const result = await cms([
      'media',
      'put',
      'demo/blog',
      join(files, 'Sea View.png'),
      '--name',
      'Cover.png',
      '--draft',
      'posts/2024-02-14-hello-world',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      path: 'static/media/cover.png',
      publicPath: '/media/cover.png',
      branch: 'cms/posts/2024-02-14-hello-world',
    });
    expect(oidAt('cms/posts/2024-02-14-hello-world:static/media/cover.png')).toMatch(
      /^[0-9a-f]{40}$/,
    );
    expect(oidAt('main:static/media/cover.png')).toBe('');
    const wrong = await cms(['media', 'put', 'demo/blog', join(files, 'fake.png')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/jpg/);
    expect(
      (await cms(['media', 'put', 'demo/blog', join(files, 'fake.png'), '--draft', 'posts'])).code,
    ).toBe(2);
  });

  it('removes a file by its current sha, and refuses a stale --sha with exit 3', async () => {
    const stale = await cms([
      'media',
      'rm',
      'demo/blog',
      'static/media/sea-view.png',
      '--sha',
      'a'.repeat(40),
    ]);
    expect(stale.code).toBe(3);
    expect(oidAt('main:static/media/sea-view.png')).not.toBe('');
    const removed = await cms(['media', 'rm', 'demo/blog', 'static/media/sea-view.png']);
    expect(removed).toMatchObject({
      code: 0,
      stdout: 'Deleted static/media/sea-view.png from demo/blog\n',
    });
    expect(oidAt('main:static/media/sea-view.png')).toBe('');
    const item = await cms([
      'media',
      'rm',
      'demo/blog',
      'content/posts/2024-02-14-hello-world.md',
      '--sha',
      oidAt('main:content/posts/2024-02-14-hello-world.md'),
    ]);
    expect(item.code).toBe(1);
    expect(item.stderr).toMatch(/not inside a media directory/);
    expect(oidAt('main:content/posts/2024-02-14-hello-world.md')).not.toBe('');
  });
});
