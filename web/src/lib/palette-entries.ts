import type { CmsConfig } from '../../../shared/content/config-schema';
import type { Frontmatter } from '../../../shared/content/frontmatter';
import type { Route } from '../router/routes';
import { fileNameOf, titleOf } from './item-labels';
import type { ScreenAction } from './screen-actions';

/** One thing the command palette can open or do. */
export interface PaletteEntry {
  id: string;
  label: string;
  /** Shown after the label, muted: where it lives. */
  detail: string;
  kind: 'item' | 'action';
  /** Where picking it goes; or, for an action of the screen on display, what it runs. */
  to?: Route;
  run?(): void;
  /** Lowercased text the query is matched against. */
  haystack: string;
}

export interface CollectionItems {
  collection: string;
  /** The list's items; with its `path`, an item is named by its real file name, not its (maybe encoded) slug. */
  items: readonly { slug: string; path?: string; heading?: string; frontmatter: Frontmatter }[];
}

/**
 * Actions first (the screen's own, such as the editor's Save; new item in each collection, the
 * reviews board, other repositories), then every item by title.
 */
export function paletteEntries(
  repo: string,
  config: CmsConfig,
  lists: readonly CollectionItems[],
  screenActions: readonly ScreenAction[] = [],
): PaletteEntry[] {
  const entry = (
    id: string,
    label: string,
    detail: string,
    kind: PaletteEntry['kind'],
    to: Route | undefined,
  ): PaletteEntry => ({
    id,
    label,
    detail,
    kind,
    to,
    haystack: `${label} ${detail}`.toLowerCase(),
  });
  const actions = [
    ...screenActions.map((action) => ({
      ...entry(`screen:${action.id}`, action.label, action.detail, 'action', undefined),
      run: action.run,
    })),
    ...Object.entries(config.collections).map(([name, collection]) =>
      entry(`new:${name}`, `New ${collection.label.toLowerCase()}`, collection.label, 'action', {
        name: 'new-item',
        repo,
        collection: name,
      }),
    ),
    entry('reviews', 'Reviews', repo, 'action', { name: 'reviews', repo }),
    entry('repos', 'Switch repository', 'All repositories', 'action', { name: 'repos' }),
  ];
  const items = lists.flatMap(({ collection, items: listed }) => {
    const definition = config.collections[collection];
    if (!definition) return [];
    return listed.map((item) => {
      const file = item.path ? fileNameOf(definition.directory, item.path) : item.slug;
      return entry(
        `item:${collection}/${item.slug}`,
        titleOf(definition.fields, item.frontmatter, item.heading ?? file),
        `${definition.label} · ${file}`,
        'item',
        { name: 'item', repo, collection, slug: item.slug },
      );
    });
  });
  return [...actions, ...items];
}

/**
 * The entries matching every word of `query` (in any order, anywhere in the label or detail),
 * those whose label starts with the query first; at most `limit`.
 */
export function matchEntries(
  entries: readonly PaletteEntry[],
  query: string,
  limit = 50,
): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries.slice(0, limit);
  const whole = words.join(' ');
  const matching = entries.filter((candidate) =>
    words.every((word) => candidate.haystack.includes(word)),
  );
  const starts = (candidate: PaletteEntry) =>
    candidate.label.toLowerCase().startsWith(whole) ? 0 : 1;
  return matching.sort((a, b) => starts(a) - starts(b)).slice(0, limit);
}
