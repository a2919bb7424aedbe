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

/** `load` asked once per collection while the editor is open (two relation fields to authors make one request); a failure is asked again. */
export function loadOncePerCollection<T>(
  load: (collection: string) => Promise<T>,
): (collection: string) => Promise<T> {
  const asked = new Map<string, Promise<T>>();
  return (collection) => {
    let answer = asked.get(collection);
    if (!answer) {
      answer = load(collection);
      asked.set(collection, answer);
      answer.catch(() => asked.delete(collection));
    }
    return answer;
  };
}

/** What a relation shows for an item: its `displayField` (default `title`) when that is text, else the slug. */
export function relationLabel(
  item: RelationItem | undefined,
  slug: string,
  displayField = 'title',
): string {
  const value = item?.frontmatter[displayField];
  return typeof value === 'string' && value.trim() !== '' ? value : slug;
}
