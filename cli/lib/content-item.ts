import { ApiError } from './errors';
import type { Api } from './http';

/** Where an item is: its repository (owner/name), collection and slug. */
export interface ItemAddress {
  repo: string;
  collection: string;
  slug: string;
}

export const draftBranch = (collection: string, slug: string) => `cms/${collection}/${slug}`;

/** The item, or undefined when the service answers 404 (no such item, or not on that branch). */
export async function findItem(api: Api, item: ItemAddress, branch?: string) {
  try {
    return await api.call('getContent', { params: { ...item }, query: { branch } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
