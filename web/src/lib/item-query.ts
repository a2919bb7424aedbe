import type { FieldDefinition } from '../../../shared/content/config-schema';
import type { ContentItem } from '../../../shared/content/schemas';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { deletionsSegment } from '../../../shared/content/deletions-segment';
import { boardColumns, columnOf } from '../../../shared/pulls/board';
import { dateOf, titleOf } from './item-labels';
import type { ServerQuery } from './item-pages';

/** One row of the item list: what the list shows, searches and sorts by. */
export interface ItemRow {
  slug: string;
  /** The file's sha on the default branch; absent for an item that exists only as a draft. */
  sha?: string;
  title: string;
  date?: string;
  /** `draft: true` in the frontmatter: not published by the site. */
  isDraft: boolean;
  /**
   * An open change request (a pull request) holds unpublished edits; `state` is its column on the
   * board ("In progress", "In review", "Ready to publish"), absent when only its number is known.
   */
  review?: { number: number; title: string; state?: string };
  /** Exists only on its draft branch so far. */
  isNew: boolean;
  /** Why the file cannot be edited as fields, when it cannot. */
  problem?: ContentItem['problem'];
  searchText: string;
}

/** The board's name for the column a change request is in, so the list and the board agree. */
const stateOf = (pull: PullRequestSummary): string =>
  boardColumns.find((column) => column.id === columnOf(pull))!.title;

export type SortKey = 'date-desc' | 'date-asc' | 'title';
export type Filter = 'all' | 'published' | 'draft' | 'review';

export function toRows(
  fields: readonly FieldDefinition[],
  items: readonly ContentItem[],
  pulls: readonly PullRequestSummary[],
  collection: string,
): ItemRow[] {
  const reviews = new Map(
    pulls.filter((pull) => pull.collection === collection).map((pull) => [pull.slug, pull]),
  );
  const rows: ItemRow[] = items.map((item) => {
    const title = titleOf(fields, item.frontmatter, item.slug);
    const pull = reviews.get(item.slug);
    reviews.delete(item.slug);
    const description =
      typeof item.frontmatter.description === 'string' ? item.frontmatter.description : '';
    return {
      slug: item.slug,
      sha: item.sha,
      title,
      date: dateOf(fields, item.frontmatter),
      isDraft: item.frontmatter.draft === true,
      review: pull
        ? { number: pull.number, title: pull.title, state: stateOf(pull) }
        : item.prNumber
          ? { number: item.prNumber, title: '' }
          : undefined,
      isNew: false,
      ...(item.problem ? { problem: item.problem } : {}),
      searchText: `${title} ${item.slug} ${description}`.toLowerCase(),
    };
  });
  // Items created as drafts exist only on their branch: list them from their pull request.
  for (const pull of reviews.values()) {
    // A draft deleting several items is no item of its own.
    if (pull.slug === deletionsSegment) continue;
    rows.push({
      slug: pull.slug,
      title: pull.title,
      isDraft: false,
      review: { number: pull.number, title: pull.title, state: stateOf(pull) },
      isNew: true,
      searchText: `${pull.title} ${pull.slug}`.toLowerCase(),
    });
  }
  return rows;
}

export function queryRows(
  rows: readonly ItemRow[],
  search: string,
  sort: SortKey,
  filter: Filter,
): ItemRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = rows.filter(
    (row) => words.every((word) => row.searchText.includes(word)) && matches(row, filter),
  );
  return kept.sort(comparators[sort]);
}

function matches(row: ItemRow, filter: Filter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'published':
      return !row.isDraft && !row.isNew;
    case 'draft':
      return row.isDraft;
    case 'review':
      return row.review !== undefined;
  }
}

const byTitle = (a: ItemRow, b: ItemRow) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });
const comparators: Record<SortKey, (a: ItemRow, b: ItemRow) => number> = {
  // Undated items sort last either way; ISO dates compare correctly as text.
  'date-desc': (a, b) => (b.date ?? '').localeCompare(a.date ?? '') || byTitle(a, b),
  'date-asc': (a, b) =>
    (a.date ? (b.date ? a.date.localeCompare(b.date) : -1) : b.date ? 1 : 0) || byTitle(a, b),
  title: byTitle,
};

/** The longest `q` the service takes. */
const maxQueryLength = 200;

/**
 * The list's sort and search as the service pages them: the dates by the collection's date field
 * (`date`, else its first date or datetime field, as the rows show), titles by its title field
 * (`title`, else its first string field); without such a field, by the next best the service
 * sorts by (titles, then slugs). The search is one text matched in titles and slugs.
 */
export function serverQueryOf(
  fields: readonly FieldDefinition[],
  sort: SortKey,
  search: string,
): ServerQuery {
  const strings = fields.filter((field) => field.type === 'string');
  const title = (strings.find((field) => field.name === 'title') ?? strings[0])?.name ?? 'slug';
  const dated = fields.filter((field) => field.type === 'date' || field.type === 'datetime');
  const date = (
    dated.find((field) => field.name === 'date') ??
    dated.find((field) => field.type === 'date') ??
    dated[0]
  )?.name;
  const q = search.trim().slice(0, maxQueryLength);
  const order =
    sort === 'date-desc' && date
      ? { sort: date, order: 'desc' as const }
      : sort === 'date-asc' && date
        ? { sort: date, order: 'asc' as const }
        : { sort: title, order: 'asc' as const };
  return q ? { ...order, q } : order;
}
