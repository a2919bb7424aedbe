import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { realSiteFiles } from './real-sites';

/** git without the machine's own configuration, as a site owner's fresh clone behaves. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Site Owner',
      GIT_AUTHOR_EMAIL: 'owner@example.com',
      GIT_COMMITTER_NAME: 'Site Owner',
      GIT_COMMITTER_EMAIL: 'owner@example.com',
    },
  });

/** Writes `files` under `dir`, creating folders. */
export function writeFiles(dir: string, files: { path: string; content: Buffer | string }[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
}

/**
 * A real site (test/fixtures/real-sites) as its owner's working tree at `dir`: every file
 * committed on `main` (added with -f: some are named by the site's own .gitignore, yet tracked).
 */
export function checkoutRealSite(name: string, dir: string): void {
  writeFiles(dir, realSiteFiles(name));
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '--all', '--force');
  git(dir, 'commit', '--quiet', '--no-verify', '-m', 'site');
}
