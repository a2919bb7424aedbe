import { getItem } from '../../api/content';
import { listItemsPage } from '../../api/content-pages';
import { ApiError } from '../../api/client';
import { whileIndexing } from '../../lib/index-wait';
import type { RelationItem } from './relation-items';

// A relation's reads of a collection too large for one page (relation-search-input.tsx).

/** Options a relation's search shows of a collection too large for one page. */
export const relationSearchLimit = 20;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The items whose title or slug holds `text`, asked again while the service builds the
 * collection's index (saying how far it has come); a failure in words naming the collection.
 */
export async function searchItems(input: {
  repo: string;
  collection: string;
  text: string;
  signal: AbortSignal;
  onStatus(status: string): void;
}) {
  const { repo, collection, signal } = input;
  const onProgress = ({ done, total }: { done: number; total: number }) =>
    input.onStatus(`Indexing ${collection}: ${count(done)} of ${count(total)} files…`);
  try {
    return await whileIndexing(
      async () =>
        (
          await listItemsPage({
            repo,
            collection,
            query: { q: input.text, limit: relationSearchLimit },
            signal,
          })
        ).items,
      { signal, onProgress },
    );
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error(`Could not search ${collection}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** One item by slug (its frontmatter labels a chosen one); null when there is none. */
export const readItem = (
  repo: string,
  collection: string,
  slug: string,
): Promise<RelationItem | null> =>
  getItem(repo, collection, slug).then(
    (item) => ({ slug, frontmatter: item.frontmatter }),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );
