import type { RepoId } from '../ports/git-host';
import type { ReviewDecision } from '../ports/pull-host';
import {
  mergeMethodsFor,
  type BranchRules,
  type CheckInfo,
  type MergeMethod,
  type ReviewHost,
  type ReviewInfo,
} from '../ports/review-host';
import type { PublishBlocker, ReviewState } from './schemas';

/**
 * What the default branch's protection and rulesets ask of a draft before it may be published,
 * and where the draft stands: approvals (the latest review of each reviewer counts, as on
 * GitHub), changes requested, the required checks on its head, and the merge method both the
 * repository and the branch allow (squash when allowed). Four provider reads, in parallel;
 * `reviewDecision` is the pull request's own, read with it (no round trip of its own).
 */
export async function readPublishGate({
  reviewHost,
  token,
  repo,
  input,
}: {
  reviewHost: ReviewHost;
  token: string;
  repo: RepoId;
  input: {
    number: number;
    headSha: string;
    baseBranch: string;
    reviewDecision: ReviewDecision | null;
  };
}): Promise<ReviewState> {
  const [rules, repositoryMethods, reviews, checks] = await Promise.all([
    reviewHost.branchRules(token, repo, input.baseBranch),
    reviewHost.mergeMethods(token, repo),
    reviewHost.listReviews(token, repo, input.number),
    reviewHost.checkState(token, repo, input.headSha),
  ]);
  return publishGate({
    rules,
    repositoryMethods,
    reviews,
    checks,
    reviewDecision: input.reviewDecision,
  });
}

const passed = new Set(['success', 'neutral', 'skipped']);
const failed = new Set(['failure', 'error', 'cancelled', 'timed_out', 'action_required', 'stale']);

/** The latest decisive review of each reviewer: a comment neither approves nor withdraws an approval. */
function latestDecisions(reviews: readonly ReviewInfo[]): Map<string, ReviewInfo> {
  const latest = new Map<string, ReviewInfo>();
  for (const review of reviews) {
    if (
      review.state === 'APPROVED' ||
      review.state === 'CHANGES_REQUESTED' ||
      review.state === 'DISMISSED'
    )
      latest.set(review.author, review);
  }
  return latest;
}

const changesRequestedMessage = (logins: readonly string[]) =>
  logins.length > 0
    ? `Changes requested by ${logins.map((login) => `@${login}`).join(', ')}`
    : 'Changes requested by a reviewer';

/**
 * The review blockers. From the rules when they were read in full; when classic protection's
 * review rule could not be read (no admin rights: `branch-summary`), GitHub's review decision,
 * which every reader sees, adds what that rule asks (its count stays unknown).
 */
function reviewBlockers({
  rules,
  approvedBy,
  changesRequestedBy,
  decision,
}: {
  rules: BranchRules;
  approvedBy: readonly string[];
  changesRequestedBy: readonly string[];
  decision: ReviewDecision | null;
}): PublishBlocker[] {
  const blockers: PublishBlocker[] = [];
  const fromDecision = rules.classicSource === 'branch-summary';
  if (
    (changesRequestedBy.length > 0 && rules.requiredApprovingReviews > 0) ||
    (fromDecision && decision === 'CHANGES_REQUESTED')
  ) {
    blockers.push({
      reason: 'changes-requested',
      message: changesRequestedMessage(changesRequestedBy),
    });
  }
  const missing = rules.requiredApprovingReviews - approvedBy.length;
  if (missing > 0) {
    blockers.push({
      reason: 'reviews',
      message: `Needs ${missing} more approving review${missing === 1 ? '' : 's'} (${rules.requiredApprovingReviews} required)`,
    });
  } else if (fromDecision && decision === 'REVIEW_REQUIRED') {
    blockers.push({
      reason: 'reviews',
      message: `Needs ${approvedBy.length === 0 ? 'an approving review' : 'more approving reviews'} (required by the branch protection)`,
    });
  }
  return blockers;
}

export function publishGate({
  rules,
  repositoryMethods,
  reviews,
  checks,
  reviewDecision = null,
}: {
  rules: BranchRules;
  repositoryMethods: MergeMethod[];
  reviews: readonly ReviewInfo[];
  checks: readonly CheckInfo[];
  reviewDecision?: ReviewDecision | null;
}): ReviewState {
  const decisions = [...latestDecisions(reviews).values()];
  const approvedBy = decisions
    .filter((review) => review.state === 'APPROVED')
    .map((review) => review.author);
  const changesRequestedBy = decisions
    .filter((review) => review.state === 'CHANGES_REQUESTED')
    .map((review) => review.author);
  const methods = mergeMethodsFor(repositoryMethods, rules);
  const blockers = reviewBlockers({
    rules,
    approvedBy,
    changesRequestedBy,
    decision: reviewDecision,
  });
  for (const name of rules.requiredChecks) {
    const check = checks.find((candidate) => candidate.name === name);
    const link = check?.url ? { url: check.url } : {};
    if (!check)
      blockers.push({
        reason: 'checks-pending',
        message: `Check "${name}" has not reported yet`,
        check: name,
      });
    else if (failed.has(check.state))
      blockers.push({
        reason: 'checks-failing',
        message: `Check "${name}" is failing (${check.state})`,
        check: name,
        ...link,
      });
    else if (!passed.has(check.state))
      blockers.push({
        reason: 'checks-pending',
        message: `Check "${name}" is ${check.state}`,
        check: name,
        ...link,
      });
  }
  if (methods.length === 0)
    blockers.push({
      reason: 'merge-method',
      message: 'The repository and the branch rules allow no common merge method',
    });

  return {
    protected: rules.protected,
    requiredApprovingReviews: rules.requiredApprovingReviews,
    requiredChecks: rules.requiredChecks,
    approvedBy,
    changesRequestedBy,
    reviews: reviews.map((review) => ({
      author: review.author,
      state: review.state,
      body: review.body,
      submittedAt: review.submittedAt,
    })),
    checks: checks.map((check) => ({
      name: check.name,
      state: check.state,
      url: check.url,
      required: rules.requiredChecks.includes(check.name),
    })),
    mergeMethod: methods[0] ?? null,
    reviewDecision,
    publishBlockers: blockers,
  };
}
