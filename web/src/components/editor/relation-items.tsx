import { createContext, useContext, type ReactNode } from 'react';

/** An item a relation can name: its slug and frontmatter (for the label field). */
export interface RelationItem {
  slug: string;
  frontmatter: Record<string, unknown>;
}

type LoadItems = (collection: string) => Promise<readonly RelationItem[]>;

const RelationItems = createContext<LoadItems | undefined>(undefined);

/** How relation inputs load the items of another collection (the editor passes the list route). */
export function RelationItemsProvider({ load, children }: { load: LoadItems; children: ReactNode }) {
  return <RelationItems.Provider value={load}>{children}</RelationItems.Provider>;
}

export const useRelationItems = () => useContext(RelationItems);

/** `load` asked once per collection while the editor is open (two relation fields to authors make one request); a failure is asked again. */
export function loadOncePerCollection(load: LoadItems): LoadItems {
  const asked = new Map<string, Promise<readonly RelationItem[]>>();
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
export function relationLabel(item: RelationItem | undefined, slug: string, displayField = 'title'): string {
  const value = item?.frontmatter[displayField];
  return typeof value === 'string' && value.trim() !== '' ? value : slug;
}
