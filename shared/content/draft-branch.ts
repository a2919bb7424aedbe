import { InvalidInputError } from '../errors';
import { isValidCollectionName } from './collection-name';
import { deletionsSegment } from './deletions-segment';
import { assertItemSlug, itemSlugProblem } from './slug-encoding';

/**
 * Draft branches are `cms/{collection}/{slug}`; both parts are checked, so the name is a valid ref.
 * An encoded slug (slug-encoding.ts) is lowercase a-z, 0-9, "-" and "_": valid in a ref as well.
 */
export const draftBranchPrefix = 'cms/';

export function draftBranchName(collection: string, slug: string): string {
  if (!isValidCollectionName(collection))
    throw new InvalidInputError('collection: not a valid collection name');
  assertItemSlug(slug);
  return `${draftBranchPrefix}${collection}/${slug}`;
}

export { deletionsSegment };

export function deletionsBranchName(collection: string): string {
  if (!isValidCollectionName(collection))
    throw new InvalidInputError('collection: not a valid collection name');
  return `${draftBranchPrefix}${collection}/${deletionsSegment}`;
}

export interface DraftBranch {
  collection: string;
  /** The item's slug; `_deletions` for a draft deleting several items. */
  slug: string;
  /** True for `cms/{collection}/_deletions`, which may only delete items of its collection. */
  deletions?: true;
}

/** `{collection, slug}` of a draft branch name, or undefined for any other branch. */
export function parseDraftBranch(branch: string): DraftBranch | undefined {
  const match = /^cms\/([^/]+)\/([^/]+)$/.exec(branch);
  if (!match) return undefined;
  const [, collection = '', slug = ''] = match;
  if (!isValidCollectionName(collection)) return undefined;
  if (slug === deletionsSegment) return { collection, slug, deletions: true };
  return itemSlugProblem(slug) === undefined ? { collection, slug } : undefined;
}
