import { execFileSync } from 'node:child_process';
import type { GitHubLocal } from '@cms/github-local';

/** Reads the truth straight from the local host's bare repository, as a user's `git clone` would. */
export const gitShow = (github: GitHubLocal, repo: string, revAndPath: string): string => {
  const [owner = '', name = ''] = repo.split('/');
  return execFileSync('git', ['--git-dir', github.gitDir(owner, name), 'show', revAndPath], {
    encoding: 'utf8',
  });
};

export const gitLog = (github: GitHubLocal, repo: string, ref = 'main'): string[] => {
  const [owner = '', name = ''] = repo.split('/');
  return execFileSync(
    'git',
    ['--git-dir', github.gitDir(owner, name), 'log', '--format=%H %an %s', ref],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n');
};
