import {
  findRepo,
  findUser,
  repoPermissions,
  userRole,
  type Caller,
  type RepoPermissions,
} from './access';
import type { HostContext } from './context';
import type {
  BranchProtectionRecord,
  CheckRunRecord,
  CommitStatusRecord,
  DeploymentRecord,
  HostState,
  IssueCommentRecord,
  PullRecord,
  RepoRecord,
  ReviewRecord,
  RulesetRecord,
  UserRecord,
} from './state';
import { restError, type RestRequest, type RestResult } from './rest-router';

/**
 * Collaboration state (pull requests, issue comments, deployments, commit statuses, branch protection)
 * and the in-memory runtime that goes with it (mergeability jobs, merge locks).
 */

export interface Collaboration {
  pulls: PullRecord[];
  issueComments: IssueCommentRecord[];
  deployments: DeploymentRecord[];
  commitStatuses: CommitStatusRecord[];
  branchProtections: BranchProtectionRecord[];
  reviews: ReviewRecord[];
  checkRuns: CheckRunRecord[];
  rulesets: RulesetRecord[];
}

/** The collaboration records of the state, created on first use (older state files have none). */
export function collaboration(ctx: HostContext): Collaboration {
  const state = ctx.state;
  state.pulls ??= [];
  state.issueComments ??= [];
  state.deployments ??= [];
  state.commitStatuses ??= [];
  state.branchProtections ??= [];
  state.reviews ??= [];
  state.checkRuns ??= [];
  state.rulesets ??= [];
  return state as Collaboration & HostState;
}

type IdKind =
  | 'pull'
  | 'comment'
  | 'deployment'
  | 'deploymentStatus'
  | 'status'
  | 'review'
  | 'checkRun'
  | 'checkSuite'
  | 'ruleset';
const FIRST_IDS: Record<IdKind, number> = {
  pull: 5001,
  comment: 7001,
  deployment: 9001,
  deploymentStatus: 11001,
  status: 13001,
  review: 15001,
  checkRun: 17001,
  ruleset: 19001,
  checkSuite: 21001,
};

export function nextId(ctx: HostContext, kind: IdKind): number {
  const id = ctx.state.nextIds[kind] ?? FIRST_IDS[kind];
  ctx.state.nextIds[kind] = id + 1;
  return id;
}

/** Pull requests share the repository's issue number space; there are no plain issues on this host. */
export function nextIssueNumber(ctx: HostContext, repo: RepoRecord): number {
  const used = collaboration(ctx)
    .pulls.filter((pull) => pull.repoId === repo.id)
    .map((pull) => pull.number);
  return Math.max(0, ...used) + 1;
}

export function findPull(
  ctx: HostContext,
  repo: RepoRecord,
  number: number,
): PullRecord | undefined {
  return collaboration(ctx).pulls.find((pull) => pull.repoId === repo.id && pull.number === number);
}

/** The repository holding the pull request's head branch: its fork for a cross-repository pull request, else `repo`. */
export function headRepoOf(ctx: HostContext, repo: RepoRecord, pull: PullRecord): RepoRecord {
  if (pull.headRepoId === undefined || pull.headRepoId === repo.id) return repo;
  const fork = ctx.state.repos.find((record) => record.id === pull.headRepoId);
  if (!fork)
    throw new Error(
      `The head repository ${pull.headRepoId} of pull request #${pull.number} is missing`,
    );
  return fork;
}

export function requireUser(ctx: HostContext, login: string): UserRecord {
  const user = findUser(ctx, login);
  if (!user) throw new Error(`Unknown user ${login}`);
  return user;
}

/** GitHub's author_association of a user towards a repository. */
export function authorAssociation(
  repo: RepoRecord,
  login: string,
): 'OWNER' | 'COLLABORATOR' | 'NONE' {
  if (repo.owner.toLowerCase() === login.toLowerCase()) return 'OWNER';
  return userRole(repo, login) ? 'COLLABORATOR' : 'NONE';
}

/** The login acting for a caller; installation tokens act as the app's bot. */
export function actorLogin(ctx: HostContext, caller: Caller): string {
  return caller.kind === 'user' ? caller.login : ctx.state.app.ownerLogin;
}

/** Which app permission an installation token needs for an operation. */
export type Need = {
  permission:
    'pull_requests' | 'contents' | 'deployments' | 'statuses' | 'checks' | 'administration';
  write: boolean;
};

export interface RepoAccess {
  repo: RepoRecord;
  owner: UserRecord;
  permissions: RepoPermissions;
  actor: UserRecord;
}

/**
 * Resolves `{owner}/{repo}` for a caller: 404 when the repository is out of reach (private: never 403),
 * 403 when it is visible but the caller may not write. Users need push access to write; installation
 * tokens need the matching app permission.
 */
export function repoAccess(
  ctx: HostContext,
  req: RestRequest,
  need: Need,
  docs: string,
): RestResult | RepoAccess {
  const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
  const permissions = repo ? repoPermissions(ctx, req.caller, repo) : null;
  const owner = repo ? findUser(ctx, repo.owner) : undefined;
  if (!repo || !permissions || !owner) return restError(404, 'Not Found', docs);
  if (req.caller.kind === 'installation') {
    const installation = ctx.state.installations.find(
      (record) => req.caller.kind === 'installation' && record.id === req.caller.installationId,
    );
    const level = installation?.permissions[need.permission];
    if (!level || (need.write && level !== 'write'))
      return restError(403, 'Resource not accessible by integration', docs);
  } else if (need.write && !permissions.push) {
    return restError(403, 'Resource not accessible by integration', docs);
  }
  const actor = findUser(ctx, actorLogin(ctx, req.caller)) ?? owner;
  return { repo, owner, permissions, actor };
}

export function isResult(value: RestResult | RepoAccess): value is RestResult {
  return 'status' in value;
}

/** GitHub's 422 with one field error. */
export function validationFailed(docs: string, errors: Record<string, unknown>[]): RestResult {
  return {
    status: 422,
    body: { message: 'Validation Failed', errors, documentation_url: docs, status: '422' },
  };
}

export function bodyObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

// ---- runtime: mergeability jobs and per-pull-request merge locks (never persisted) ----

export type MergeabilityMode = 'background' | 'sync';

interface Runtime {
  mode: MergeabilityMode;
  jobs: Map<string, { headSha: string; baseSha: string; promise: Promise<void> }>;
  locks: Map<string, Promise<unknown>>;
}

const runtimes = new WeakMap<HostContext, Runtime>();

export function runtime(ctx: HostContext): Runtime {
  let found = runtimes.get(ctx);
  if (!found) {
    found = { mode: 'background', jobs: new Map(), locks: new Map() };
    runtimes.set(ctx, found);
  }
  return found;
}

export function pullKey(pull: PullRecord): string {
  return `${pull.repoId}#${pull.number}`;
}

/** Runs `task` after every earlier task holding the same key has finished (a FIFO mutex). */
export function withLock<T>(ctx: HostContext, key: string, task: () => Promise<T>): Promise<T> {
  const { locks } = runtime(ctx);
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  void tail.then(() => {
    if (locks.get(key) === tail) locks.delete(key);
  });
  return run;
}

/** Waits for background mergeability jobs, e.g. before the host shuts down and its data goes away. */
export async function settleBackgroundJobs(ctx: HostContext): Promise<void> {
  const { jobs, locks } = runtime(ctx);
  await Promise.allSettled([...jobs.values()].map((job) => job.promise));
  await Promise.allSettled([...locks.values()]);
}
