import type { RepoId } from './git-host';

/**
 * ReviewHost: a branch's rules, the repository's merge methods, pull request reviews and the
 * checks on a commit, for the review workflow of organisations. Like PullHost, every call takes
 * the acting user's own provider token.
 */

export type MergeMethod = 'squash' | 'merge' | 'rebase';

/** Classic branch protection and the rulesets targeting the branch, normalised into one shape. */
export interface BranchRules {
  /** Some protection or ruleset applies to the branch. */
  protected: boolean;
  /** Changes reach the branch only through pull requests. */
  requiresPullRequest: boolean;
  /** Approving reviews (from users with write access) a pull request needs; 0 when none. */
  requiredApprovingReviews: number;
  /** Check names (status contexts or check run names) that must succeed on the head. */
  requiredChecks: string[];
  /** The head must contain the base before merging (GitHub's `strict`). */
  strictChecks: boolean;
  /** Merge methods the branch's rules allow (linear history leaves out `merge`); the repository's own settings are `mergeMethods`. */
  allowedMergeMethods: MergeMethod[];
  linearHistory: boolean;
  /**
   * `protection`: classic protection was read in full (the user is an admin). `branch-summary`:
   * the provider refused it (403, not an admin), so classic protection is known from the branch's
   * summary only (protected or not, required checks); its review rules are unknown and only the
   * rulesets' count.
   */
  classicSource: 'protection' | 'branch-summary';
}

export type ReviewEvent = 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';

export interface ReviewInfo {
  id: number;
  author: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';
  body: string;
  /** null while pending. */
  submittedAt: string | null;
  /** The head commit the review was made on. */
  commitId: string;
  htmlUrl: string;
}

export type CheckState =
  | 'pending'
  | 'success'
  | 'failure'
  | 'neutral'
  | 'skipped'
  | 'cancelled'
  | 'timed_out'
  | 'action_required'
  | 'stale'
  | 'error';

export interface CheckInfo {
  /** The check run's name or the commit status's context. */
  name: string;
  state: CheckState;
  /** Where to see it: the check run's details URL (else its page), the status's target URL. */
  url: string | null;
  kind: 'check-run' | 'status';
}

/** One line range of a check run's report on a file, as the App that ran it wrote it. */
export interface CheckAnnotation {
  /** The file, from the repository root. */
  path: string;
  startLine: number;
  endLine: number;
  level: 'notice' | 'warning' | 'failure';
  message: string;
  title: string | null;
}

/** A check run with its report: what an App (CI, the service's own content check) wrote. */
export interface CheckRunInfo {
  id: number;
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  /** null until the run completes. */
  conclusion: string | null;
  title: string | null;
  summary: string | null;
  /** Where to see it: the run's details URL, else its page. */
  url: string | null;
  /** Every annotation the run holds; `annotations` carries the first of them (checkRunAnnotationsRead). */
  annotationsCount: number;
  annotations: CheckAnnotation[];
}

/** The annotations read of each run: one page, so a run's report costs one round trip. */
export const checkRunAnnotationsRead = 50;

export interface ReviewHost {
  /** The effective rules of `branch` (unprotected: nothing required, every method allowed). */
  branchRules(token: string, repo: RepoId, branch: string): Promise<BranchRules>;
  /**
   * The merge methods the repository's settings allow. GitHub shows the settings only to users who
   * may push (those who can merge); for others every method counts as allowed.
   */
  mergeMethods(token: string, repo: RepoId): Promise<MergeMethod[]>;
  /** Every review of the pull request, oldest first. */
  listReviews(token: string, repo: RepoId, number: number): Promise<ReviewInfo[]>;
  /** InvalidInputError with the provider's reason when it refuses (e.g. approving one's own pull request). */
  createReview(
    token: string,
    repo: RepoId,
    number: number,
    input: { event: ReviewEvent; body: string },
  ): Promise<ReviewInfo>;
  /** Adds reviewers; answers the logins requested now. InvalidInputError when one cannot be asked. */
  requestReviewers(
    token: string,
    repo: RepoId,
    number: number,
    reviewers: string[],
  ): Promise<string[]>;
  /** Check runs and commit statuses of a commit (newest per name), in one list. */
  checkState(token: string, repo: RepoId, ref: string): Promise<CheckInfo[]>;
  /**
   * The check runs of a commit (newest per name) with their reports: one round trip for the runs,
   * one more for each run that has annotations (its first `checkRunAnnotationsRead`).
   */
  checkRuns(token: string, repo: RepoId, ref: string): Promise<CheckRunInfo[]>;
}

/** The methods both the repository and the branch allow, in GitHub's order of preference here. */
export function mergeMethodsFor(
  repository: MergeMethod[],
  rules: Pick<BranchRules, 'allowedMergeMethods'>,
): MergeMethod[] {
  return (['squash', 'merge', 'rebase'] as const).filter(
    (method) => repository.includes(method) && rules.allowedMergeMethods.includes(method),
  );
}
