import { findRepo } from './access';
import { setBranchProtection, type ProtectionRule } from './branch-protection';
import type { HostContext } from './context';
import { resolveCommitish } from './git-merge';
import { gitDirOf, syncRepoPulls } from './pull-model';
import { collaboration, nextId, requireUser, runtime, type MergeabilityMode } from './pulls-state';
import { isoSeconds } from './repos';
import { commentRoutes } from './rest-comments';
import { compareRoutes } from './rest-compare';
import { addDeploymentStatus, deploymentRoutes, recordDeployment } from './rest-deployments';
import { mergeRoutes } from './rest-merges';
import { checkRoutes } from './rest-checks';
import { checkSuiteRoutes } from './rest-check-suites';
import { protectionRoutes } from './rest-protection';
import { pullFileRoutes } from './rest-pull-files';
import { pullRoutes } from './rest-pulls';
import { reviewRoutes } from './rest-reviews';
import { rulesetRoutes } from './rest-rulesets';
import type { RestRoute } from './rest-router';
import { statusRoutes } from './rest-statuses';
import type { CommitStatusRecord, DeploymentStatusRecord, PullRecord, RepoRecord } from './state';

/** Pull requests, merges, compare, comments, statuses and deployments: routes and test controls. */

export const collaborationRoutes: RestRoute[] = [
  ...pullRoutes,
  ...pullFileRoutes,
  ...mergeRoutes,
  ...compareRoutes,
  ...commentRoutes,
  ...statusRoutes,
  ...deploymentRoutes,
  ...protectionRoutes,
  ...rulesetRoutes,
  ...reviewRoutes,
  ...checkRoutes,
  ...checkSuiteRoutes,
];

export interface CollaborationControls {
  /** Test control: require status checks on a branch before merges into it (`null` removes the rule). */
  protectBranch(owner: string, repo: string, branch: string, rule: ProtectionRule | null): void;
  /** Test control: the repository's pull requests as stored, synced with their branches first (copies). */
  pulls(owner: string, repo: string): Promise<PullRecord[]>;
  /**
   * Test control: `background` (the default, like GitHub) answers `mergeable: null` on the first read
   * after the head or base moved and the boolean afterwards; `sync` answers the boolean every time.
   */
  setMergeabilityMode(mode: MergeabilityMode): void;
  /** Test control: a commit status, as a CI service would post it (creator defaults to the owner). */
  setCommitStatus(
    owner: string,
    repo: string,
    sha: string,
    input: {
      state: CommitStatusRecord['state'];
      context: string;
      targetUrl?: string;
      creator?: string;
    },
  ): void;
  /** Test control: a deployment of `ref` plus one status, as a hosting provider records a preview. */
  createDeployment(
    owner: string,
    repo: string,
    input: {
      ref: string;
      environment?: string;
      state?: DeploymentStatusRecord['state'];
      environmentUrl?: string;
      logUrl?: string;
      creator?: string;
    },
  ): Promise<{ id: number; sha: string }>;
}

function repoOf(ctx: HostContext, owner: string, name: string): RepoRecord {
  const repo = findRepo(ctx, owner, name);
  if (!repo) throw new Error(`Unknown repository ${owner}/${name}`);
  return repo;
}

export function collaborationControls(ctx: HostContext): CollaborationControls {
  return {
    protectBranch: (owner, name, branch, rule) =>
      setBranchProtection(ctx, repoOf(ctx, owner, name), branch, rule),
    pulls: async (owner, name) => {
      const repo = repoOf(ctx, owner, name);
      await syncRepoPulls(ctx, repo);
      return structuredClone(collaboration(ctx).pulls.filter((pull) => pull.repoId === repo.id));
    },
    setMergeabilityMode: (mode) => {
      runtime(ctx).mode = mode;
    },
    setCommitStatus: (owner, name, sha, input) => {
      const repo = repoOf(ctx, owner, name);
      collaboration(ctx).commitStatuses.push({
        id: nextId(ctx, 'status'),
        repoId: repo.id,
        sha,
        state: input.state,
        context: input.context,
        description: null,
        targetUrl: input.targetUrl ?? null,
        creator: requireUser(ctx, input.creator ?? repo.owner).login,
        createdAt: isoSeconds(ctx.now()),
      });
      ctx.save();
    },
    createDeployment: async (owner, name, input) => {
      const repo = repoOf(ctx, owner, name);
      const sha = await resolveCommitish(gitDirOf(ctx, repo), input.ref);
      if (!sha) throw new Error(`No ref ${input.ref} in ${owner}/${name}`);
      const creator = requireUser(ctx, input.creator ?? repo.owner);
      const record = recordDeployment(ctx, repo, creator, sha, {
        ref: input.ref,
        environment: input.environment ?? 'preview',
      });
      addDeploymentStatus(ctx, repo, record, creator, {
        state: input.state ?? 'success',
        environmentUrl: input.environmentUrl,
        logUrl: input.logUrl,
      });
      return { id: record.id, sha };
    },
  };
}
