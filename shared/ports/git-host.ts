import type { HostRepo } from '../repos/schemas';

/**
 * GitHost: the hosting provider, seen from the service. Every call that touches a user's data
 * takes that user's provider access token, so the provider enforces what the user can reach.
 */
export interface ProviderTokens {
  accessToken: string;
  /** ISO time; null when the provider issues non-expiring tokens. */
  accessTokenExpiresAt: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: string | null;
}

export interface ProviderUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string;
}

/** The provider's OAuth web flow, as a GitHub App runs it (user tokens that expire, with PKCE). */
export interface OAuthProvider {
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Throws InvalidInputError when the provider refuses the code, ProviderError when unreachable. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<ProviderTokens>;
  /** Throws UnauthenticatedError when the refresh token is refused (the user must sign in again). */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Starts the provider's device flow. Throws ProviderError when the provider fails. */
  requestDeviceCode(): Promise<ProviderDeviceCode>;
  /** One poll of the provider's device flow. */
  pollDeviceCode(deviceCode: string): Promise<DevicePoll>;
  /** True when the access token was issued to this app (and is still valid). */
  isOwnToken(accessToken: string): Promise<boolean>;
}

export interface ProviderDeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

export type DevicePoll =
  | { status: 'pending' | 'expired' | 'denied' }
  | { status: 'slow_down'; interval?: number }
  | { status: 'success'; tokens: ProviderTokens };

/** A repository the user reaches through the app's installations, as the API lists it. */
export type { HostRepo } from '../repos/schemas';

export interface RepoId {
  owner: string;
  name: string;
}

/** A path at a ref (`HEAD` = the default branch when absent). */
export interface PathAt {
  path: string;
  ref?: string;
}

export interface BlobText {
  oid: string;
  /** Null for binary blobs. May be cut short: check `isTruncated` before using it whole. */
  text: string | null;
  isTruncated: boolean;
  byteSize: number;
  /** The path is a symbolic link (mode 120000): `text` is the link target, never to be followed. */
  symlink?: boolean;
}

export interface TreeEntry {
  name: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  /** The path is a symbolic link (mode 120000). */
  symlink?: boolean;
  /** The blob is executable (mode 100755), so a move keeps it so. */
  executable?: true;
  /** A folder's own entries, when the tree was read two levels deep (`depth: 2`). */
  entries?: TreeEntry[];
  /** The blob's size in bytes, when asked for (`sizes: true`). */
  size?: number;
}

/** A folder to list; `depth: 2` also lists each subfolder's entries (page bundles), in the same round trip. */
export interface TreeAt extends PathAt {
  depth?: 1 | 2;
  /** Each blob's size too (media listings). */
  sizes?: true;
}

/** Several reads that one provider round trip answers together. Keys are the caller's names. */
export interface SnapshotRequest {
  blobs?: Record<string, PathAt>;
  trees?: Record<string, TreeAt>;
  /** The oid of the object at each path (a directory's tree oid), without its entries. */
  oids?: Record<string, PathAt>;
  /** Branch heads (e.g. `cms/posts/hello`), with their open pull request if any. */
  branches?: Record<string, string>;
  /**
   * Also each head's tree (`defaultBranchTree`, `BranchState.tree`), for a commit built on it
   * next; a read that commits nothing leaves it out (the provider then reads no commit object).
   */
  headTrees?: true;
}

export interface BranchState {
  oid: string;
  /** The head commit's tree, when the provider answered it (a commit built on the head needs it). */
  tree?: string;
  openPullRequest: number | null;
}

export interface Snapshot {
  defaultBranch: string;
  defaultBranchOid: string | null;
  /** The default branch head's tree, when the provider answered it. */
  defaultBranchTree?: string | null;
  blobs: Record<string, BlobText | null>;
  trees: Record<string, TreeEntry[] | null>;
  /** What `oids` asked for: the object's oid, null when nothing is at the path. */
  oids?: Record<string, string | null>;
  branches: Record<string, BranchState | null>;
}

/** A directory to read whole: at a ref (`HEAD` when absent), or by its tree oid when the caller knows it. */
export interface DirectoryAt extends PathAt {
  treeOid?: string;
  /** 2: each subfolder's entries too (page bundles). */
  depth?: 1 | 2;
}

/** Every entry of a directory and the oid of its tree (null, with no entries, when there is no directory at the path). */
export interface DirectoryRead {
  treeOid: string | null;
  entries: TreeEntry[];
}

export interface RepoAccess {
  fullName: string;
  defaultBranch: string;
  /** The user's role as GitHub reports it, one flag per role (a higher role holds every lower one). */
  permissions: { admin: boolean; maintain: boolean; push: boolean; triage: boolean; pull: boolean };
}

export interface FileWrite {
  path: string;
  /** UTF-8 text of the whole file. */
  content: string;
  /** The blob sha being replaced; absent to create (a file already there is then a conflict). */
  sha?: string;
  branch?: string;
  message: string;
}

export interface FileDelete {
  path: string;
  sha: string;
  branch?: string;
  message: string;
}

/** What is left of a token's rate limit, as the provider last reported it. */
export interface RateBudget {
  remaining: number;
  /** When it is refilled (epoch ms). */
  resetAt: number;
}

export interface GitHost {
  /** The user an access token belongs to. */
  getViewer(accessToken: string): Promise<ProviderUser>;
  /** Repositories the user reaches through the app's installations, every page. */
  listInstallationRepos(accessToken: string): Promise<HostRepo[]>;
  /** The repository as the user sees it, or null when the user cannot see it. */
  getRepository(accessToken: string, repo: RepoId): Promise<RepoAccess | null>;
  /** Whether the app is installed on the repository (asked with the app's own credentials). */
  isAppInstalled(repo: RepoId): Promise<boolean>;
  /**
   * A token of the app's installation on the repository, narrowed to it and to reading its
   * contents: for work no user waits on (building a collection's index). Null when the app is not
   * installed there. Reused until a few minutes before it expires.
   */
  installationToken(repo: RepoId): Promise<string | null>;
  /** What is left of the token's rate limit as the provider last reported it (none known: undefined). */
  rateBudget?(accessToken: string): RateBudget | undefined;
  /** One round trip for several reads; null when the user cannot see the repository. */
  snapshot(accessToken: string, repo: RepoId, request: SnapshotRequest): Promise<Snapshot | null>;
  /**
   * Every entry of a directory however large (REST trees: GitHub cuts a recursive tree past
   * 100,000 entries or 7 MB, so a cut one is completed folder by folder); null when the user cannot
   * see the repository. Throws ProviderError when GitHub cannot list the directory whole.
   */
  readDirectory(accessToken: string, repo: RepoId, at: DirectoryAt): Promise<DirectoryRead | null>;
  /** Whole texts of blobs by oid, batched; binary blobs are left out. */
  readBlobs(
    accessToken: string,
    repo: RepoId,
    oids: readonly string[],
  ): Promise<Map<string, string>>;
  /**
   * Creates or updates one file with the provider's own compare-and-swap on `sha`. Throws
   * ConflictError when the file changed (or exists, on create), NotFoundError when the repository
   * or branch is missing, ForbiddenError without write access.
   */
  putFile(
    accessToken: string,
    repo: RepoId,
    write: FileWrite,
  ): Promise<{ sha: string; commitSha: string }>;
  /** Deletes one file, guarded by `sha` like putFile. */
  deleteFile(accessToken: string, repo: RepoId, change: FileDelete): Promise<{ commitSha: string }>;
}
