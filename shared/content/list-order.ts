import { InvalidInputError } from '../errors';
import type { CollectionConfig } from './config-schema';
import type { Frontmatter } from './frontmatter';
import type { ListOrder } from './list-schemas';
import { instantOf } from './typed-values';

/**
 * How a paged list orders and filters its items (an addition to the spec):
 * - `path` (the default): the files' paths in code point order, which is git's tree order;
 * - `slug`: the slugs in code point order;
 * - a declared top-level field of type `date` or `datetime` (by the instant it names, a date at
 *   midnight UTC, a time without offset as UTC) or `string` (case-insensitively: NFC, then
 *   `toLowerCase()`; a number or boolean value by its text).
 * Items with equal values follow in path order (ascending, in either `order`), so the order is
 * total and stable. Items without a value (absent, empty, a list, not a date) come last in both
 * orders. `q` keeps the items whose slug or `title` contains it, compared the same case-insensitive way.
 */
export type SortKind = 'path' | 'slug' | 'date' | 'string';

export interface SortSpec {
  /** `path`, `slug` or the field's name, as the query named it. */
  name: string;
  kind: SortKind;
  order: ListOrder;
}

/** A value to order by: an instant (dates), folded text, or null when the item has none. */
export type SortValue = string | number | null;

/** What ordering and paging need of an item. */
export interface Keyed {
  path: string;
  value: SortValue;
}

const sortableTypes: Record<string, SortKind> = {
  date: 'date',
  datetime: 'date',
  string: 'string',
};

/** The declared fields a list may sort by, in the config's order. */
export const sortableFieldsOf = (
  collection: Pick<CollectionConfig, 'fields'>,
): { name: string; kind: SortKind }[] =>
  collection.fields.flatMap((field) =>
    sortableTypes[field.type] ? [{ name: field.name, kind: sortableTypes[field.type]! }] : [],
  );

/** The order a query asks for, checked against the collection's fields. */
export function sortSpecOf({
  collectionName,
  collection,
  sort,
  order,
}: {
  collectionName: string;
  collection: Pick<CollectionConfig, 'fields'>;
  sort: string | undefined;
  order: ListOrder | undefined;
}): SortSpec {
  const name = sort ?? 'path';
  const direction = order ?? 'asc';
  if (name === 'path' || name === 'slug') return { name, kind: name, order: direction };
  const field = collection.fields.find((candidate) => candidate.name === name);
  const kind = field && sortableTypes[field.type];
  if (!kind) {
    const sortable = collection.fields
      .filter((candidate) => sortableTypes[candidate.type])
      .map((candidate) => candidate.name);
    throw new InvalidInputError(
      `sort: ${collectionName} cannot be sorted by "${name}"; use path, slug${sortable.map((field) => `, ${field}`).join('')} (a date, datetime or string field)`,
    );
  }
  return { name, kind, order: direction };
}

/** Text as `q` and string sorts compare it. */
export const fold = (text: string): string => text.normalize('NFC').toLowerCase();

/** The title `q` searches, folded; null without one. */
export function titleOf(frontmatter: Frontmatter): string | null {
  const title = frontmatter.title;
  return typeof title === 'string' || typeof title === 'number' ? fold(String(title)) : null;
}

/** What an item sorts by under `spec`. */
export function sortValueOf(
  spec: SortSpec,
  item: { path: string; slug: string; frontmatter: Frontmatter },
): SortValue {
  if (spec.kind === 'path') return item.path;
  if (spec.kind === 'slug') return item.slug;
  const raw = Object.hasOwn(item.frontmatter, spec.name) ? item.frontmatter[spec.name] : undefined;
  if (spec.kind === 'date') return typeof raw === 'string' ? (instantOf(raw.trim()) ?? null) : null;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return null;
  const text = fold(String(raw));
  return text === '' ? null : text;
}

/** Whether an item's slug or title holds `query` (already folded). */
export const matchesQuery = (
  query: string,
  item: { slug: string; title: string | null },
): boolean => fold(item.slug).includes(query) || (item.title?.includes(query) ?? false);

/** UTF-16 code units mapped so that they compare as code points (UTF-8 bytes, git's order): surrogates above U+E000–U+FFFF. */
const codePointUnit = (unit: number) =>
  unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;

export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at += 1) {
    const [x, y] = [a.charCodeAt(at), b.charCodeAt(at)];
    if (x !== y) return codePointUnit(x) - codePointUnit(y);
  }
  return a.length - b.length;
}

const compareValues = (a: string | number, b: string | number): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : compareCodePoints(String(a), String(b));

/** The total order of `spec` over keyed items: value in the asked direction, missing values last, then path ascending. */
export function comparatorOf(
  spec: Pick<SortSpec, 'kind' | 'order'>,
): (a: Keyed, b: Keyed) => number {
  const sign = spec.order === 'desc' ? -1 : 1;
  if (spec.kind === 'path') return (a, b) => sign * compareCodePoints(a.path, b.path);
  return (a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else {
      const byValue = compareValues(a.value, b.value);
      if (byValue !== 0) return sign * byValue;
    }
    return compareCodePoints(a.path, b.path);
  };
}
