import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, runCheckoutCli } from './cli-support';

/** `cms dev [dir]`: local mode serving one working tree, as `npm start -- --site DIR`. */

let root: string;
let site: string;

const env = (dataDir: string) => ({
  PATH: process.env.PATH ?? '',
  ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  HOME: root,
  PORT: '0',
  GITHUB_LOCAL_PORT: '0',
  CMS_DATA_DIR: dataDir,
});

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-dev-'));
  site = path.join(root, 'my-site');
  await mkdir(path.join(site, 'content/posts'), { recursive: true });
  const config = {
    name: 'My site',
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        fields: [{ name: 'title', type: 'string', label: 'Title' }],
      },
    },
  };
  await writeFile(path.join(site, 'cms.config.json'), JSON.stringify(config));
  await writeFile(path.join(site, 'content/posts/hello.md'), '---\ntitle: Hello\n---\nHi.\n');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: site,
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git(
    '-c',
    'user.name=Owner',
    '-c',
    'user.email=owner@example.com',
    'commit',
    '--quiet',
    '-m',
    'Site',
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('cms dev', () => {
  it('starts local mode with the directory connected as local/<dir name>, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [binPath, 'dev', site], {
      env: env(path.join(root, 'data')),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const done = new Promise<number | null>((resolve) => child.on('close', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => /\bready in\b/.test(stdout) && resolve());
      void done.then(() => reject(new Error(`cms dev exited early: ${stderr}`)));
    });
    await ready;
    expect(stdout).toContain(`local/my-site  (${site}, branch main; connected)`);
    const service = /CMS service:\s+(http:\/\/\S+)/.exec(stdout)?.[1];
    expect((await fetch(`${service}/api/health`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await done).toBe(0);
  });

  it('says plainly when the directory is not a git working tree (exit 2)', async () => {
    const result = await runCheckoutCli(
      ['dev', path.join(root, 'missing')],
      env(path.join(root, 'data-2')),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no such directory/);
  });
});
