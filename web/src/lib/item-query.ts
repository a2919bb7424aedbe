import type { FieldDefinition } from '../../../shared/content/config-schema';
import type { ContentItem } from '../../../shared/content/schemas';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { deletionsSegment } from '../../../shared/content/deletions-segment';
import { boardColumns, columnOf } from '../../../shared/pulls/board';
import { dateOf, fileNameOf, titleOf } from './item-labels';
import type { ServerQuery } from './item-pages';

/** One row of the item list: what the list shows, searches and sorts by. */
export interface ItemRow {
  slug: string;
  /** The file's sha on the default branch; absent for an item that exists only as a draft. */
  sha?: string;
  /** The title as the site shows it: the title field, else the file name (never the encoded slug). */
  title: string;
  /** The file's path inside the collection's directory (`2024-02-14-hello.md`, `post/index.md`); absent for a draft-only item until its draft is read. */
  fileName?: string;
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
  /** A draft renames this item: on the new name's row, the file name it had; on the old one's, the file name it gets. */
  rename?: { from: string } | { to: string };
  /** When a pending schedule publishes the item's change request (ISO 8601). */
  publishAt?: string;
  /** Why the file cannot be edited as fields, when it cannot. */
  problem?: ContentItem['problem'];
  /** Its fields break the collection's definitions: how many problems, and the first. */
  problems?: ContentItem['problems'];
  searchText: string;
}

/** The board's name for the column a change request is in, so the list and the board agree. */
const stateOf = (pull: PullRequestSummary): string =>
  boardColumns.find((column) => column.id === columnOf(pull))!.title;

export type SortKey = 'date-desc' | 'date-asc' | 'title';
export type Filter = 'all' | 'published' | 'draft' | 'review' | 'problems';

/** The sort a list names, in words: "Sorted by date, newest first". */
export const sortWords: Record<SortKey, string> = {
  'date-desc': 'date, newest first',
  'date-asc': 'date, oldest first',
  title: 'title, A–Z',
};

/** Whether the collection declares a date or datetime field, by which its list can be sorted. */
export const isDated = (fields: readonly FieldDefinition[]): boolean =>
  fields.some((field) => field.type === 'date' || field.type === 'datetime');

/** A list starts as the site orders it: by date, newest first, when there is a date; else by title. */
export const defaultSortOf = (fields: readonly FieldDefinition[]): SortKey =>
  isDated(fields) ? 'date-desc' : 'title';

/** What a draft-only item's draft holds, read from its diff: its own title and file, and the file a rename starts from. */
export interface DraftItem {
  title?: string;
  fileName: string;
  renamedFrom?: string;
  /** The draft deletes the item. */
  deleted?: true;
}

export interface RowSources {
  fields: readonly FieldDefinition[];
  /** The collection's directory, which file names are relative to. */
  directory: string;
  items: readonly ContentItem[];
  pulls: readonly PullRequestSummary[];
  collection: string;
  /** Pending publish schedules: when each change request (by number) publishes. */
  publishAt?: ReadonlyMap<number, string>;
  /** Draft-only items read from their drafts, by pull request number. */
  drafts?: ReadonlyMap<number, DraftItem>;
}

export function toRows({
  fields,
  directory,
  items,
  pulls,
  collection,
  publishAt = new Map(),
  drafts = new Map(),
}: RowSources): ItemRow[] {
  const reviews = new Map(
    pulls.filter((pull) => pull.collection === collection).map((pull) => [pull.slug, pull]),
  );
  // A rename's draft is listed under its new name; the item's row under its old name says where it goes.
  const renamingTo = new Map<string, string>();
  for (const pull of reviews.values()) {
    const draft = drafts.get(pull.number);
    if (draft?.renamedFrom) renamingTo.set(draft.renamedFrom, draft.fileName);
  }
  const rows: ItemRow[] = items.map((item) => {
    const fileName = fileNameOf(directory, item.path);
    // The body's first heading names an item without a title field, as the site's page does.
    const title = titleOf(fields, item.frontmatter, item.heading ?? fileName);
    const pull = reviews.get(item.slug);
    reviews.delete(item.slug);
    const description =
      typeof item.frontmatter.description === 'string' ? item.frontmatter.description : '';
    const number = pull?.number ?? item.prNumber;
    const to = renamingTo.get(fileName);
    const at = number === undefined ? undefined : publishAt.get(number);
    return {
      slug: item.slug,
      sha: item.sha,
      title,
      fileName,
      date: dateOf(fields, item.frontmatter),
      isDraft: item.frontmatter.draft === true,
      review: pull
        ? { number: pull.number, title: pull.title, state: stateOf(pull) }
        : item.prNumber
          ? { number: item.prNumber, title: '' }
          : undefined,
      isNew: false,
      ...(to ? { rename: { to } } : {}),
      ...(at ? { publishAt: at } : {}),
      ...(item.problem ? { problem: item.problem } : {}),
      ...(item.problems ? { problems: item.problems } : {}),
      searchText: `${title} ${fileName} ${item.slug} ${description}`.toLowerCase(),
    };
  });
  // Items created, renamed or duplicated as drafts exist only on their branch: list them from their
  // pull request, under their own title once their draft is read (the pull request's title is the
  // change's, "Rename “Hello” to hello-again", not the item's), else under their (strict) slug.
  for (const pull of reviews.values()) {
    // A draft deleting several items is no item of its own.
    if (pull.slug === deletionsSegment) continue;
    const draft = drafts.get(pull.number);
    const title = draft?.title ?? pull.slug;
    const at = publishAt.get(pull.number);
    rows.push({
      slug: pull.slug,
      title,
      ...(draft ? { fileName: draft.fileName } : {}),
      isDraft: false,
      review: { number: pull.number, title: pull.title, state: stateOf(pull) },
      isNew: draft?.renamedFrom === undefined,
      ...(draft?.renamedFrom ? { rename: { from: draft.renamedFrom } } : {}),
      ...(at ? { publishAt: at } : {}),
      searchText: `${title} ${draft?.fileName ?? ''} ${pull.slug}`.toLowerCase(),
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
      return !row.isDraft && row.sha !== undefined;
    case 'draft':
      return row.isDraft;
    case 'review':
      return row.review !== undefined;
    // What `cms check` reports as an error: fields against their definitions, or a file it cannot read.
    case 'problems':
      return row.problems !== undefined || row.problem !== undefined;
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
