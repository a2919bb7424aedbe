import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHubLocal } from '@cms/github-local';
import type { TestProject } from 'vitest/node';
import type { GitHubAccess } from '../contract/github-target';

declare module 'vitest' {
  export interface ProvidedContext {
    github: GitHubAccess;
  }
}

const howTo =
  'npm run test:github runs the GitHost, PullHost and ReviewHost contracts against GitHub: set GITHUB_TOKEN (a fine-grained token with Contents, Pull requests and Administration read and write on one repository) and GITHUB_TEST_REPO (owner/name of a new, empty repository the suite may rewrite); GITHUB_API_URL for a GitHub Enterprise Server (https://<host>/api/v3). GITHUB_DRY_RUN=1 runs the same suite against a local GitHub host instead. See docs/testing.md.';

/**
 * Where the suite runs: the GitHub the environment names, or with GITHUB_DRY_RUN=1 a local host
 * started here with a new empty repository, reached the same way (an API URL, a token, a
 * repository), which proves the wiring without a network. Without either it fails, saying what to set.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  if (process.env.GITHUB_DRY_RUN === '1') {
    const dataDir = await mkdtemp(join(tmpdir(), 'contract-github-dry-run-'));
    const gh = await startGitHubLocal({ dataDir });
    const repo = await gh.createRepository({
      owner: 'demo',
      name: 'contract-dry-run',
      installApp: true,
    });
    project.provide('github', {
      apiUrl: gh.apiUrl,
      token: gh.issueUserToken('demo').access_token,
      repo: `${repo.owner}/${repo.name}`,
    });
    return async () => {
      await gh.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const missing = ['GITHUB_TOKEN', 'GITHUB_TEST_REPO'].filter((name) => !process.env[name]);
  if (missing.length > 0) throw new Error(`${missing.join(' and ')} not set. ${howTo}`);
  project.provide('github', {
    apiUrl: process.env.GITHUB_API_URL ?? 'https://api.github.com',
    token: process.env.GITHUB_TOKEN!,
    repo: process.env.GITHUB_TEST_REPO!,
  });
  return undefined;
}
