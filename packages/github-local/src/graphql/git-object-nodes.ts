import {
  findTreeEntry,
  parseCommit,
  parseTree,
  type GitObject,
  type GitTreeEntry,
  type ParsedCommit,
} from '../git-objects';
import { connection, type PageArgs } from './connection';
import { commitDeployments, type DeploymentArgs } from './deployment-nodes';
import { commitHistory, commitPullRequests, GitActorNode, type HistoryArgs } from './history-nodes';
import type { RepositoryNode } from './repository-node';

/** Blobs, trees (and their entries) and commits, read through the request's batched object loader. */

/** git's own binary test (buffer_is_binary): a NUL byte in the first 8,000 bytes. */
function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

/** UTF-8 text of at most `limit` bytes, never ending in half a character. */
function textUpTo(content: Buffer, limit: number): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(content.subarray(0, limit), {
    stream: content.length > limit,
  });
}

abstract class GitObjectBase {
  abstract readonly __typename: 'Blob' | 'Tree' | 'Commit';

  constructor(
    readonly repository: RepositoryNode,
    protected readonly object: GitObject,
    /** Where this object sits in the repository, when it was reached by path (TreeEntry.path needs it). */
    protected readonly path: string | null,
  ) {}

  get oid(): string {
    return this.object.oid;
  }
}

export class BlobNode extends GitObjectBase {
  readonly __typename = 'Blob';

  get abbreviatedOid(): string {
    return this.object.oid.slice(0, 7);
  }

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
    return this.isBinary
      ? null
      : textUpTo(this.object.content, this.repository.scope.blobTextLimit);
  }
}

export class TreeNode extends GitObjectBase {
  readonly __typename = 'Tree';

  entries(): TreeEntryNode[] {
    return parseTree(this.object.content).map(
      (entry) => new TreeEntryNode(this.repository, entry, this.path),
    );
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
    return objectNode(
      this.repository,
      await this.repository.loader.object(this.entry.oid),
      this.path,
    );
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
  get author(): GitActorNode {
    return new GitActorNode(this.repository.scope, this.commit.author);
  }
  history(args: HistoryArgs) {
    return commitHistory(this.repository, this.object.oid, args);
  }
  associatedPullRequests(args: PageArgs) {
    return commitPullRequests(this.repository, this.object.oid, args);
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
    const tree = await this.repository.loader.object(
      directory === '' ? this.commit.tree : `${this.object.oid}:${directory}`,
    );
    if (tree?.type !== 'tree') return null;
    const entry = findTreeEntry(tree.content, path.slice(slash + 1));
    return entry ? new TreeEntryNode(this.repository, entry, directory || null) : null;
  }
  deployments(args: DeploymentArgs) {
    return commitDeployments(this.repository, this.object.oid, args);
  }
  parents(args: PageArgs) {
    const parents = this.commit.parents.map(async (oid) =>
      objectNode(this.repository, await this.repository.loader.object(oid), null),
    );
    return connection(parents, args, 'parents');
  }
}

export type GitObjectNode = BlobNode | TreeNode | CommitNode;

/** The GraphQL object for a git object; annotated tags (not in this schema) and missing objects are null. */
export function objectNode(
  repository: RepositoryNode,
  object: GitObject | null,
  path: string | null,
): GitObjectNode | null {
  if (object?.type === 'blob') return new BlobNode(repository, object, path);
  if (object?.type === 'tree') return new TreeNode(repository, object, path);
  if (object?.type === 'commit') return new CommitNode(repository, object, path);
  return null;
}
