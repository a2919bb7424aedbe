import type { Caller } from '../access';
import type { HostContext } from '../context';
import { listRefs, parseCommit, parseTree, type GitObject, type GitRef, type GitTreeEntry, type ParsedCommit } from '../git';
import { legacyNodeId } from '../rest-git-common';
import { syncRepoPulls } from '../pull-model';
import { collaboration } from '../pulls-state';
import type { PullRecord, RepoRecord } from '../state';
import { connection, type PageArgs } from './connection';
import { commitDeployments, type DeploymentArgs } from './deployment-nodes';
import { TypedGraphQLError } from './errors';
import type { ObjectLoader } from './object-loader';
import { pullConnection, PullRequestNode, requireAppPermission, type PullFilterArgs } from './pull-nodes';

/**
 * The objects GraphQL resolves to. graphql-js's default resolver reads a property or calls a method
 * of the same name as the field (with its arguments), and `__typename` picks the type of a GitObject.
 */

export interface RequestScope {
  ctx: HostContext;
  caller: Extract<Caller, { kind: 'user' | 'installation' }>;
  /** Blob.text is cut after this many bytes (and isTruncated is true). */
  blobTextLimit: number;
  loader(gitDir: string): ObjectLoader;
  rateLimit: { cost: number; limit: number; remaining: number; resetAt: string; used: number };
}

/** git's own binary test (buffer_is_binary): a NUL byte in the first 8,000 bytes. */
function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

/** UTF-8 text of at most `limit` bytes, never ending in half a character. */
function textUpTo(content: Buffer, limit: number): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(content.subarray(0, limit), { stream: content.length > limit });
}

export class RepositoryNode {
  readonly __typename = 'Repository';
  readonly isPrivate = true;
  private refsLoaded: Promise<GitRef[]> | undefined;
  private pullsSynced: Promise<PullRecord[]> | undefined;

  constructor(
    readonly scope: RequestScope,
    readonly record: RepoRecord,
    readonly gitDir: string,
  ) {}

  get id(): string {
    return Buffer.from(`010:Repository${this.record.id}`).toString('base64');
  }

  get name(): string {
    return this.record.name;
  }

  get nameWithOwner(): string {
    return `${this.record.owner}/${this.record.name}`;
  }

  get webUrl(): string {
    return `${this.scope.ctx.webUrl}/${this.nameWithOwner}`;
  }

  get loader(): ObjectLoader {
    return this.scope.loader(this.gitDir);
  }

  private allRefs(): Promise<GitRef[]> {
    this.refsLoaded ??= listRefs(this.gitDir);
    return this.refsLoaded;
  }

  async defaultBranchRef(): Promise<RefNode | null> {
    return this.ref({ qualifiedName: `refs/heads/${this.record.defaultBranch}` });
  }

  /** `oid`, or an expression `<rev>:<path>` / `<rev>` where HEAD is the default branch; null when missing. */
  async object(args: { expression?: string | null; oid?: string | null }): Promise<GitObjectNode | null> {
    if (args.oid) return objectNode(this, await this.loader.object(args.oid), null);
    if (args.expression === undefined || args.expression === null) return null;
    const colon = args.expression.indexOf(':');
    let rev = colon === -1 ? args.expression : args.expression.slice(0, colon);
    const path = colon === -1 ? null : args.expression.slice(colon + 1).replace(/^\/+|\/+$/g, '');
    if (rev === 'HEAD') rev = `refs/heads/${this.record.defaultBranch}`;
    if (rev === '') return null;
    return objectNode(this, await this.loader.object(path === null ? rev : `${rev}:${path}`), path);
  }

  /** A fully qualified name first (refs/heads/main), then a short one (main) as a branch, then as a tag. */
  async ref(args: { qualifiedName: string }): Promise<RefNode | null> {
    const refs = await this.allRefs();
    const name = args.qualifiedName;
    for (const candidate of [name, `refs/heads/${name}`, `refs/tags/${name}`]) {
      const found = refs.find((ref) => ref.ref === candidate);
      if (found) {
        const prefix = /^refs\/(heads|tags)\//.exec(found.ref)?.[0] ?? found.ref.slice(0, found.ref.lastIndexOf('/') + 1);
        return new RefNode(this, found, prefix);
      }
    }
    return null;
  }

  /** This repository's pull requests, synced with their branches once per request (as every REST read does). */
  pullRecords(): Promise<PullRecord[]> {
    this.pullsSynced ??= syncRepoPulls(this.scope.ctx, this.record).then(() =>
      collaboration(this.scope.ctx).pulls.filter((pull) => pull.repoId === this.record.id),
    );
    return this.pullsSynced;
  }

  async pullRequests(args: PullFilterArgs) {
    return pullConnection(this, await this.pullRecords(), args, 'pullRequests');
  }

  /** A missing number is null plus GitHub's NOT_FOUND error entry. */
  async pullRequest(args: { number: number }): Promise<PullRequestNode> {
    requireAppPermission(this.scope, 'pull_requests');
    const pull = (await this.pullRecords()).find((record) => record.number === args.number);
    if (!pull) throw new TypedGraphQLError(`Could not resolve to a PullRequest with the number of ${args.number}.`, 'NOT_FOUND');
    return new PullRequestNode(this, pull);
  }

  async refs(args: PageArgs & { refPrefix: string; query?: string | null }) {
    const query = args.query ?? '';
    const matching = (await this.allRefs())
      .filter((ref) => ref.ref.startsWith(args.refPrefix) && ref.ref.length > args.refPrefix.length)
      .map((ref) => new RefNode(this, ref, args.refPrefix))
      .filter((ref) => ref.name.includes(query));
    return connection(matching, args, 'refs');
  }
}

export class RefNode {
  readonly __typename = 'Ref';

  constructor(
    readonly repository: RepositoryNode,
    private readonly git: GitRef,
    readonly prefix: string,
  ) {}

  get id(): string {
    return legacyNodeId('Ref', `${this.repository.record.id}:${this.git.ref}`);
  }

  get name(): string {
    return this.git.ref.slice(this.prefix.length);
  }

  async target(): Promise<GitObjectNode | null> {
    return objectNode(this.repository, await this.repository.loader.object(this.git.oid), null);
  }

  /**
   * This repository's pull requests whose head is this branch, oldest first. A pull request from a
   * fork's branch of the same name is not one of them (and a fork's refs do not list the parent's
   * pull requests on this host).
   */
  async associatedPullRequests(args: PullFilterArgs) {
    const branch = this.git.ref.startsWith('refs/heads/') ? this.git.ref.slice('refs/heads/'.length) : null;
    const own = (pull: PullRecord) => pull.headRepoId === undefined || pull.headRepoId === this.repository.record.id;
    const pulls = (await this.repository.pullRecords()).filter((pull) => branch !== null && pull.headRef === branch && own(pull));
    return pullConnection(this.repository, pulls, args, 'associatedPullRequests');
  }
}

abstract class GitObjectBase {
  abstract readonly __typename: 'Blob' | 'Tree' | 'Commit';

  constructor(
    readonly repository: RepositoryNode,
    protected readonly object: GitObject,
    /** Where this object sits in the repository, when it was reached by path (TreeEntry.path needs it). */
    protected readonly path: string | null,
  ) {}

  get id(): string {
    return legacyNodeId(this.__typename, `${this.repository.record.id}:${this.object.oid}`);
  }
  get oid(): string {
    return this.object.oid;
  }
  get abbreviatedOid(): string {
    return this.object.oid.slice(0, 7);
  }
  get commitResourcePath(): string {
    return `/${this.repository.nameWithOwner}/commit/${this.object.oid}`;
  }
  get commitUrl(): string {
    return `${this.repository.webUrl}/commit/${this.object.oid}`;
  }
}

export class BlobNode extends GitObjectBase {
  readonly __typename = 'Blob';

  get byteSize(): number {
    return this.object.size;
  }
  get isBinary(): boolean {
    return isBinary(this.object.content);
  }
  get isTruncated(): boolean {
    return this.object.size > this.repository.scope.blobTextLimit;
  }
  get text(): string | null {
    return this.isBinary ? null : textUpTo(this.object.content, this.repository.scope.blobTextLimit);
  }
}

export class TreeNode extends GitObjectBase {
  readonly __typename = 'Tree';

  entries(): TreeEntryNode[] {
    return parseTree(this.object.content).map((entry) => new TreeEntryNode(this.repository, entry, this.path));
  }
}

export class TreeEntryNode {
  constructor(
    readonly repository: RepositoryNode,
    private readonly entry: GitTreeEntry,
    private readonly base: string | null,
  ) {}

  get name(): string {
    return this.entry.name;
  }
  get oid(): string {
    return this.entry.oid;
  }
  get type(): string {
    return this.entry.type;
  }
  /** The file mode as GitHub answers it: the octal git mode as a number (100644 → 33188). */
  get mode(): number {
    return Number.parseInt(this.entry.mode, 8);
  }
  get path(): string {
    return this.base ? `${this.base}/${this.entry.name}` : this.entry.name;
  }
  async size(): Promise<number> {
    if (this.entry.type !== 'blob') return 0;
    return (await this.repository.loader.info(this.entry.oid))?.size ?? 0;
  }
  async object(): Promise<GitObjectNode | null> {
    if (this.entry.type === 'commit') return null;
    return objectNode(this.repository, await this.repository.loader.object(this.entry.oid), this.path);
  }
}

export class CommitNode extends GitObjectBase {
  readonly __typename = 'Commit';
  private parsed: ParsedCommit | undefined;

  private get commit(): ParsedCommit {
    this.parsed ??= parseCommit(this.object.content);
    return this.parsed;
  }

  get message(): string {
    return this.commit.message;
  }
  get messageHeadline(): string {
    return this.commit.message.split('\n', 1)[0] ?? '';
  }
  get committedDate(): string {
    return this.commit.committer.date;
  }
  get author() {
    return this.commit.author;
  }
  get committer() {
    return this.commit.committer;
  }
  async tree(): Promise<GitObjectNode | null> {
    return objectNode(this.repository, await this.repository.loader.object(this.commit.tree), '');
  }
  /** The entry at `path` in this commit's tree (null when missing); a symbolic link is not followed. */
  async file(args: { path: string }): Promise<TreeEntryNode | null> {
    const path = args.path.replace(/^\/+|\/+$/g, '');
    const slash = path.lastIndexOf('/');
    const directory = slash === -1 ? '' : path.slice(0, slash);
    // One lookup for the directory (git resolves the path), then the entry's mode from its listing.
    const tree = await this.repository.loader.object(directory === '' ? this.commit.tree : `${this.object.oid}:${directory}`);
    if (tree?.type !== 'tree') return null;
    const entry = parseTree(tree.content).find((candidate) => candidate.name === path.slice(slash + 1));
    return entry ? new TreeEntryNode(this.repository, entry, directory || null) : null;
  }
  deployments(args: DeploymentArgs) {
    return commitDeployments(this.repository, this.object.oid, args);
  }
  parents(args: PageArgs) {
    const parents = this.commit.parents.map(async (oid) => objectNode(this.repository, await this.repository.loader.object(oid), null));
    return connection(parents, args, 'parents');
  }
}

export type GitObjectNode = BlobNode | TreeNode | CommitNode;

/** The GraphQL object for a git object; annotated tags (not in this schema) and missing objects are null. */
export function objectNode(repository: RepositoryNode, object: GitObject | null, path: string | null): GitObjectNode | null {
  if (object?.type === 'blob') return new BlobNode(repository, object, path);
  if (object?.type === 'tree') return new TreeNode(repository, object, path);
  if (object?.type === 'commit') return new CommitNode(repository, object, path);
  return null;
}
