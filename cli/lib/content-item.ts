import type { ContentItem } from '../../shared/content/schemas';
import { ApiError } from './errors';
import type { Api } from './http';
import { repoPath } from './http';

export const itemPath = (repo: string, collection: string, slug: string) =>
  `${repoPath(repo)}/content/${encodeURIComponent(collection)}/${encodeURIComponent(slug)}`;

export const draftBranch = (collection: string, slug: string) => `cms/${collection}/${slug}`;

/** The item, or undefined when the service answers 404 (no such item, or not on that branch). */
export async function findItem(api: Api, path: string, branch?: string): Promise<ContentItem | undefined> {
  try {
    return await api.get<ContentItem>(branch ? `${path}?branch=${encodeURIComponent(branch)}` : path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
