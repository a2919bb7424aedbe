import type { RepoId } from '../../shared/ports/git-host';
import {
  createGitHubClient,
  noRetry,
  type GitHubClient,
} from '../../shared/adapters/github/github-client';
import type { FileChange as AnyChange } from '../fakes/memory-git';
import { createGitHubGitHost } from '../../shared/adapters/github/github-git-host';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { createGitHubReviewHost } from '../../shared/adapters/github/github-review-host';
import type { HostUnderTest, SeededRepo } from './host-under-test';
import { restReviewSetup } from './review-setup';

type FileChange = Exclude<AnyChange, { oid: string }>;

/**
 * The GitHub adapters against a host at an API URL: the one code path of every GitHub-backed
 * target (the local host in CI, github.com or a GitHub Enterprise Server in `npm run test:github`).
 */
export function githubAdapters(input: {
  apiUrl: string;
  app?: { appId: number; privateKeyPem: string };
}): Pick<HostUnderTest, 'gitHost' | 'pullHost' | 'reviewHost'> {
  return {
    gitHost: createGitHubGitHost({
      apiUrl: input.apiUrl,
      ...(input.app ? { app: input.app } : {}),
    }),
    pullHost: createGitHubPullHost({ apiUrl: input.apiUrl }),
    reviewHost: createGitHubReviewHost({ apiUrl: input.apiUrl }),
  };
}

/** What the suite needs to run against a GitHub: its REST base, a token and a repository it may rewrite. */
export interface GitHubAccess {
  /** REST base: https://api.github.com, or `<host>/api/v3` (GitHub Enterprise Server, the local host). */
  apiUrl: string;
  token: string;
  /** `owner/name` of a throwaway repository: the suite rewrites its `main` and deletes its other branches. */
  repo: string;
  /** Bytes of text GraphQL's Blob.text returns before cutting it: GitHub's observed 512,000. */
  blobTextLimit?: number;
}

/** The file every commit of the suite carries on `main`: a repository without it is not the suite's to rewrite. */
export const SUITE_MARKER = '.content-editing-contract';
const markerText =
  "This repository is rewritten by the content editing service's contract suite (npm run test:github).\n";

/**
 * The contract's provider as one token on one repository sees it, through GitHub's own REST API
 * only, so that it runs unchanged against github.com, a GitHub Enterprise Server or the local host.
 * One user holds every role (owner, writer and reader are the token's user) and there is one
 * repository: `createRepo` makes it look new (a root commit of the files on `main`, every other
 * branch deleted, which also closes their pull requests), so a test holds one repository at a time.
 * What it cannot do throws, and the tests that need it declare so (see HostControl).
 */
export async function githubHost(access: GitHubAccess): Promise<HostUnderTest> {
  const [owner, name] = access.repo.split('/');
  if (!owner || !name) throw new Error(`GITHUB_TEST_REPO must be owner/name, not "${access.repo}"`);
  const repo: RepoId = { owner, name };
  const client = createGitHubClient(access.token, { apiUrl: access.apiUrl });
  const at = { owner, repo: name };
  const viewer = (await client.request('GET /user')).data.login;
  const settings = (await client.request('GET /repos/{owner}/{repo}', at)).data;
  if (!settings.permissions?.push)
    throw new Error(
      `The token cannot push to ${access.repo}: give it Contents and Pull requests read and write on that repository`,
    );
  if (settings.default_branch !== 'main')
    throw new Error(
      `${access.repo}'s default branch is ${settings.default_branch}: the contract needs a repository whose default branch is main`,
    );
  await claim(client, repo);
  const logins = { owner: viewer, writer: viewer, reader: viewer };
  const token = access.token;
  return {
    ...githubAdapters({ apiUrl: access.apiUrl }),
    reviewSetup: restReviewSetup({ apiUrl: access.apiUrl, token }),
    tokens: { owner: token, writer: token, reader: token, invalid: `ghu_${'x'.repeat(36)}` },
    logins,
    blobTextLimit: access.blobTextLimit ?? 512_000,
    async createRepo(files, options = {}): Promise<SeededRepo> {
      if (options.shared === false || options.installApp === false || files.length === 0) {
        throw new Error(
          'One repository, one user: a hidden, app-less or empty repository needs the host control "repositories"',
        );
      }
      await deleteBranchesButMain(client, repo);
      const tree = await writeTree(client, repo, null, [
        ...files,
        { path: SUITE_MARKER, content: markerText },
      ]);
      const commit = await client.request('POST /repos/{owner}/{repo}/git/commits', {
        ...at,
        message: 'Seed',
        tree,
        parents: [],
        ...noRetry,
      });
      await client.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
        ...at,
        ref: 'heads/main',
        sha: commit.data.sha,
        force: true,
        ...noRetry,
      });
      return { ...repo, main: commit.data.sha };
    },
    limitTrees(maxEntries) {
      if (maxEntries !== null)
        throw new Error(
          'GitHub cuts recursive trees at its own limit only: this needs the host control "tree-limits"',
        );
    },
    async commit(target, branch, changes) {
      const head =
        (await refHead(client, target, branch)) ?? (await refHead(client, target, 'main'));
      if (!head)
        throw new Error(`${target.owner}/${target.name} has no main to start ${branch} from`);
      const base = (
        await client.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
          owner: target.owner,
          repo: target.name,
          commit_sha: head.sha,
        })
      ).data.tree.sha;
      const tree = changes.length === 0 ? base : await writeTree(client, target, base, changes);
      const commit = await client.request('POST /repos/{owner}/{repo}/git/commits', {
        owner: target.owner,
        repo: target.name,
        message: 'A push',
        tree,
        parents: [head.sha],
        ...noRetry,
      });
      const ref = { owner: target.owner, repo: target.name, sha: commit.data.sha, ...noRetry };
      if (head.branch === branch)
        await client.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
          ...ref,
          ref: `heads/${branch}`,
          force: false,
        });
      else
        await client.request('POST /repos/{owner}/{repo}/git/refs', {
          ...ref,
          ref: `refs/heads/${branch}`,
        });
      return commit.data.sha;
    },
    async close() {
      await deleteBranchesButMain(client, repo);
    },
  };
}

/**
 * Makes sure the repository is the suite's to rewrite: an empty one gets a first commit (GitHub's
 * git data API refuses an empty repository), one whose `main` lacks the marker is refused.
 */
async function claim(client: GitHubClient, repo: RepoId): Promise<void> {
  const at = { owner: repo.owner, repo: repo.name };
  if (!(await refHead(client, repo, 'main'))) {
    await client.request('PUT /repos/{owner}/{repo}/contents/{path}', {
      ...at,
      path: SUITE_MARKER,
      message: 'Claimed by the contract suite',
      content: Buffer.from(markerText).toString('base64'),
      branch: 'main',
      ...noRetry,
    });
    return;
  }
  const marker = await client.graphql<{ repository: { object: { oid: string } | null } | null }>(
    'query Marker($owner: String!, $name: String!, $expression: String!) { repository(owner: $owner, name: $name) { object(expression: $expression) { oid } } }',
    { owner: repo.owner, name: repo.name, expression: `main:${SUITE_MARKER}` },
  );
  if (!marker.repository?.object) {
    throw new Error(
      `${repo.owner}/${repo.name} has commits the contract suite did not make, and the suite rewrites main and deletes branches: give it a new, empty repository`,
    );
  }
}

async function refHead(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
): Promise<{ branch: string; sha: string } | null> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
      owner: repo.owner,
      repo: repo.name,
      ref: `heads/${branch}`,
    });
    return { branch, sha: data.object.sha };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/** A tree of `changes` over `base` (null: a tree of these files only); deletions and links as git has them. */
async function writeTree(
  client: GitHubClient,
  repo: RepoId,
  base: string | null,
  changes: FileChange[],
): Promise<string> {
  const at = { owner: repo.owner, repo: repo.name };
  const entries = await Promise.all(
    changes.map(async (change) => {
      if ('delete' in change)
        return { path: change.path, mode: '100644' as const, type: 'blob' as const, sha: null };
      const content = Buffer.isBuffer(change.content)
        ? change.content
        : Buffer.from(change.content, 'utf8');
      const blob = await client.request('POST /repos/{owner}/{repo}/git/blobs', {
        ...at,
        content: content.toString('base64'),
        encoding: 'base64',
        ...noRetry,
      });
      return {
        path: change.path,
        mode: change.symlink ? ('120000' as const) : ('100644' as const),
        type: 'blob' as const,
        sha: blob.data.sha,
      };
    }),
  );
  const tree = await client.request('POST /repos/{owner}/{repo}/git/trees', {
    ...at,
    tree: entries,
    ...(base ? { base_tree: base } : {}),
    ...noRetry,
  });
  return tree.data.sha;
}

/**
 * Every open pull request is closed and every branch but main goes. (GitHub closes a pull request
 * whose head branch is deleted; the local host notices only at its next read, after a test may
 * have made a branch of that name again, so they are closed first.)
 */
async function deleteBranchesButMain(client: GitHubClient, repo: RepoId): Promise<void> {
  const at = { owner: repo.owner, repo: repo.name };
  for (;;) {
    const { repository } = await client.graphql<{
      repository: {
        refs: { nodes: { name: string }[] };
        pullRequests: { nodes: { number: number }[] };
      };
    }>(
      `query Leftovers($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
        refs(refPrefix: "refs/heads/", first: 100) { nodes { name } }
        pullRequests(states: [OPEN], first: 100) { nodes { number } }
      } }`,
      { owner: repo.owner, name: repo.name },
    );
    const branches = repository.refs.nodes
      .map((node) => node.name)
      .filter((branch) => branch !== 'main');
    const pulls = repository.pullRequests.nodes.map((node) => node.number);
    if (branches.length === 0 && pulls.length === 0) return;
    for (const number of pulls)
      await client.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
        ...at,
        pull_number: number,
        state: 'closed',
        ...noRetry,
      });
    for (const branch of branches)
      await client.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', {
        ...at,
        ref: `heads/${branch}`,
        ...noRetry,
      });
  }
}
