import { listItems, wholeListLimit } from '../../api/content';
import { loadOncePerCollection } from '../../lib/relation-labels';
import type { RelationSource } from './relation-items';

/**
 * The relation source of the editor, over the list route: a collection's first page (up to 1,000
 * items, asked once per collection while the editor is open) holds every item of most related
 * collections, which the picker then searches itself as it always did; a larger one is searched
 * by the service (relation-search-input.tsx).
 */
export const relationSourceOf = (repo: string): RelationSource => ({
  repo,
  first: loadOncePerCollection(async (collection) => {
    const page = await listItems(repo, collection, { limit: wholeListLimit });
    return { items: page.items, complete: !page.more };
  }),
});
