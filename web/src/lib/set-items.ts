import type { ContentDiff } from '../../../shared/pulls/schemas';

/** A change set's branch (shared/content/set-branch.ts names it so). */
export const setBranchOf = (name: string) => `cms/_sets/${name}`;

/** What a change set does to one of its items, in the words its page and its publish question use. */
export type SetItemKind = 'edit' | 'new' | 'renamed' | 'deleted';

export const setItemKindLabels: Record<SetItemKind, string> = {
  edit: 'Edit',
  new: 'New',
  renamed: 'Renamed',
  deleted: 'Deleted',
};

export interface SetItemChange {
  collection: string;
  slug: string;
  kind: SetItemKind;
  diff: ContentDiff;
}

export interface SetChanges {
  /** The items, grouped by collection in the order the diff first names each. */
  groups: { collection: string; items: SetItemChange[] }[];
  /** Files that are no item's (the media the items reference), by path. */
  media: ContentDiff[];
}

const kindOf = (diff: ContentDiff): SetItemKind =>
  diff.previousSlug !== undefined
    ? 'renamed'
    : diff.type === 'added'
      ? 'new'
      : diff.type === 'deleted'
        ? 'deleted'
        : 'edit';

/**
 * A set's diff as its page shows it: items by collection, in the configuration's order of the
 * collections (one it does not name last), each with its kind; then its media files.
 */
export function setChangesOf({
  diffs,
  collections,
}: {
  diffs: readonly ContentDiff[];
  /** The configuration's collection names, in its order. */
  collections: readonly string[];
}): SetChanges {
  const groups = new Map<string, SetItemChange[]>();
  const media: ContentDiff[] = [];
  for (const diff of diffs) {
    if (diff.file) {
      media.push(diff);
      continue;
    }
    const items = groups.get(diff.collection) ?? [];
    items.push({ collection: diff.collection, slug: diff.slug, kind: kindOf(diff), diff });
    groups.set(diff.collection, items);
  }
  const rank = (name: string) => {
    const index = collections.indexOf(name);
    return index === -1 ? collections.length : index;
  };
  return {
    groups: [...groups]
      .map(([collection, items]) => ({ collection, items }))
      .sort((a, b) => rank(a.collection) - rank(b.collection)),
    media,
  };
}

interface ListedSet {
  set: string;
  title: string;
  number: number;
  items: readonly { collection: string; slug: string }[];
}

/** The open change set that holds an item, if one does (the first listed, should two race). */
export function setHolding(
  sets: readonly ListedSet[],
  item: { collection: string; slug: string },
): { name: string; title: string; number: number } | undefined {
  const holder = sets.find((set) =>
    set.items.some(
      (candidate) => candidate.collection === item.collection && candidate.slug === item.slug,
    ),
  );
  return holder && { name: holder.set, title: holder.title, number: holder.number };
}
