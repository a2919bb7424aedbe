import { ConflictError, NotFoundError, OverlapError, ProtectedBranchError } from '../errors';
import type { CollectionConfig } from './config-schema';

/**
 * What a failed write of a save answers, from what GitHub refused and what the save had read: the
 * slug taken meanwhile, the draft published or closed meanwhile, a protected default branch of a
 * collection locked to direct commits. Anything else is thrown as it is.
 */
export function sayFailedWrite({
  error,
  collectionName,
  slug,
  collection,
  draft,
  branchExists,
}: {
  /** What the write threw. */
  error: unknown;
  collectionName: string;
  slug: string;
  collection: CollectionConfig;
  /** The item's draft branch. */
  draft: string;
  /** The save went to that draft branch, which existed when it was read. */
  branchExists: boolean;
}): never {
  if (error instanceof OverlapError) {
    throw new ConflictError(
      `${collectionName}/${slug} was just created by someone else: the slug is taken now; choose another slug, or open that item to edit it`,
      { cause: error },
    );
  }
  // The draft branch read a moment ago is gone: its draft was published or closed meanwhile.
  if (error instanceof NotFoundError && branchExists) {
    throw new ConflictError(
      `The draft ${draft} was published or closed while this was being saved; nothing was saved: reload ${collectionName}/${slug} and save again`,
      { cause: error },
    );
  }
  // A collection locked to direct commits cannot fall back to a draft: say so, and no retry.
  if (
    error instanceof ProtectedBranchError &&
    collection.workflow?.locked &&
    collection.workflow.default !== 'pr'
  ) {
    throw new ProtectedBranchError(
      `${error.message.replace(/ \(save a draft and publish it instead\)$/, '')}; collection ${collectionName} is locked to direct commits, so it cannot be saved as a draft`,
      { cause: error, draftPossible: false },
    );
  }
  throw error;
}
