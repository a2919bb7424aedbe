import { createContext, useContext, type ReactNode } from 'react';

/** An item a relation can name: its slug and frontmatter (for the label field). */
export interface RelationItem {
  slug: string;
  frontmatter: Record<string, unknown>;
}

/** A collection's first page: `complete` when it holds every item (the picker then searches it itself). */
export interface RelationPage {
  items: readonly RelationItem[];
  complete: boolean;
}

/**
 * How relation inputs reach the items of another collection (the editor passes the list route):
 * the repository, and a collection's first page. A collection too large for one page is searched
 * by the service (relation-search-input.tsx, with the repository's list route).
 */
export interface RelationSource {
  repo: string;
  first(collection: string): Promise<RelationPage>;
}

const RelationItems = createContext<RelationSource | undefined>(undefined);

export function RelationItemsProvider({
  source,
  children,
}: {
  source: RelationSource;
  children: ReactNode;
}) {
  return <RelationItems.Provider value={source}>{children}</RelationItems.Provider>;
}

export const useRelationItems = () => useContext(RelationItems);
