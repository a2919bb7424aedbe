import { effectiveRules, hasNonPassingCheck } from './branch-protection';
import { repoGitDir, type HostContext } from './context';
import { diffStats } from './git-diff';
import {
  branchHeads,
  countCommits,
  createCommit,
  mergeBase,
  mergeCommits,
  updateRefs,
  WEB_FLOW,
} from './git-merge';
import { collaboration, headRepoOf, pullKey, runtime, withLock } from './pulls-state';
import { isAncestor } from './git-refs';
import { isoSeconds } from './repos';
import { dismissStaleApprovals, mergeBlocker } from './reviews';
import type { PullRecord, RepoRecord } from './state';

/** How pull requests follow their branches, and GitHub's mergeability as a background job. */

export function gitDirOf(ctx: HostContext, repo: RepoRecord): string {
  return repoGitDir(ctx.dataDir, repo.owner, repo.name);
}

/**
 * Brings every open pull request of a repository up to date with its branches (one `for-each-ref`):
 * new head/base shas are recorded and `refs/pull/{n}/head` follows the head; a pull request whose head
 * or base branch was deleted is closed, as on GitHub. The head of a cross-repository pull request is
 * read from its fork. Serialised per repository so that an older snapshot never overwrites a newer
 * one. Answers the repository's own branch heads.
 */
export function syncRepoPulls(ctx: HostContext, repo: RepoRecord): Promise<Map<string, string>> {
  return withLock(ctx, `sync:${repo.id}`, async () => {
    const gitDir = gitDirOf(ctx, repo);
    const heads = await branchHeads(gitDir);
    const open = collaboration(ctx).pulls.filter(
      (pull) => pull.repoId === repo.id && pull.state === 'open',
    );
    const forkHeads = new Map<number, Promise<Map<string, string>>>();
    const headsOf = (pull: PullRecord) => {
      const headRepo = headRepoOf(ctx, repo, pull);
      if (headRepo === repo) return heads;
      if (!forkHeads.has(headRepo.id))
        forkHeads.set(headRepo.id, branchHeads(gitDirOf(ctx, headRepo)));
      return forkHeads.get(headRepo.id)!;
    };
    const now = isoSeconds(ctx.now());
    const refs: { ref: string; sha: string }[] = [];
    let changed = false;
    for (const pull of open) {
      if (pull.state !== 'open') continue;
      const head = (await headsOf(pull)).get(pull.headRef);
      const base = heads.get(pull.baseRef);
      if (!head || !base) {
        Object.assign(pull, { state: 'closed', closedAt: now, updatedAt: now });
        changed = true;
        continue;
      }
      if (head !== pull.headSha) {
        Object.assign(pull, { headSha: head, updatedAt: now });
        refs.push({ ref: `refs/pull/${pull.number}/head`, sha: head });
        dismissStaleApprovals(ctx, repo, pull);
        changed = true;
      }
      if (base !== pull.baseSha) {
        pull.baseSha = base;
        changed = true;
      }
    }
    if (changed) ctx.save();
    await updateRefs(gitDir, refs);
    return heads;
  });
}

export interface PullStats {
  commits: number;
  additions: number;
  deletions: number;
  changedFiles: number;
  mergeBase: string;
}

/** Commits and line counts between the merge base and the head (frozen shas once closed). */
export async function pullStats(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
  known?: { mergeBase: string; commits: number },
): Promise<PullStats> {
  const gitDir = gitDirOf(ctx, repo);
  const base =
    known?.mergeBase ?? (await mergeBase(gitDir, pull.baseSha, pull.headSha)) ?? pull.baseSha;
  const [commits, stats] = await Promise.all([
    known?.commits ?? countCommits(gitDir, base, pull.headSha),
    diffStats(gitDir, base, pull.headSha),
  ]);
  return {
    commits,
    additions: stats.additions,
    deletions: stats.deletions,
    changedFiles: stats.files,
    mergeBase: base,
  };
}

export interface MergeabilityView {
  mergeable: boolean | null;
  mergeableState: 'clean' | 'dirty' | 'blocked' | 'behind' | 'unstable' | 'unknown';
}

const UNKNOWN: MergeabilityView = { mergeable: null, mergeableState: 'unknown' };

function freshFor(
  pull: PullRecord,
  record: { headSha: string; baseSha: string } | null | undefined,
): boolean {
  return !!record && record.headSha === pull.headSha && record.baseSha === pull.baseSha;
}

/**
 * Starts (or joins) the mergeability check for the pull request's current shas: a real merge with
 * `git merge-tree`; when clean, the test merge commit becomes `merge_commit_sha` and `refs/pull/{n}/merge`.
 */
export function startMergeability(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
): Promise<void> {
  const { jobs } = runtime(ctx);
  const key = pullKey(pull);
  const existing = jobs.get(key);
  if (existing && freshFor(pull, existing)) return existing.promise;
  const { headSha, baseSha } = pull;
  const gitDir = gitDirOf(ctx, repo);
  const promise = (async () => {
    const outcome = await mergeCommits(gitDir, baseSha, headSha);
    let testMergeSha: string | null = null;
    if (outcome.clean) {
      const who = { ...WEB_FLOW, date: new Date(ctx.now()).toISOString() };
      testMergeSha = await createCommit(gitDir, {
        tree: outcome.tree,
        parents: [baseSha, headSha],
        message: `Merge ${headSha} into ${baseSha}\n`,
        author: who,
        committer: who,
      });
      await updateRefs(gitDir, [{ ref: `refs/pull/${pull.number}/merge`, sha: testMergeSha }]);
    }
    // The branches may have moved while git ran: only a result for the current shas is kept.
    if (pull.state === 'open' && pull.headSha === headSha && pull.baseSha === baseSha) {
      pull.mergeability = { headSha, baseSha, mergeable: outcome.clean, testMergeSha };
      pull.mergeCommitSha = testMergeSha;
      ctx.save();
    }
  })()
    .catch((error: unknown) =>
      console.error('[github-local] mergeability check failed', key, error),
    )
    .finally(() => {
      if (jobs.get(key)?.promise === promise) jobs.delete(key);
    });
  jobs.set(key, { headSha, baseSha, promise });
  return promise;
}

/**
 * `mergeable` / `mergeable_state` as GitHub reports them. In `background` mode (the default, like
 * GitHub's job) the first read after the head or base moved answers null/`unknown` and starts the
 * check; any later read waits for it and answers the boolean. In `sync` mode every read answers it.
 */
export async function mergeability(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
): Promise<MergeabilityView> {
  if (pull.state !== 'open') return UNKNOWN;
  if (!freshFor(pull, pull.mergeability)) {
    const job = runtime(ctx).jobs.get(pullKey(pull));
    if (job && freshFor(pull, job)) await job.promise;
    else {
      const started = startMergeability(ctx, repo, pull);
      if (runtime(ctx).mode === 'background') return UNKNOWN;
      await started;
    }
  }
  const result = pull.mergeability;
  if (!result || !freshFor(pull, result)) return UNKNOWN;
  if (!result.mergeable) return { mergeable: false, mergeableState: 'dirty' };
  // As a user without bypass sees it: reviews and required checks, then a strict rule's up-to-date head.
  if (mergeBlocker(ctx, repo, pull)) return { mergeable: true, mergeableState: 'blocked' };
  if (
    effectiveRules(ctx, repo, pull.baseRef).strict &&
    !(await isAncestor(gitDirOf(ctx, repo), pull.baseSha, pull.headSha))
  ) {
    return { mergeable: true, mergeableState: 'behind' };
  }
  if (hasNonPassingCheck(ctx, repo, pull.headSha))
    return { mergeable: true, mergeableState: 'unstable' };
  return { mergeable: true, mergeableState: 'clean' };
}
