import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Collaborator roles, as GitHub names them in `role_name`. */
export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';
export type AppPermissionLevel = 'read' | 'write';

export interface UserRecord {
  id: number;
  login: string;
  name: string;
  email: string | null;
  company: string | null;
  location: string | null;
  bio: string | null;
  blog: string;
  createdAt: string;
}

export interface AppRecord {
  id: number;
  slug: string;
  name: string;
  description: string;
  ownerLogin: string;
  clientId: string;
  clientSecret: string;
  privateKeyPem: string;
  permissions: Record<string, AppPermissionLevel>;
  events: string[];
  createdAt: string;
}

export interface RepoRecord {
  id: number;
  owner: string;
  name: string;
  description: string | null;
  defaultBranch: string;
  /** Explicit collaborators; the owner is always admin and is not listed. */
  collaborators: Record<string, RepoRole>;
  createdAt: string;
  updatedAt: string;
  pushedAt: string;
  /** Id of the repository this one is a fork of; absent for repositories that are not forks. */
  forkOf?: number;
  /** Merge methods the repository allows (GitHub's `allow_*`); absent means allowed. */
  allowSquashMerge?: boolean;
  allowMergeCommit?: boolean;
  allowRebaseMerge?: boolean;
}

export interface InstallationRecord {
  id: number;
  account: string;
  repositorySelection: 'all' | 'selected';
  /** Covered repositories when `repositorySelection` is `selected`. */
  repositoryIds: number[];
  permissions: Record<string, AppPermissionLevel>;
  events: string[];
  createdAt: string;
  updatedAt: string;
}

/** Tokens are stored by sha256 of their value: state.json never holds a usable secret token. */
export type TokenRecord =
  | { kind: 'user-access'; login: string; expiresAt: number; createdAt: number }
  | {
      kind: 'user-refresh';
      login: string;
      /** Hash of the access token minted with it: refreshing revokes that access token, as GitHub does. */
      accessTokenHash: string;
      /** Device-flow grants may refresh without the client secret. */
      viaDeviceFlow: boolean;
      expiresAt: number;
      createdAt: number;
    }
  | {
      kind: 'installation';
      installationId: number;
      repositoryIds: number[] | null;
      expiresAt: number;
      createdAt: number;
      permissions?: Record<string, string>;
    };

export interface OAuthCodeRecord {
  clientId: string;
  redirectUri: string;
  login: string;
  codeChallenge: string | null;
  expiresAt: number;
}

export interface DeviceCodeRecord {
  clientId: string;
  userCode: string;
  expiresAt: number;
  /** Seconds a client must wait between polls; grows by 5 on every slow_down. */
  interval: number;
  lastPollAt: number | null;
  status: 'pending' | 'approved' | 'denied';
  login: string | null;
}

export interface PullRecord {
  id: number;
  repoId: number;
  /** Shares the repository's issue number space (comments use /issues/{number}). */
  number: number;
  title: string;
  body: string | null;
  /** Login of the user who opened it. */
  user: string;
  state: 'open' | 'closed';
  /** A draft pull request (GitHub's `draft` / `isDraft`); absent in older state files means false. */
  draft?: boolean;
  headRef: string;
  /** The fork that holds `headRef` when the head is in another repository; absent when it is this one. */
  headRepoId?: number;
  baseRef: string;
  /** Branch heads as last seen while open; frozen when the pull request is closed or merged. */
  headSha: string;
  baseSha: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  mergedBy: string | null;
  /** The test merge commit while open; the commit that landed on the base once merged. */
  mergeCommitSha: string | null;
  /** Result of the last mergeability check, valid only for these two shas. */
  mergeability: {
    headSha: string;
    baseSha: string;
    mergeable: boolean;
    testMergeSha: string | null;
  } | null;
  /** Logins whose review is requested (removed when they submit one); absent means none. */
  requestedReviewers?: string[];
}

export interface ReviewRecord {
  id: number;
  repoId: number;
  pullNumber: number;
  user: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';
  body: string;
  /** The head sha the review was submitted on. */
  commitId: string;
  /** null while PENDING. */
  submittedAt: string | null;
}

/** A check run's annotation: a line range of a file at the run's commit, with what is wrong there. */
export interface CheckAnnotationRecord {
  path: string;
  startLine: number;
  endLine: number;
  startColumn: number | null;
  endColumn: number | null;
  level: 'notice' | 'warning' | 'failure';
  message: string;
  title: string | null;
  rawDetails: string | null;
}

export interface CheckRunRecord {
  id: number;
  repoId: number;
  headSha: string;
  name: string;
  status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  conclusion:
    | 'success'
    | 'failure'
    | 'neutral'
    | 'cancelled'
    | 'skipped'
    | 'timed_out'
    | 'action_required'
    | 'stale'
    | null;
  detailsUrl: string | null;
  externalId: string | null;
  title: string | null;
  summary: string | null;
  text: string | null;
  startedAt: string;
  completedAt: string | null;
  /** Added by creates and updates, 50 at most per request, kept in order (absent before any). */
  annotations?: CheckAnnotationRecord[];
}

export interface RulesetRule {
  type: string;
  parameters?: Record<string, unknown>;
}

export interface RulesetRecord {
  id: number;
  repoId: number;
  name: string;
  enforcement: 'disabled' | 'active' | 'evaluate';
  /** `ref_name` patterns: `~DEFAULT_BRANCH`, `~ALL`, full ref names or fnmatch patterns (`refs/heads/release/*`). */
  include: string[];
  exclude: string[];
  rules: RulesetRule[];
  createdAt: string;
  updatedAt: string;
}

export interface IssueCommentRecord {
  id: number;
  repoId: number;
  issueNumber: number;
  body: string;
  user: string;
  createdAt: string;
  updatedAt: string;
}

export interface DeploymentStatusRecord {
  id: number;
  state: 'error' | 'failure' | 'inactive' | 'pending' | 'success' | 'queued' | 'in_progress';
  creator: string;
  description: string;
  environment: string;
  targetUrl: string;
  logUrl: string;
  environmentUrl: string;
  createdAt: string;
}

export interface DeploymentRecord {
  id: number;
  repoId: number;
  sha: string;
  ref: string;
  task: string;
  payload: Record<string, unknown> | string;
  environment: string;
  originalEnvironment: string;
  description: string | null;
  creator: string;
  transientEnvironment: boolean;
  productionEnvironment: boolean;
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  statuses: DeploymentStatusRecord[];
}

export interface CommitStatusRecord {
  id: number;
  repoId: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  targetUrl: string | null;
  creator: string;
  createdAt: string;
}

export interface BranchProtectionRecord {
  repoId: number;
  branch: string;
  /** Status contexts (or check run names) that must be `success` on the head commit before a merge into the branch. */
  requiredStatusChecks: string[];
  /** Required status checks must be run on a head that contains the base (GitHub's `strict`). */
  strict?: boolean;
  /** Absent: no required status checks section (distinct from an empty list of contexts). */
  hasStatusChecks?: boolean;
  /** Pull requests are required: null/absent means not; a number (0-6) is the approving reviews needed. */
  requiredApprovingReviewCount?: number | null;
  dismissStaleReviews?: boolean;
  requireCodeOwnerReviews?: boolean;
  requireLastPushApproval?: boolean;
  requiredLinearHistory?: boolean;
  /** Absent means true: the rule applies to admins too (the test control's rules always did). */
  enforceAdmins?: boolean;
  allowForcePushes?: boolean;
  allowDeletions?: boolean;
  requiredConversationResolution?: boolean;
}

export interface HostState {
  version: 1;
  nextIds: {
    user: number;
    repo: number;
    installation: number;
    /** Counters of pulls-state.ts; absent in state files written before pull requests existed. */
    pull?: number;
    comment?: number;
    deployment?: number;
    deploymentStatus?: number;
    status?: number;
    review?: number;
    checkRun?: number;
    ruleset?: number;
    checkSuite?: number;
  };
  users: UserRecord[];
  app: AppRecord;
  repos: RepoRecord[];
  installations: InstallationRecord[];
  tokens: Record<string, TokenRecord>;
  oauthCodes: Record<string, OAuthCodeRecord>;
  deviceCodes: Record<string, DeviceCodeRecord>;
  /** Collaboration records (see pulls-state.ts); optional so that older state files still load. */
  pulls?: PullRecord[];
  issueComments?: IssueCommentRecord[];
  deployments?: DeploymentRecord[];
  commitStatuses?: CommitStatusRecord[];
  branchProtections?: BranchProtectionRecord[];
  reviews?: ReviewRecord[];
  checkRuns?: CheckRunRecord[];
  rulesets?: RulesetRecord[];
}

export function loadState(file: string): HostState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const state = JSON.parse(text) as HostState;
  if (state.version !== 1) throw new Error(`Unsupported GitHub host state version in ${file}`);
  return state;
}

/**
 * Writes the whole state atomically (temp file + rename), dropping expired codes and tokens first.
 * Synchronous on purpose: no two writes can interleave inside the event loop.
 */
export function saveState(file: string, state: HostState, nowMs: number): void {
  pruneExpired(state, nowMs);
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

function pruneExpired(state: HostState, nowMs: number): void {
  for (const table of [state.tokens, state.oauthCodes, state.deviceCodes] as Record<
    string,
    { expiresAt: number }
  >[]) {
    for (const [key, record] of Object.entries(table)) {
      // Keep device codes a little past expiry so a late poll still reads expired_token.
      if (record.expiresAt + 3_600_000 < nowMs) delete table[key];
    }
  }
}
