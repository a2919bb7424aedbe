import { UnavailableError } from '../../errors';
import { keys } from '../../store/keys';
import type { Store, StoreKey } from '../../ports/store';
import { comparatorOf, matchesQuery, type Keyed, type SortSpec } from '../list-order';
import { itemsOfChunk, summariesOfChunk, type IndexedItem, type SummaryItem } from './index-chunks';
import type { IndexMemo } from './index-memo';
import type { ChunkRef, IndexState } from './index-state';

/** A chunk the state names is gone (expired): the index must be built again. */
export class IndexChunkMissingError extends UnavailableError {
  override name = 'IndexChunkMissingError';
}

/** A summary with what an order compares. */
export type OrderedSummary = SummaryItem & Keyed;

/**
 * Reads a ready index (index-state.ts): a page in path order from the data chunks covering it
 * (one BatchGetItem), every item's summary to sort and filter (read once per process and
 * version, index-memo.ts), the whole array from every data chunk.
 */
export function createIndexReader(deps: { store: Pick<Store, 'batchGet'>; memo: IndexMemo }) {
  /** The texts of `refs`' chunks (`data`) or summaries, in the refs' order. */
  async function texts(refs: readonly ChunkRef[], kind: 'data' | 'summary'): Promise<string[]> {
    const keyOf = (ref: ChunkRef): StoreKey =>
      kind === 'data' ? keys.indexChunk(ref.id) : keys.indexSummary(ref.sid);
    const found = new Map(
      (await deps.store.batchGet(refs.map(keyOf))).map((item) => [item.pk, item[kind]]),
    );
    return refs.map((ref) => {
      const text = found.get(keyOf(ref).pk);
      if (typeof text !== 'string')
        throw new IndexChunkMissingError(
          'A chunk of the collection index is gone; it is being built again',
        );
      return text;
    });
  }

  /** Every summary in path order, once per process and version. */
  const summaries = (state: IndexState & { version: string }) =>
    deps.memo.get(`summaries:${state.version}`, async () => {
      // Every chunk of a version was written under the same config: the same fields.
      const parts = (await texts(state.chunks, 'summary')).map(summariesOfChunk);
      const items: SummaryItem[] = parts.flatMap((part) => part.items);
      return { value: { fields: parts[0]?.fields ?? [], items }, bytes: items.length * 200 };
    });

  return {
    /** Items `start` to `start + limit` in path order. */
    async pathPage(state: IndexState, start: number, limit: number): Promise<IndexedItem[]> {
      const covering: ChunkRef[] = [];
      let first = 0;
      let at = 0;
      for (const ref of state.chunks) {
        if (at + ref.count > start && at < start + limit) {
          if (covering.length === 0) first = at;
          covering.push(ref);
        }
        at += ref.count;
      }
      const items = (await texts(covering, 'data')).flatMap(itemsOfChunk);
      return items.slice(start - first, start - first + limit);
    },

    /** Every item matching `q` (folded), in the order of `spec`; the order is kept per version, sort and q. */
    async ordered(
      state: IndexState & { version: string },
      spec: SortSpec,
      q: string | null,
    ): Promise<OrderedSummary[]> {
      return deps.memo.get(
        `ordered:${state.version}:${spec.name}:${spec.order}:${q ?? ''}`,
        async () => {
          const { fields, items } = await summaries(state);
          const column = fields.indexOf(spec.name);
          const keyed = items
            .filter((item) => q === null || matchesQuery(q, item))
            .map((item): OrderedSummary => ({
              ...item,
              value:
                spec.kind === 'path'
                  ? item.path
                  : spec.kind === 'slug'
                    ? item.slug
                    : (item.values[column] ?? null),
            }));
          return { value: keyed.sort(comparatorOf(spec)), bytes: keyed.length * 100 };
        },
      );
    },

    /** Every item in path order. */
    async all(state: IndexState): Promise<IndexedItem[]> {
      return (await texts(state.chunks, 'data')).flatMap(itemsOfChunk);
    },
  };
}

export type IndexReader = ReturnType<typeof createIndexReader>;
