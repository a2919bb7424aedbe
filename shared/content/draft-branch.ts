import { InvalidInputError } from '../errors';
import { isValidCollectionName } from './collection-name';
import { assertItemSlug, itemSlugProblem } from './slug-encoding';

/**
 * Draft branches are `cms/{collection}/{slug}`; both parts are checked, so the name is a valid ref.
 * An encoded slug (slug-encoding.ts) is lowercase a-z, 0-9, "-" and "_": valid in a ref as well.
 */
export const draftBranchPrefix = 'cms/';

export function draftBranchName(collection: string, slug: string): string {
  if (!isValidCollectionName(collection)) throw new InvalidInputError('collection: not a valid collection name');
  assertItemSlug(slug);
  return `${draftBranchPrefix}${collection}/${slug}`;
}

/**
 * The last segment of the one draft that deletes several items of a collection at once,
 * `cms/{collection}/_deletions`. It is never an item's slug: strict slugs start with a letter or
 * digit, and `_deletions` is not an encoded slug either (it would stand for the name `deletions`,
 * whose slug is `deletions` itself; encodings are canonical). It is a valid ref name segment.
 */
export const deletionsSegment = '_deletions';

export function deletionsBranchName(collection: string): string {
  if (!isValidCollectionName(collection)) throw new InvalidInputError('collection: not a valid collection name');
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
