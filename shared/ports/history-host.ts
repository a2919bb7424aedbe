import type { RepoId } from './git-host';

/** The provider's history of a path: who changed a file, when, why, and through which pull request. */

export interface HistoryCommit {
  oid: string;
  message: string;
  /** The author's date (ISO 8601). */
  date: string;
  authorName: string | null;
  /** The provider account the author's email belongs to; null when none does. */
  authorLogin: string | null;
  /** The pull request this commit was merged by (or is the head of); null when none. */
  pullRequest: { number: number; headRefName: string } | null;
  /** The blob of the path at this commit; null when the commit removed it. */
  blob: string | null;
}

export interface HistoryRequest {
  /** A branch name or a commit oid: the history is of the commits reachable from it. */
  from: string;
  path: string;
  first: number;
  /** The provider's cursor from the previous page. */
  after?: string;
  /** A path whose object's oid on the default branch comes back in the same round trip (`checkedOid`). */
  check?: string;
}

export interface HistoryPage {
  /** The commit `from` resolved to, so that the next pages stay on the same history. */
  head: string;
  /** Newest first. */
  commits: HistoryCommit[];
  /** The provider's cursor for the next page; null on the last page. */
  next: string | null;
  /** The first parent of the oldest commit listed on the last page (where a rename would be seen). */
  oldestParent: string | null;
  /** The oid at `check` on the default branch (null when nothing is there); absent without `check`. */
  checkedOid?: string | null;
}

export interface MovedFromRequest {
  commit: string;
  parent: string;
  directory: string;
  blob: string;
  depth: 1 | 2;
}

/** One question of lastChanges: the newest commit reachable from `from` that touched `path`. */
export interface LastChangeRequest {
  from: string;
  path: string;
}

/** At most this many questions in one lastChanges round trip. */
export const maxLastChanges = 100;

export interface HistoryHost {
  /**
   * For each request, in order, the oid of the newest commit reachable from its `from` that
   * touched its `path`; null when none did or `from` names nothing. One round trip for up to
   * maxLastChanges requests (GraphQL aliases), whatever their paths.
   */
  lastChanges(
    accessToken: string,
    repo: RepoId,
    requests: readonly LastChangeRequest[],
  ): Promise<(string | null)[]>;
  /**
   * One page of the commits that touched `path`, newest first, in one round trip. Null when the
   * user cannot see the repository or `from` names nothing.
   */
  history(accessToken: string, repo: RepoId, request: HistoryRequest): Promise<HistoryPage | null>;
  /**
   * The paths under `directory` (one level, or two for page bundles) that hold `blob` in `parent`
   * and hold nothing in `commit`, in one round trip: where a file that `commit` added was moved
   * from. Empty when none.
   */
  movedFrom(accessToken: string, repo: RepoId, at: MovedFromRequest): Promise<string[]>;
}
