import { expect } from 'vitest';
import { runGit } from '../src/git-command';
import type { GitHubLocal } from '../src/server';
import type { ApiResponse } from './helpers';

/** Shared steps of the pull request, merge, compare, comment and deployment suites. */

export const demoAuthor = { name: 'Demo User', email: 'demo@example.com' };

export async function headOf(
  gh: GitHubLocal,
  owner: string,
  repo: string,
  branch: string,
): Promise<string> {
  return (await runGit(gh.gitDir(owner, repo), ['rev-parse', `refs/heads/${branch}`])).trim();
}

/** Creates `branch` at `from` (a branch or sha) and commits `files` on it; returns the new head. */
export async function branchWith(
  gh: GitHubLocal,
  owner: string,
  repo: string,
  branch: string,
  files: Record<string, string | null>,
  options: { from?: string; message?: string } = {},
): Promise<string> {
  const gitDir = gh.gitDir(owner, repo);
  const from = (await runGit(gitDir, ['rev-parse', `${options.from ?? 'main'}^{commit}`])).trim();
  await runGit(gitDir, ['update-ref', `refs/heads/${branch}`, from, '0'.repeat(40)]);
  return commitOn(gh, owner, repo, branch, files, options.message ?? `Change ${branch}`);
}

/** Commits `files` (null deletes) on top of an existing branch; returns the new head. */
export async function commitOn(
  gh: GitHubLocal,
  owner: string,
  repo: string,
  branch: string,
  files: Record<string, string | null>,
  message = 'Edit',
): Promise<string> {
  const changes = Object.entries(files).map(([path, content]) =>
    content === null ? { path, delete: true as const } : { path, content },
  );
  const result = await gh.commitFiles(owner, repo, {
    branch,
    changes,
    message: `${message}\n`,
    author: demoAuthor,
  });
  return result.commitSha;
}

/**
 * For statuses whose body GitHub's OpenAPI description leaves undocumented (e.g. 409 of the merges
 * endpoint): the body is still GitHub's "Basic Error".
 */
export function expectBasicError(res: ApiResponse, status: number, message: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message,
    documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\//),
    status: String(status),
  });
}

/** A new repository owned by demo, with the app installed and one commit of `files` on main. */
export async function freshRepo(
  gh: GitHubLocal,
  name: string,
  files: Record<string, string> = { 'README.md': '# Site\n' },
  collaborators: Record<string, 'read' | 'write'> = {},
): Promise<string> {
  await gh.createRepository({ owner: 'demo', name, installApp: true, collaborators });
  const changes = Object.entries(files).map(([path, content]) => ({ path, content }));
  const result = await gh.commitFiles('demo', name, {
    branch: 'main',
    expectedHead: null,
    changes,
    message: 'Initial commit\n',
    author: demoAuthor,
  });
  return result.commitSha;
}
