import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { listItems, wholeListLimit } from '../../api/content';

type Items = readonly { slug: string; frontmatter: Record<string, unknown> }[];
/** A related collection's first page (up to 1,000 items), asked once per collection while the diff is shown. */
type LoadItems = (collection: string) => Promise<Items>;

// Kept apart from the editor's relation pickers (relation-items.tsx), so the review screen's chunk
// shares no module with the editor's and neither screen loads the other's code.
const RelationItems = createContext<LoadItems | undefined>(undefined);

/** Gives the diff's relation values their related items, one request per related collection. */
export function RelationItemsOf({ repo, children }: { repo: string; children: ReactNode }) {
  const [load] = useState<LoadItems>(() => {
    const asked = new Map<string, Promise<Items>>();
    return (collection: string) => {
      let answer = asked.get(collection);
      if (!answer) {
        answer = listItems(repo, collection, { limit: wholeListLimit }).then((page) => page.items);
        asked.set(collection, answer);
        answer.catch(() => asked.delete(collection));
      }
      return answer;
    };
  });
  return <RelationItems.Provider value={load}>{children}</RelationItems.Provider>;
}

/**
 * A related item as a reader knows it: its display field ("Alice Martin", `title` by default) when
 * that is text, as the editor's picker shows it; the slug until it comes, and when the item is not found.
 */
export function RelationLabel({
  collection,
  slug,
  displayField = 'title',
}: {
  collection: string;
  slug: string;
  displayField?: string;
}) {
  const load = useContext(RelationItems);
  const [items, setItems] = useState<Items>();
  useEffect(() => {
    if (!load) return;
    let current = true;
    load(collection).then(
      (loaded) => current && setItems(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, collection]);
  const value = items?.find((item) => item.slug === slug)?.frontmatter[displayField];
  return <>{typeof value === 'string' && value.trim() !== '' ? value : slug}</>;
}
