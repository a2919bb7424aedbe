import type { RepoId } from './git-host';

/**
 * MediaHost: the provider's blob store, for media files (bytes, not text). Like GitHost, every
 * call takes the acting user's own provider token. Committing a stored blob is PullHost's
 * commitTree (a tree entry by oid); listing and locating files is GitHost's snapshot.
 */
export interface MediaHost {
  /** Stores `bytes` as a blob and answers its oid (GitHub: POST …/git/blobs, base64). ForbiddenError without write access. */
  createBlob(token: string, repo: RepoId, bytes: Uint8Array): Promise<string>;
  /** The bytes of the blob `oid`. NotFoundError when there is none. */
  readBlob(token: string, repo: RepoId, oid: string): Promise<Uint8Array>;
}
