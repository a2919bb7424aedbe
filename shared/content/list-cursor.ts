import { InvalidInputError } from '../errors';
import type { ListOrder } from './list-schemas';
import { comparatorOf, type Keyed, type SortSpec, type SortValue } from './list-order';

/**
 * A page's cursor: opaque to clients (base64url JSON), it names the list it was made for (the
 * collection, sort, order and q) and where the next page starts: the version of the collection
 * it was read at, the offset, and the last item's (sort value, path). The next page starts at the
 * offset while the collection is unchanged; after a change it starts after that last item in the
 * new order, so no item that was there on both reads is shown twice or skipped.
 */
export interface Cursor {
  collection: string;
  sort: string;
  order: ListOrder;
  q: string | null;
  version: string;
  offset: number;
  value: SortValue;
  path: string;
}

const format = 1;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(
    JSON.stringify([
      format,
      cursor.collection,
      cursor.sort,
      cursor.order,
      cursor.q,
      cursor.version,
      cursor.offset,
      cursor.value,
      cursor.path,
    ]),
  ).toString('base64url');
}

const notOurs = () =>
  new InvalidInputError('cursor: is not a cursor this list gave (take it from the Link header)');

/** The cursor a request sent, checked against the list it asks for: another list's cursor is refused. */
export function decodeCursor(
  text: string,
  list: Pick<Cursor, 'collection' | 'sort' | 'order' | 'q'>,
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  if (!Array.isArray(parsed) || parsed.length !== 9 || parsed[0] !== format) throw notOurs();
  const [, collection, sort, order, q, version, offset, value, path] = parsed as unknown[];
  const valid =
    typeof collection === 'string' &&
    typeof sort === 'string' &&
    (order === 'asc' || order === 'desc') &&
    (q === null || typeof q === 'string') &&
    typeof version === 'string' &&
    Number.isSafeInteger(offset) &&
    (offset as number) > 0 &&
    (value === null ||
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value))) &&
    typeof path === 'string';
  if (!valid) throw notOurs();
  if (
    collection !== list.collection ||
    sort !== list.sort ||
    order !== list.order ||
    q !== list.q
  ) {
    throw new InvalidInputError(
      'cursor: was made for another list (its collection, sort, order or q differ); start again without it',
    );
  }
  return {
    collection,
    sort,
    order,
    q,
    version,
    offset: offset as number,
    value: value as SortValue,
    path,
  };
}

/**
 * Where the page after `cursor` starts in `ordered` (sorted by `spec`): at the cursor's offset when
 * the list is the one the cursor was made from, else after its last item in this order.
 */
export function startAfter({
  ordered,
  cursor,
  spec,
  version,
}: {
  ordered: readonly Keyed[];
  cursor: Cursor;
  spec: Pick<SortSpec, 'kind' | 'order'>;
  version: string;
}): number {
  if (cursor.version === version && ordered[cursor.offset - 1]?.path === cursor.path)
    return cursor.offset;
  const compare = comparatorOf(spec);
  const last = { path: cursor.path, value: cursor.value };
  let [low, high] = [0, ordered.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(ordered[middle]!, last) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
