import type { HostContext } from './context';
import { collaboration } from './pulls-state';
import type { CommitStatusRecord, RepoRecord } from './state';

/** Branch protection (required status checks only) and the commit statuses it reads. */

export const PROTECTED_BRANCH_DOCS = 'https://docs.github.com/articles/about-protected-branches';

export interface ProtectionRule {
  requiredStatusChecks?: string[];
}

export function setBranchProtection(ctx: HostContext, repo: RepoRecord, branch: string, rule: ProtectionRule | null): void {
  const records = collaboration(ctx).branchProtections;
  const index = records.findIndex((record) => record.repoId === repo.id && record.branch === branch);
  if (index >= 0) records.splice(index, 1);
  if (rule) records.push({ repoId: repo.id, branch, requiredStatusChecks: [...(rule.requiredStatusChecks ?? [])] });
  ctx.save();
}

export function requiredChecks(ctx: HostContext, repo: RepoRecord, branch: string): string[] {
  return collaboration(ctx).branchProtections.find((record) => record.repoId === repo.id && record.branch === branch)?.requiredStatusChecks ?? [];
}

/** The newest status per context for a commit, newest first (GitHub's combined status). */
export function latestStatuses(ctx: HostContext, repo: RepoRecord, sha: string): CommitStatusRecord[] {
  const seen = new Set<string>();
  const latest: CommitStatusRecord[] = [];
  const all = collaboration(ctx).commitStatuses.filter((status) => status.repoId === repo.id && status.sha === sha);
  for (const status of all.reverse()) {
    if (seen.has(status.context)) continue;
    seen.add(status.context);
    latest.push(status);
  }
  return latest;
}

/**
 * Why `sha` may not land on `branch`, in GitHub's words, or null when every required check passed.
 * Other writers (e.g. the contents API) can call this too: GitHub applies the rule to every update.
 */
export function requiredChecksFailure(ctx: HostContext, repo: RepoRecord, branch: string, sha: string): string | null {
  const statuses = latestStatuses(ctx, repo, sha);
  for (const context of requiredChecks(ctx, repo, branch)) {
    const status = statuses.find((candidate) => candidate.context === context);
    if (status?.state === 'success') continue;
    if (status?.state === 'failure' || status?.state === 'error') return `Required status check "${context}" is failing.`;
    return `Required status check "${context}" is expected.`;
  }
  return null;
}

/** Some non-required check failed (GitHub's `unstable` mergeable state). */
export function hasFailingStatus(ctx: HostContext, repo: RepoRecord, sha: string): boolean {
  return latestStatuses(ctx, repo, sha).some((status) => status.state === 'failure' || status.state === 'error');
}
