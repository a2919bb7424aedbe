import { repoPermissions, type Caller } from './access';
import type { HostContext } from './context';
import { collaboration } from './pulls-state';
import { activeRulesets } from './rulesets';
import type {
  BranchProtectionRecord,
  CheckRunRecord,
  CommitStatusRecord,
  RepoRecord,
} from './state';

/**
 * A branch's effective rules: classic branch protection and the active rulesets that target it,
 * combined (the strictest of each), and the check state those rules read (commit statuses and
 * check runs, by context or check name).
 */

export const PROTECTED_BRANCH_DOCS = 'https://docs.github.com/articles/about-protected-branches';

/** The test control's rule (required status checks only); the REST endpoint stores the full record. */
export interface ProtectionRule {
  requiredStatusChecks?: string[];
}

export type MergeMethod = 'merge' | 'squash' | 'rebase';

export interface EffectiveRules {
  /** Some classic protection or active ruleset applies. */
  protected: boolean;
  requiresPullRequest: boolean;
  requiredApprovals: number;
  dismissStaleReviews: boolean;
  requiredChecks: string[];
  strict: boolean;
  linearHistory: boolean;
  /** Methods the branch's rules allow (the repository's own settings are checked separately). */
  allowedMergeMethods: MergeMethod[];
  allowForcePushes: boolean;
  allowDeletions: boolean;
}

export function setBranchProtection(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  rule: ProtectionRule | BranchProtectionRecord | null,
): void {
  const records = collaboration(ctx).branchProtections;
  const index = records.findIndex(
    (record) => record.repoId === repo.id && record.branch === branch,
  );
  if (index >= 0) records.splice(index, 1);
  if (rule)
    records.push({
      ...rule,
      repoId: repo.id,
      branch,
      requiredStatusChecks: [...(rule.requiredStatusChecks ?? [])],
    });
  ctx.save();
}

export function protectionOf(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
): BranchProtectionRecord | undefined {
  return collaboration(ctx).branchProtections.find(
    (record) => record.repoId === repo.id && record.branch === branch,
  );
}

const ALL_METHODS: MergeMethod[] = ['merge', 'squash', 'rebase'];

/**
 * The rules that bind `branch` for a caller. With `enforce_admins` off, classic protection does not
 * bind admins (GitHub lets them bypass it); rulesets bind everyone (bypass actors are not modelled).
 */
export function effectiveRules(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  options: { admin?: boolean } = {},
): EffectiveRules {
  const out: EffectiveRules = {
    protected: false,
    requiresPullRequest: false,
    requiredApprovals: 0,
    dismissStaleReviews: false,
    requiredChecks: [],
    strict: false,
    linearHistory: false,
    allowedMergeMethods: [...ALL_METHODS],
    allowForcePushes: true,
    allowDeletions: true,
  };
  const classic = protectionOf(ctx, repo, branch);
  const checks = new Set<string>();
  if (classic) out.protected = true;
  if (classic && !(options.admin && classic.enforceAdmins === false)) {
    if (typeof classic.requiredApprovingReviewCount === 'number') {
      out.requiresPullRequest = true;
      out.requiredApprovals = classic.requiredApprovingReviewCount;
      out.dismissStaleReviews = classic.dismissStaleReviews === true;
    }
    for (const context of classic.requiredStatusChecks) checks.add(context);
    out.strict = classic.strict === true;
    out.linearHistory = classic.requiredLinearHistory === true;
    out.allowForcePushes = classic.allowForcePushes === true;
    out.allowDeletions = classic.allowDeletions === true;
  }
  for (const ruleset of activeRulesets(ctx, repo, branch)) {
    out.protected = true;
    for (const rule of ruleset.rules) {
      const parameters = rule.parameters ?? {};
      if (rule.type === 'pull_request') {
        out.requiresPullRequest = true;
        out.requiredApprovals = Math.max(
          out.requiredApprovals,
          Number(parameters.required_approving_review_count ?? 0),
        );
        out.dismissStaleReviews ||= parameters.dismiss_stale_reviews_on_push === true;
        const allowed = parameters.allowed_merge_methods;
        if (Array.isArray(allowed))
          out.allowedMergeMethods = out.allowedMergeMethods.filter((method) =>
            allowed.includes(method),
          );
      } else if (rule.type === 'required_status_checks') {
        const list = Array.isArray(parameters.required_status_checks)
          ? (parameters.required_status_checks as { context?: unknown }[])
          : [];
        for (const check of list) if (typeof check.context === 'string') checks.add(check.context);
        out.strict ||= parameters.strict_required_status_checks_policy === true;
      } else if (rule.type === 'required_linear_history') out.linearHistory = true;
      else if (rule.type === 'non_fast_forward') out.allowForcePushes = false;
      else if (rule.type === 'deletion') out.allowDeletions = false;
    }
  }
  if (out.linearHistory)
    out.allowedMergeMethods = out.allowedMergeMethods.filter((method) => method !== 'merge');
  out.requiredChecks = [...checks];
  return out;
}

/** The newest status per context for a commit, newest first (GitHub's combined status). */
export function latestStatuses(
  ctx: HostContext,
  repo: RepoRecord,
  sha: string,
): CommitStatusRecord[] {
  const seen = new Set<string>();
  const latest: CommitStatusRecord[] = [];
  const all = collaboration(ctx).commitStatuses.filter(
    (status) => status.repoId === repo.id && status.sha === sha,
  );
  for (const status of all.reverse()) {
    if (seen.has(status.context)) continue;
    seen.add(status.context);
    latest.push(status);
  }
  return latest;
}

/** The newest check run per name for a commit. */
export function latestCheckRuns(ctx: HostContext, repo: RepoRecord, sha: string): CheckRunRecord[] {
  const seen = new Set<string>();
  const latest: CheckRunRecord[] = [];
  for (const run of collaboration(ctx)
    .checkRuns.filter((record) => record.repoId === repo.id && record.headSha === sha)
    .reverse()) {
    if (seen.has(run.name)) continue;
    seen.add(run.name);
    latest.push(run);
  }
  return latest;
}

type CheckOutcome = 'success' | 'failure' | 'pending';

/** A check run as branch protection reads it: neutral and skipped pass, as on GitHub. */
export function checkRunOutcome(run: CheckRunRecord): CheckOutcome {
  if (run.status !== 'completed') return 'pending';
  return run.conclusion === 'success' ||
    run.conclusion === 'neutral' ||
    run.conclusion === 'skipped'
    ? 'success'
    : 'failure';
}

function outcomesOf(ctx: HostContext, repo: RepoRecord, sha: string): Map<string, CheckOutcome> {
  const outcomes = new Map<string, CheckOutcome>();
  for (const status of latestStatuses(ctx, repo, sha)) {
    outcomes.set(
      status.context,
      status.state === 'success' ? 'success' : status.state === 'pending' ? 'pending' : 'failure',
    );
  }
  // A check run and a status of the same name: the failing one wins.
  for (const run of latestCheckRuns(ctx, repo, sha)) {
    const outcome = checkRunOutcome(run);
    if (outcomes.get(run.name) !== 'failure')
      outcomes.set(
        run.name,
        outcome === 'success' && outcomes.get(run.name) === 'pending' ? 'pending' : outcome,
      );
  }
  return outcomes;
}

/**
 * Why `sha` may not land on `branch`, in GitHub's words, or null when every required check passed.
 * Other writers (e.g. the contents API) call this too: GitHub applies the rule to every update.
 */
export function requiredChecksFailure(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  sha: string,
  options: { admin?: boolean } = {},
): string | null {
  const outcomes = outcomesOf(ctx, repo, sha);
  for (const context of effectiveRules(ctx, repo, branch, options).requiredChecks) {
    const outcome = outcomes.get(context);
    if (outcome === 'success') continue;
    if (outcome === 'failure') return `Required status check "${context}" is failing.`;
    return `Required status check "${context}" is expected.`;
  }
  return null;
}

/**
 * Some check is failing or still pending. Read once the required ones passed, that is GitHub's
 * `unstable` mergeable state: "failing/pending commit status that is not part of the required
 * status checks"; merging is allowed.
 */
export function hasNonPassingCheck(ctx: HostContext, repo: RepoRecord, sha: string): boolean {
  return [...outcomesOf(ctx, repo, sha).values()].some((outcome) => outcome !== 'success');
}

/** GitHub's refusal of a direct update of a protected branch (not a pull request merge), or null. */
export function pushRefusal(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
  update: { newSha: string | null; fastForward: boolean; admin: boolean; mergeCommit?: boolean },
): string | null {
  const rules = effectiveRules(ctx, repo, branch, { admin: update.admin });
  if (update.newSha === null)
    return rules.allowDeletions ? null : 'Cannot delete this protected branch';
  if (!update.fastForward && !rules.allowForcePushes) return 'Cannot force-push to this branch';
  if (rules.requiresPullRequest) return 'Changes must be made through a pull request.';
  if (rules.linearHistory && update.mergeCommit)
    return 'This branch must not contain merge commits.';
  return requiredChecksFailure(ctx, repo, branch, update.newSha, { admin: update.admin });
}

/** Admin users may bypass classic protection without `enforce_admins`; apps never do here. */
export function bypassesProtection(ctx: HostContext, caller: Caller, repo: RepoRecord): boolean {
  return caller.kind === 'user' && repoPermissions(ctx, caller, repo)?.admin === true;
}

/** A commit not yet written has no statuses or check runs: required checks always refuse it. */
export const UNWRITTEN_COMMIT = '0'.repeat(40);
