import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { compareAndSwapRef, resolveRef, startGitHubLocal } from '@cms/github-local';
import type { GitHost, RepoId } from '../../shared/ports/git-host';
import type { PullHost } from '../../shared/ports/pull-host';
import type { ReviewHost } from '../../shared/ports/review-host';
import { createMemoryReviewHost, type ReviewSetup } from '../fakes/memory-review-host';
import { restReviewSetup } from './review-setup';
import type { FileChange as AnyChange } from '../fakes/memory-git';

/** What a test commits: file contents or deletions (not blobs by oid, which only commitTree reuses). */
type FileChange = Exclude<AnyChange, { oid: string }>;
import { createMemoryGitHost } from '../fakes/memory-git-host';
import { createMemoryProvider } from '../fakes/memory-provider';
import { createMemoryPullHost } from '../fakes/memory-pull-host';
import { githubAdapters, githubHost, type GitHubAccess } from './github-target';

/**
 * A provider as the GitHost and PullHost contracts see it: both ports over one provider, three
 * users with different roles on the repositories the suite creates, and the provider's own ways
 * to change a repository behind the service's back (a push).
 */
export interface HostUnderTest {
  gitHost: GitHost;
  pullHost: PullHost;
  reviewHost: ReviewHost;
  /** Protection, rulesets, merge settings and checks, set up on the provider as its admin and a CI would. */
  reviewSetup: ReviewSetup;
  /** owner: admin; writer: push; reader: read only; invalid: a token the provider never issued. */
  tokens: { owner: string; writer: string; reader: string; invalid: string };
  logins: { owner: string; writer: string; reader: string };
  /** Bytes of text a snapshot returns before cutting it (`isTruncated`). */
  blobTextLimit: number;
  /**
   * A new private repository of the owner with `files` committed on `main` (none: an empty
   * repository). `shared: false` leaves out the writer and the reader; `installApp: false` keeps
   * the app off it, so that no user token reaches it.
   */
  createRepo(
    files: FileChange[],
    options?: { shared?: boolean; installApp?: boolean },
  ): Promise<SeededRepo>;
  /**
   * Where the provider cuts a recursive tree listing short from now on (null: its own limit); a
   * provider that never cuts one ignores it.
   */
  limitTrees(maxEntries: number | null): void;
  /** A push by the owner: one commit of `changes` on `branch` (started from `main` when missing); its sha. */
  commit(repo: RepoId, branch: string, changes: FileChange[]): Promise<string>;
  close(): Promise<void>;
}

/** A repository and the head of its `main` (null while it is empty). */
export type SeededRepo = RepoId & { main: string | null };

/**
 * What a test may need beyond the ports and one repository of one user; a target that lacks it
 * leaves the test out (see `itNeeds`):
 * - `roles`: three users with different roles (owner, writer, reader), and refusals between them;
 * - `repositories`: more repositories of the owner (one the others cannot see, one without the
 *   app, an empty one) next to the one a test writes in;
 * - `app`: the GitHub App's credentials (installation tokens, where the app is installed, check runs);
 * - `tree-limits`: telling the provider where to cut recursive tree listings short.
 */
export type HostControl = 'roles' | 'repositories' | 'app' | 'tree-limits';

/** A provider the contracts run against, with what it cannot do. */
export interface HostTarget {
  name: string;
  lacks: readonly HostControl[];
  make(): Promise<HostUnderTest>;
}

/**
 * `it`, or `it.skip` where the target lacks a control the test needs: a target-dependent exclusion
 * (the memory and local targets lack nothing, so every test runs in `npm test`).
 */
export const itNeeds = (target: HostTarget, ...controls: HostControl[]) =>
  it.skipIf(controls.some((control) => target.lacks.includes(control)));

export const memoryTarget: HostTarget = {
  name: 'in memory',
  lacks: [],
  make: async () => memoryHost(),
};
export const localTarget: HostTarget = {
  name: 'GitHub adapter on the local GitHub host',
  lacks: [],
  make: () => localGitHubHost(),
};
/** A GitHub reached with one token on one throwaway repository (`npm run test:github`). */
export const githubTarget = (access: GitHubAccess): HostTarget => ({
  name: `GitHub adapter on ${access.repo} at ${new URL(access.apiUrl).host}`,
  lacks: ['roles', 'repositories', 'app', 'tree-limits'],
  make: () => githubHost(access),
});

export const contractTextLimit = 1024;
const logins = { owner: 'demo', writer: 'alice', reader: 'bob' };
const uniqueName = () => `contract-${randomBytes(5).toString('hex')}`;

export function memoryHost(): HostUnderTest {
  const provider = createMemoryProvider({ blobTextLimit: contractTextLimit });
  const reviews = createMemoryReviewHost(provider);
  return {
    gitHost: createMemoryGitHost(provider),
    pullHost: createMemoryPullHost(provider),
    reviewHost: reviews.reviewHost,
    reviewSetup: reviews.setup,
    tokens: {
      owner: provider.issueToken(logins.owner),
      writer: provider.issueToken(logins.writer),
      reader: provider.issueToken(logins.reader),
      invalid: 'mem_never-issued',
    },
    logins,
    blobTextLimit: contractTextLimit,
    async createRepo(files, options = {}) {
      const repo = provider.createRepository({
        owner: logins.owner,
        name: uniqueName(),
        installApp: options.installApp ?? true,
        collaborators:
          options.shared === false ? {} : { [logins.writer]: 'write', [logins.reader]: 'read' },
      });
      const main =
        files.length > 0
          ? provider.commitFiles(repo.owner, repo.name, {
              branch: 'main',
              changes: files,
              message: 'Seed',
            }).commitSha
          : null;
      return { ...repo, main };
    },
    limitTrees() {},
    async commit(repo, branch, changes) {
      const refs = provider.repo(repo)!.refs;
      if (!refs.has(branch) && refs.has('main')) refs.set(branch, refs.get('main')!);
      return provider.commitFiles(repo.owner, repo.name, { branch, changes, message: 'A push' })
        .commitSha;
    },
    async close() {},
  };
}

/** The GitHub adapters against the local GitHub-compatible host (real git repositories, real HTTP). */
export async function localGitHubHost(): Promise<HostUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contract-github-'));
  const gh = await startGitHubLocal({ dataDir, blobTextLimit: contractTextLimit });
  const author = { name: 'Demo User', email: 'demo@example.com' };
  const commit = async (repo: RepoId, branch: string, changes: FileChange[], message: string) => {
    const gitDir = gh.gitDir(repo.owner, repo.name);
    const main = await resolveRef(gitDir, 'refs/heads/main');
    if (main && !(await resolveRef(gitDir, `refs/heads/${branch}`)))
      await compareAndSwapRef(gitDir, `refs/heads/${branch}`, main, null);
    return (await gh.commitFiles(repo.owner, repo.name, { branch, changes, message, author }))
      .commitSha;
  };
  const token = (login: string) => gh.issueUserToken(login).access_token;
  const ownerToken = token(logins.owner);
  return {
    ...githubAdapters({
      apiUrl: gh.apiUrl,
      app: { appId: gh.app.appId, privateKeyPem: gh.app.privateKeyPem },
    }),
    reviewSetup: restReviewSetup({ apiUrl: gh.apiUrl, token: ownerToken }),
    tokens: {
      owner: ownerToken,
      writer: token(logins.writer),
      reader: token(logins.reader),
      invalid: `ghu_${'x'.repeat(36)}`,
    },
    logins,
    blobTextLimit: contractTextLimit,
    async createRepo(files, options = {}) {
      const repo = await gh.createRepository({
        owner: logins.owner,
        name: uniqueName(),
        installApp: options.installApp ?? true,
        collaborators:
          options.shared === false ? {} : { [logins.writer]: 'write', [logins.reader]: 'read' },
      });
      const id = { owner: repo.owner, name: repo.name };
      return { ...id, main: files.length > 0 ? await commit(id, 'main', files, 'Seed') : null };
    },
    limitTrees: (maxEntries) =>
      gh.setTreeLimits(maxEntries === null ? null : { maxEntries, maxBytes: 7 * 1024 * 1024 }),
    commit: (repo, branch, changes) => commit(repo, branch, changes, 'A push'),
    async close() {
      await gh.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
