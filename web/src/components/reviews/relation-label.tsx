import { createContext, useContext, useState, type ReactNode } from 'react';
import { firstItemsOf, useCollectionItems, type FirstItems } from '../../lib/collection-items';
import { loadOncePerCollection, relationLabel } from '../../lib/relation-labels';

/** A related collection's first page (up to 1,000 items), asked once per collection while the diff is shown. */
type LoadItems = (collection: string) => Promise<FirstItems>;

// Kept apart from the editor's relation pickers (relation-items.tsx), so neither screen loads the
// other's code; what both need is in lib/relation-labels.ts.
const RelationItems = createContext<LoadItems | undefined>(undefined);

/** Gives the diff's relation values their related items, one request per related collection. */
export function RelationItemsOf({ repo, children }: { repo: string; children: ReactNode }) {
  const [load] = useState<LoadItems>(() => loadOncePerCollection(firstItemsOf(repo)));
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
  const items = useCollectionItems(useContext(RelationItems), collection);
  return (
    <>
      {relationLabel(
        items?.find((item) => item.slug === slug),
        slug,
        displayField,
      )}
    </>
  );
}
