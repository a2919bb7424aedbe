import { encodeCursor, startAfter, type Cursor } from './list-cursor';
import type { Keyed, SortSpec } from './list-order';

export interface PageInput<T extends Keyed> {
  /** Every item the list holds (q applied), in the order of `spec`. */
  ordered: readonly T[];
  spec: SortSpec;
  limit: number;
  cursor?: Cursor;
  collection: string;
  q: string | null;
  /** What the collection was read at: a cursor made at the same version continues at its offset. */
  version: string;
}

export interface Page<T> {
  items: T[];
  /** How many items the list holds (those matching q). */
  total: number;
  /** The next page's cursor; absent on the last page. */
  next?: string;
}

/** One page of an ordered list, and the cursor of the next one. */
export function pageOf<T extends Keyed>(input: PageInput<T>): Page<T> {
  const start = input.cursor
    ? startAfter({
        ordered: input.ordered,
        cursor: input.cursor,
        spec: input.spec,
        version: input.version,
      })
    : 0;
  const items = input.ordered.slice(start, start + input.limit);
  const end = start + items.length;
  const last = items[items.length - 1];
  if (end >= input.ordered.length || !last) return { items, total: input.ordered.length };
  const next = encodeCursor({
    collection: input.collection,
    sort: input.spec.name,
    order: input.spec.order,
    q: input.q,
    version: input.version,
    offset: end,
    value: last.value,
    path: last.path,
  });
  return { items, total: input.ordered.length, next };
}
