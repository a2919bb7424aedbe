import { InvalidInputError } from '../errors';
import { isValidCollectionName } from './collection-name';
import { assertSlug, isValidSlug } from './slug';

/** Draft branches are `cms/{collection}/{slug}`; both parts are checked, so the name is a valid ref. */
export const draftBranchPrefix = 'cms/';

export function draftBranchName(collection: string, slug: string): string {
  if (!isValidCollectionName(collection)) throw new InvalidInputError('collection: not a valid collection name');
  assertSlug(slug);
  return `${draftBranchPrefix}${collection}/${slug}`;
}

/** `{collection, slug}` of a draft branch name, or undefined for any other branch. */
export function parseDraftBranch(branch: string): { collection: string; slug: string } | undefined {
  const match = /^cms\/([^/]+)\/([^/]+)$/.exec(branch);
  if (!match) return undefined;
  const [, collection = '', slug = ''] = match;
  return isValidCollectionName(collection) && isValidSlug(slug) ? { collection, slug } : undefined;
}
