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

/** `{collection, slug}` of a draft branch name, or undefined for any other branch. */
export function parseDraftBranch(branch: string): { collection: string; slug: string } | undefined {
  const match = /^cms\/([^/]+)\/([^/]+)$/.exec(branch);
  if (!match) return undefined;
  const [, collection = '', slug = ''] = match;
  return isValidCollectionName(collection) && itemSlugProblem(slug) === undefined ? { collection, slug } : undefined;
}
