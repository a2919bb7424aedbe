import type { BlobText, PathAt, RepoId } from './git-host';

/**
 * PullHost: branches, pull requests, merges and comments on the provider, for the draft
 * workflow. Like GitHost, every call takes the acting user's own provider token.
 */
export interface PullInfo {
  number: number;
  /** The provider's global id (GitHub's node id), which the draft mutations take. */
  nodeId: string;
  title: string;
  body: string;
  state: 'open' | 'closed';
  /** A draft pull request (GitHub's isDraft): not ready for review, and not mergeable until marked ready. */
  draft: boolean;
  merged: boolean;
  createdAt: string;
  updatedAt: string;
  headRef: string;
  headSha: string;
  baseRef: string;
  baseSha: string;
  author: string;
  htmlUrl: string;
  /** null while the provider is still computing it. */
  mergeable: boolean | null;
  /** GitHub's MergeStateStatus: whether the branch's rules let it merge now (see MergeStateStatus). */
  mergeStateStatus: MergeStateStatus;
  /**
   * GitHub's review decision under the base branch's rules, visible to every reader (unlike classic
   * protection's review rule): null when the rules require no review.
   */
  reviewDecision: ReviewDecision | null;
  /** `environment_url` of the latest deployment status of the head commit, if any. */
  deploymentUrl: string | null;
  /** The head branch is in another repository (a fork), whatever its name. */
  crossRepository: boolean;
  /** The files the pull request changes (merge base to head); read by getPull, and listOpenPulls when asked. */
  changedFiles?: PullFiles;
}

/**
 * GitHub's GraphQL MergeStateStatus. CLEAN: mergeable, checks passing. HAS_HOOKS: the same, with
 * pre-receive hooks (GitHub Enterprise Server). UNSTABLE: mergeable, but a check that is not
 * required is failing or pending (a failing required check is BLOCKED). BLOCKED: the branch's
 * rules refuse the merge (reviews, required checks). BEHIND: a strict rule wants the base merged
 * into the head first. DIRTY: conflicts. DRAFT: a draft pull request. UNKNOWN: not computed yet.
 */
export type MergeStateStatus =
  'BEHIND' | 'BLOCKED' | 'CLEAN' | 'DIRTY' | 'DRAFT' | 'HAS_HOOKS' | 'UNKNOWN' | 'UNSTABLE';

export type ReviewDecision = 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED';

/** How the provider reports a changed file (GitHub's PatchStatus, lower-cased). */
export type FileChangeType = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied' | 'changed';

export interface PullFiles {
  /** Every changed file, even beyond those listed. */
  total: number;
  /**
   * The first files (at most 100). `previousPath` of a `renamed` file is not in GitHub's answer
   * for a pull request's files; it is filled in from a comparison when a rename is reported.
   */
  files: { path: string; change: FileChangeType; previousPath?: string }[];
}

export interface PullsView {
  pulls: PullInfo[];
  /** Blobs asked for alongside (e.g. the config), read in the same round trip. */
  blobs: Record<string, BlobText | null>;
  defaultBranch: string;
}

export interface PullView {
  pull: PullInfo;
  blobs: Record<string, BlobText | null>;
  defaultBranch: string;
  /** The default branch's head now (the pull's base sha may be older). */
  defaultBranchOid: string;
  /** The repository's global id (GitHub's node id), which ref updates (deleteBranch) take. */
  repositoryId: string;
}

export interface ChangedFile {
  path: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  previousPath?: string;
}

export interface Comparison {
  mergeBase: string;
  files: ChangedFile[];
}

/**
 * A refused merge: `conflicts` (GitHub's "not mergeable"), `head-moved` (the head is no longer the
 * sha given), `refused` (any other refusal of GitHub's: a draft, required checks, the merge method);
 * `message` says it in words.
 */
export type MergeOutcome =
  | { merged: true; sha: string }
  | { merged: false; reason: 'conflicts' | 'head-moved' | 'refused'; message: string };

export type BranchMergeOutcome = 'merged' | 'up-to-date' | 'conflicts';

/**
 * What a guarded branch deletion did: deleted, or left as it is, with where the branch points now
 * (null: it was gone already). A head other than the one given is a commit made meanwhile.
 */
export type BranchDeletion = { deleted: true } | { deleted: false; head: string | null };

/**
 * A file at `ref:path`, as readTexts answers it. `mode` is the git file mode (`100644`, `100755`,
 * `120000` for a symbolic link), present when modes were asked for; `byteSize` the blob's size.
 */
export type BlobRead =
  | { kind: 'absent' }
  | { kind: 'binary'; oid: string; byteSize: number; mode?: string }
  | { kind: 'text'; oid: string; byteSize: number; text: string; mode?: string };

export const absent: BlobRead = { kind: 'absent' };

/**
 * One path of a commit: new text (a regular file), null to delete the path, or an existing blob
 * reused as it is, by oid and mode (binary files and modes survive a rebase this way).
 */
/**
 * One file of a commit: new text (a regular file unless `mode` says executable), a deletion
 * (`content: null`), or an existing blob carried over by oid and mode.
 */
export type TreeChange =
  | { path: string; content: string | null; mode?: '100644' | '100755' }
  | { path: string; oid: string; mode: string };

export interface CommitTreeInput {
  branch: string;
  parents: string[];
  /** The commit whose tree the changes apply to; the first parent when absent. */
  treeFrom?: string;
  /** That commit's tree, when the caller read it already (one provider round trip fewer). */
  baseTree?: string;
  changes: TreeChange[];
  message: string;
  force: boolean;
  /**
   * A branch that moved past `parents[0]` meanwhile (one parent, not forced) takes the same changes
   * again on its new head, as GitHub's contents API does, when no path they touch differs between
   * the two heads (so whatever was checked on the old head still holds), a few times at most. A
   * path that differs is a real overlap: OverlapError naming it, nothing committed. Without this,
   * any move is a ConflictError.
   */
  rebuildOnMove?: boolean;
}

/** `baseTree` for a CommitTreeInput when the head's tree is known (a snapshot read it), else nothing. */
export const onTree = (tree: string | null | undefined): Pick<CommitTreeInput, 'baseTree'> =>
  tree ? { baseTree: tree } : {};

export interface CommentInfo {
  id: number;
  body: string;
  author: string;
  avatarUrl: string;
  createdAt: string;
}

export interface PullHost {
  /**
   * Open pull requests, every page, plus blobs read in the first round trip; with `files`, each
   * one's changed files too (`changedFiles`), in the same round trips.
   */
  listOpenPulls(
    token: string,
    repo: RepoId,
    blobs?: Record<string, PathAt>,
    options?: { files?: boolean },
  ): Promise<PullsView | null>;
  /** One pull request plus blobs read in the same round trip; null when there is none. */
  /**
   * Null when the user cannot see the repository; NotFoundError when the repository has no pull
   * request of that number (the two must stay apart: only the first may be told to an outsider).
   */
  getPull(
    token: string,
    repo: RepoId,
    number: number,
    blobs?: Record<string, PathAt>,
  ): Promise<PullView | null>;
  /** Throws ConflictError when an open pull request already has this head. `draft` opens a draft pull request. */
  createPull(
    token: string,
    repo: RepoId,
    input: { head: string; base: string; title: string; body: string; draft?: boolean },
  ): Promise<{ number: number; htmlUrl: string }>;
  /**
   * Marks an open pull request ready for review (`draft` false) or converts it back to a draft
   * (`draft` true). ConflictError when the provider refuses it (e.g. a closed pull request).
   */
  setDraft(
    token: string,
    repo: RepoId,
    pull: Pick<PullInfo, 'number' | 'nodeId'>,
    draft: boolean,
  ): Promise<void>;
  closePull(token: string, repo: RepoId, number: number): Promise<void>;
  /** Squash merge guarded by the head sha. */
  /** Squash merges unless `method` says otherwise (what the repository and its branch rules allow). */
  squashMerge(
    token: string,
    repo: RepoId,
    number: number,
    input: { sha: string; title: string; message: string; method?: 'squash' | 'merge' | 'rebase' },
  ): Promise<MergeOutcome>;
  /** Merges `head` into the branch `base` (a merge commit), synchronously. */
  mergeBranch(
    token: string,
    repo: RepoId,
    input: { base: string; head: string; message: string },
  ): Promise<BranchMergeOutcome>;
  compare(token: string, repo: RepoId, base: string, head: string): Promise<Comparison>;
  /**
   * Files at `ref:path` for several paths in one round trip: absent, binary (oid and size) or text
   * (whole). With `modes`, each present file's git mode too (read from its tree entry).
   */
  readTexts(
    token: string,
    repo: RepoId,
    paths: Record<string, PathAt>,
    options?: { modes?: boolean },
  ): Promise<Record<string, BlobRead>>;
  /** Creates `branch` at `sha`; false when it already exists. */
  createBranch(token: string, repo: RepoId, branch: string, sha: string): Promise<boolean>;
  /**
   * Deletes `branch` only while it still points at `head`, checked by the provider atomically with
   * the deletion (GitHub's updateRefs with `beforeOid`): a commit that landed on it meanwhile is never
   * deleted with it. `repositoryId` is PullView's.
   */
  deleteBranch(
    token: string,
    repo: RepoId,
    input: { repositoryId: string; branch: string; head: string },
  ): Promise<BranchDeletion>;
  /**
   * One commit of `changes` on top of `parents[0]`'s tree, then moves `branch` to it: a
   * fast-forward guarded by the current head, or forced (rebase); see `rebuildOnMove` for a branch
   * that moved meanwhile. Returns the commit sha.
   */
  commitTree(token: string, repo: RepoId, input: CommitTreeInput): Promise<string>;
  listComments(token: string, repo: RepoId, number: number): Promise<CommentInfo[]>;
  createComment(token: string, repo: RepoId, number: number, body: string): Promise<CommentInfo>;
}
