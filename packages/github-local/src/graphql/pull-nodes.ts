import { findUser } from '../access';
import { diffEntries, type DiffStatus } from '../git-diff';
import { mergeBase } from '../git-merge';
import { gitDirOf, mergeability, type MergeabilityView } from '../pull-model';
import { pullNodeId } from '../pull-shapes';
import { collaboration, headRepoOf } from '../pulls-state';
import { reviewDecision, type ReviewDecision } from '../reviews';
import { avatarUrl } from '../rest-shapes';
import type { PullRecord, UserRecord } from '../state';
import { connection, type PageArgs } from './connection';
import { TypedGraphQLError } from './errors';
import type { RefNode } from './ref-node';
import { RepositoryNode } from './repository-node';
import type { RequestScope } from './request-scope';

/** Pull requests and their actors, read from the host's pull request records (state.pulls). */

/**
 * Installation tokens need the app permission a REST read would need (`pull_requests`,
 * `deployments`); GitHub answers FORBIDDEN for the field otherwise. User tokens are checked against
 * the user's role only (the repository resolver already did), like the rest of this host.
 */
export function requireAppPermission(
  scope: RequestScope,
  permission: 'pull_requests' | 'deployments',
): void {
  const { caller, ctx } = scope;
  if (caller.kind !== 'installation') return;
  const installation = ctx.state.installations.find(
    (record) => record.id === caller.installationId,
  );
  if (!installation?.permissions[permission])
    throw new TypedGraphQLError('Resource not accessible by integration', 'FORBIDDEN');
}

/** A User as an Actor (pull request authors, deployment creators, the viewer). */
export class UserNode {
  readonly __typename = 'User';

  constructor(
    private readonly scope: RequestScope,
    private readonly user: UserRecord,
  ) {}

  get login(): string {
    return this.user.login;
  }
  avatarUrl(args: { size?: number | null }): string {
    const url = avatarUrl(this.scope.ctx, this.user);
    return args.size ? `${url}&s=${args.size}` : url;
  }
  get resourcePath(): string {
    return `/${this.user.login}`;
  }
  get url(): string {
    return `${this.scope.ctx.webUrl}/${this.user.login}`;
  }
}

/** The actor for a login; null for a user that no longer exists (GitHub's "ghost"). */
export function actorNode(scope: RequestScope, login: string | null): UserNode | null {
  const user = login ? findUser(scope.ctx, login) : undefined;
  return user ? new UserNode(scope, user) : null;
}

export interface PullFilterArgs extends PageArgs {
  states?: string[] | null;
  labels?: string[] | null;
  headRefName?: string | null;
  baseRefName?: string | null;
  orderBy?: { field: 'CREATED_AT' | 'UPDATED_AT' | 'COMMENTS'; direction: 'ASC' | 'DESC' } | null;
}

/**
 * A pull request connection over `pulls` (already synced with their branches): filtered by state and
 * branch names (no pull request here has labels, so a label filter matches none), ordered by
 * `orderBy` (ties by number in the same direction) or, without it, oldest first as on GitHub.
 */
export function pullConnection(
  repository: RepositoryNode,
  pulls: PullRecord[],
  args: PullFilterArgs,
  name: string,
) {
  requireAppPermission(repository.scope, 'pull_requests');
  const comments = (pull: PullRecord) =>
    collaboration(repository.scope.ctx).issueComments.filter(
      (comment) => comment.repoId === pull.repoId && comment.issueNumber === pull.number,
    ).length;
  const order = args.orderBy ?? { field: 'CREATED_AT', direction: 'ASC' };
  const key = (pull: PullRecord): [string | number, number] => {
    if (order.field === 'COMMENTS') return [comments(pull), pull.number];
    return [order.field === 'UPDATED_AT' ? pull.updatedAt : pull.createdAt, pull.number];
  };
  const compare = (a: PullRecord, b: PullRecord) => {
    const [ka, na] = key(a);
    const [kb, nb] = key(b);
    const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
    return (byKey || na - nb) * (order.direction === 'DESC' ? -1 : 1);
  };
  const nodes = pulls
    .map((pull) => new PullRequestNode(repository, pull))
    .filter((pull) => !args.states || args.states.includes(pull.state))
    .filter(() => !args.labels?.length)
    .filter(
      (pull) =>
        args.headRefName === undefined ||
        args.headRefName === null ||
        pull.headRefName === args.headRefName,
    )
    .filter(
      (pull) =>
        args.baseRefName === undefined ||
        args.baseRefName === null ||
        pull.baseRefName === args.baseRefName,
    )
    .sort((a, b) => compare(a.record, b.record));
  return connection(nodes, args, name);
}

const PATCH_STATUS: Record<DiffStatus, string> = {
  added: 'ADDED',
  removed: 'DELETED',
  modified: 'MODIFIED',
  renamed: 'RENAMED',
  copied: 'COPIED',
  changed: 'CHANGED',
};

export class PullRequestNode {
  readonly __typename = 'PullRequest';
  private forkNode: RepositoryNode | undefined;
  /** One mergeability read per node, so `mergeable` and `mergeStateStatus` of one answer agree. */
  private merge: Promise<MergeabilityView> | undefined;

  constructor(
    readonly repository: RepositoryNode,
    readonly record: PullRecord,
  ) {}

  /** The same global id as REST's `node_id`; the mutations take it as `pullRequestId`. */
  get id(): string {
    return pullNodeId(this.record);
  }
  get isDraft(): boolean {
    return this.record.draft === true;
  }
  get number(): number {
    return this.record.number;
  }
  get title(): string {
    return this.record.title;
  }
  get body(): string {
    return this.record.body ?? '';
  }
  get author(): UserNode | null {
    return actorNode(this.repository.scope, this.record.user);
  }
  get createdAt(): string {
    return this.record.createdAt;
  }
  get updatedAt(): string {
    return this.record.updatedAt;
  }
  get headRefName(): string {
    return this.record.headRef;
  }
  get baseRefName(): string {
    return this.record.baseRef;
  }
  /** The head sha as last synced while open; the sha it was closed or merged with afterwards. */
  get headRefOid(): string {
    return this.record.headSha;
  }
  get baseRefOid(): string {
    return this.record.baseSha;
  }
  /** The branch itself (in the fork, when the head is in one), or null once it is deleted. */
  headRef(): Promise<RefNode | null> {
    return this.headRepository.ref({ qualifiedName: `refs/heads/${this.record.headRef}` });
  }
  baseRef(): Promise<RefNode | null> {
    return this.repository.ref({ qualifiedName: `refs/heads/${this.record.baseRef}` });
  }
  /** The fork holding the head branch for a cross-repository pull request, else this repository. */
  get headRepository(): RepositoryNode {
    const { ctx } = this.repository.scope;
    const headRepo = headRepoOf(ctx, this.repository.record, this.record);
    if (headRepo === this.repository.record) return this.repository;
    this.forkNode ??= new RepositoryNode(this.repository.scope, headRepo, gitDirOf(ctx, headRepo));
    return this.forkNode;
  }
  get isCrossRepository(): boolean {
    return this.headRepository !== this.repository;
  }
  /**
   * The files changed between the merge base and the head (GitHub's "Files changed"), renames
   * detected; the shas are the frozen ones once the pull request is closed or merged.
   */
  async files(args: PageArgs) {
    const gitDir = this.repository.gitDir;
    const { baseSha, headSha } = this.record;
    const base = (await mergeBase(gitDir, baseSha, headSha)) ?? baseSha;
    const entries = (await diffEntries(gitDir, base, headSha)).map((entry) => ({
      path: entry.filename,
      changeType: PATCH_STATUS[entry.status],
      additions: entry.additions,
      deletions: entry.deletions,
      viewerViewedState: 'UNVIEWED',
    }));
    return connection(entries, args, 'files');
  }
  get merged(): boolean {
    return this.record.mergedAt !== null;
  }
  get mergedAt(): string | null {
    return this.record.mergedAt;
  }
  get mergedBy(): UserNode | null {
    return actorNode(this.repository.scope, this.record.mergedBy);
  }
  get closed(): boolean {
    return this.record.state === 'closed';
  }
  get state(): 'OPEN' | 'CLOSED' | 'MERGED' {
    if (this.record.mergedAt) return 'MERGED';
    return this.record.state === 'open' ? 'OPEN' : 'CLOSED';
  }
  /**
   * REST's computation (pull-model.ts `mergeability`): UNKNOWN while the background check runs
   * (REST's `mergeable: null`), and for closed pull requests.
   */
  async mergeable(): Promise<'MERGEABLE' | 'CONFLICTING' | 'UNKNOWN'> {
    const view = await this.mergeView();
    if (view.mergeable === null) return 'UNKNOWN';
    return view.mergeable ? 'MERGEABLE' : 'CONFLICTING';
  }
  /**
   * GitHub's MergeStateStatus, REST's `mergeable_state` upper-cased (pull-model.ts): UNKNOWN while
   * the check runs (and once closed); DRAFT for a draft pull request (deprecated on GitHub, which
   * still answers it); DIRTY on conflicts; BLOCKED while the base's rules (reviews, required
   * checks) refuse the merge; BEHIND when a strict rule wants the base in the head; UNSTABLE when
   * only checks that are not required fail; else CLEAN. HAS_HOOKS (pre-receive hooks, GitHub
   * Enterprise Server) never: this host has none.
   */
  async mergeStateStatus(): Promise<
    'BEHIND' | 'BLOCKED' | 'CLEAN' | 'DIRTY' | 'DRAFT' | 'UNKNOWN' | 'UNSTABLE'
  > {
    const view = await this.mergeView();
    if (view.mergeable === null) return 'UNKNOWN';
    if (this.record.draft === true) return 'DRAFT';
    return view.mergeableState.toUpperCase() as
      'BEHIND' | 'BLOCKED' | 'CLEAN' | 'DIRTY' | 'UNKNOWN' | 'UNSTABLE';
  }
  /** reviews.ts `reviewDecision`: null when the base's rules require no review. */
  get reviewDecision(): ReviewDecision | null {
    return reviewDecision(this.repository.scope.ctx, this.repository.record, this.record);
  }
  private mergeView(): Promise<MergeabilityView> {
    this.merge ??= mergeability(this.repository.scope.ctx, this.repository.record, this.record);
    return this.merge;
  }
  get url(): string {
    return `${this.repository.webUrl}/pull/${this.record.number}`;
  }
}
