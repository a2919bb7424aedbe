import { permissionsForRole, userRole } from './access';
import { effectiveRules, requiredChecksFailure } from './branch-protection';
import type { HostContext } from './context';
import { collaboration } from './pulls-state';
import type { PullRecord, RepoRecord, ReviewRecord } from './state';

/** Pull request reviews as branch rules read them: who approved, who asked for changes. */

export function reviewsOf(ctx: HostContext, repo: RepoRecord, pull: PullRecord): ReviewRecord[] {
  return collaboration(ctx).reviews.filter(
    (review) => review.repoId === repo.id && review.pullNumber === pull.number,
  );
}

/**
 * Each reviewer's deciding review (their latest APPROVED, CHANGES_REQUESTED or DISMISSED one; a
 * later COMMENTED review changes nothing), counted only for reviewers with write access, as GitHub does.
 */
export function reviewDecisions(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
): Map<string, ReviewRecord['state']> {
  const decisions = new Map<string, ReviewRecord['state']>();
  for (const review of reviewsOf(ctx, repo, pull)) {
    if (review.state === 'COMMENTED' || review.state === 'PENDING') continue;
    if (!permissionsForRole(userRole(repo, review.user)).push) continue;
    decisions.set(review.user.toLowerCase(), review.state);
  }
  return decisions;
}

export type ReviewDecision = 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED';

/**
 * GraphQL's `PullRequest.reviewDecision`, from the same rules and reviews a merge is checked
 * against: null when the base's rules require no pull request review (GitHub's "no review
 * required"); CHANGES_REQUESTED while a reviewer with write access's deciding review asks for
 * changes; APPROVED once the required approvals are in (or, with none required, someone approved);
 * REVIEW_REQUIRED while approvals are missing. Reviews dismissed as stale do not count. As anyone
 * reading the pull request sees it: an admin's bypass of classic protection does not change it.
 * Code owners are not modelled (no CODEOWNERS file is read), so `require_code_owner_reviews` adds
 * nothing, as it adds nothing to the merge check.
 */
export function reviewDecision(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
): ReviewDecision | null {
  const rules = effectiveRules(ctx, repo, pull.baseRef);
  if (!rules.requiresPullRequest) return null;
  const decisions = [...reviewDecisions(ctx, repo, pull).values()];
  if (decisions.includes('CHANGES_REQUESTED')) return 'CHANGES_REQUESTED';
  const approvals = decisions.filter((state) => state === 'APPROVED').length;
  if (approvals < rules.requiredApprovals) return 'REVIEW_REQUIRED';
  return approvals > 0 ? 'APPROVED' : null;
}

/**
 * Why the pull request may not be merged into its base yet under the branch's rules, in GitHub's
 * words, or null. Reviews first, then required checks, then a strict (up to date) head.
 */
export function mergeBlocker(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
  options: { admin?: boolean; behind?: boolean } = {},
): string | null {
  const rules = effectiveRules(ctx, repo, pull.baseRef, options);
  if (rules.requiresPullRequest) {
    const decisions = [...reviewDecisions(ctx, repo, pull).values()];
    if (decisions.includes('CHANGES_REQUESTED'))
      return 'Changes have been requested by reviewers with write access.';
    const approvals = decisions.filter((state) => state === 'APPROVED').length;
    if (approvals < rules.requiredApprovals) {
      const needed = rules.requiredApprovals;
      return `At least ${needed} approving review${needed === 1 ? ' is' : 's are'} required by reviewers with write access.`;
    }
  }
  const checks = requiredChecksFailure(ctx, repo, pull.baseRef, pull.headSha, options);
  if (checks) return checks;
  if (rules.strict && options.behind)
    return 'Head branch is out of date. Review and try the merge again.';
  return null;
}

/** A new head was pushed: approvals on older commits are dismissed where the base's rules say so. */
export function dismissStaleApprovals(
  ctx: HostContext,
  repo: RepoRecord,
  pull: PullRecord,
): boolean {
  if (!effectiveRules(ctx, repo, pull.baseRef).dismissStaleReviews) return false;
  let changed = false;
  for (const review of reviewsOf(ctx, repo, pull)) {
    if (review.state === 'APPROVED' && review.commitId !== pull.headSha) {
      review.state = 'DISMISSED';
      changed = true;
    }
  }
  return changed;
}
