import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from './helpers';

const exec = promisify(execFile);
const GIT_ENV = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

describe('read-only git over HTTP', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startTestHost();
  });
  afterAll(() => host.dispose());

  const cloneUrl = (token: string, repo: string) => {
    const url = new URL(`${host.gh.url}/demo/${repo}.git`);
    url.username = 'x-access-token';
    url.password = token;
    return url.toString();
  };

  it('clones with a user token as the basic-auth password', async () => {
    const target = join(host.dataDir, 'clone-blog');
    await exec(
      'git',
      ['clone', '--quiet', cloneUrl(host.gh.issueUserToken('alice').access_token, 'blog'), target],
      { env: GIT_ENV },
    );
    expect(existsSync(join(target, 'cms.config.json'))).toBe(true);
    const { stdout } = await exec('git', ['-C', target, 'log', '--oneline'], { env: GIT_ENV });
    expect(stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);
  });

  it('refuses callers without access, without credentials, and pushes', async () => {
    const bob = host.gh.issueUserToken('bob').access_token;
    await expect(
      exec('git', ['ls-remote', cloneUrl(bob, 'blog')], { env: GIT_ENV }),
    ).rejects.toThrow(/not found/i);
    await expect(
      exec('git', ['ls-remote', `${host.gh.url}/demo/blog.git`], { env: GIT_ENV }),
    ).rejects.toThrow();
    const res = await fetch(`${host.gh.url}/demo/blog.git/info/refs?service=git-receive-pack`);
    expect(res.status).toBe(403);
  });
});
