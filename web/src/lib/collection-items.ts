import { useEffect, useState } from 'react';
import { listItems, wholeListLimit } from '../api/content';

export type FirstItems = Awaited<ReturnType<typeof listItems>>['items'];

/** A collection's first page (up to 1,000 items): what a screen naming items by title reads. */
export const firstItemsOf = (repo: string) => (collection: string) =>
  listItems(repo, collection, { limit: wholeListLimit }).then((page) => page.items);

/**
 * The items `load` gives for `collection` once they came: undefined until then, while `collection`
 * is undefined, and when they cannot be read (the screen then shows slugs). An answer for a
 * collection no longer asked is dropped.
 */
export function useCollectionItems<T>(
  load: ((collection: string) => Promise<T>) | undefined,
  collection: string | undefined,
): T | undefined {
  const [items, setItems] = useState<T>();
  useEffect(() => {
    if (!load || !collection) return;
    let current = true;
    load(collection).then(
      (loaded) => current && setItems(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, collection]);
  return items;
}
