import type { ContentReads } from './content-reads';
import type { ListedFile } from './item-path';
import { decodeCursor } from './list-cursor';
import { comparatorOf, fold, matchesQuery, sortSpecOf, sortValueOf, titleOf, type SortSpec } from './list-order';
import { pageOf } from './list-page';
import { defaultPageLimit, type ListContentQuery } from './list-schemas';
import { acceptedEncoding, answerBytes, answerLimitBytes, tooLargeForOneAnswer } from './list-size';
import type { ContentItem } from './schemas';

export interface ListRequest {
  userId: string;
  fullName: string;
  collection: string;
  query: ListContentQuery;
  /** The request's Accept-Encoding: a whole list fits when compressed as the client accepts. */
  acceptEncoding?: string;
}

export interface ListedItems {
  items: ContentItem[];
  /** How many entries of the directory are not items (X-Skipped-Files). */
  skipped: number;
  /** A paged answer: how many items match, and the next page's cursor (none on the last). */
  page?: { total: number; next?: string };
}

const isPaged = (query: ListContentQuery) => Object.values(query).some((value) => value !== undefined);

/**
 * The collection list of GET …/content/{collection} (the spec's array, and pages of it):
 * - no paging parameter: the whole array in path order, as the spec says, while it fits one
 *   answer (list-size.ts), else a 400 saying how to page;
 * - `limit`/`cursor`/`sort`/`order`/`q`: one page (list-order.ts, list-cursor.ts). A page in path
 *   order without `q` reads only that page's files; a sorted or filtered page orders every item.
 */
export function createContentLists(deps: { reads: Pick<ContentReads, 'files' | 'itemsOf'> }) {
  return {
    async list(request: ListRequest): Promise<ListedItems> {
      const { userId, fullName, query } = request;
      const { collection, entries, skipped, view } = await deps.reads.files(userId, fullName, request.collection);
      if (!isPaged(query)) {
        const items = await deps.reads.itemsOf({ userId, view, collection, entries });
        assertFits(request, items);
        return { items, skipped: skipped.length };
      }
      const spec = sortSpecOf(request.collection, collection, query.sort, query.order);
      const q = query.q ?? null;
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, { collection: request.collection, sort: spec.name, order: spec.order, q });
      const list = { spec, limit: query.limit ?? defaultPageLimit, cursor, collection: request.collection, q, version: view.snapshot.defaultBranchOid ?? '' };
      if (spec.kind === 'path' && q === null) {
        const page = pageOf({ ...list, ordered: inPathOrder(entries, spec) });
        const items = await deps.reads.itemsOf({ userId, view, collection, entries: page.items.map(({ entry }) => entry) });
        return { items, skipped: skipped.length, page: { total: page.total, next: page.next } };
      }
      const items = await deps.reads.itemsOf({ userId, view, collection, entries });
      const folded = q === null ? null : fold(q);
      const keyed = items
        .filter((item) => folded === null || matchesQuery(folded, { slug: item.slug, title: titleOf(item.frontmatter) }))
        .map((item) => ({ item, path: item.path, value: sortValueOf(spec, item) }))
        .sort(comparatorOf(spec));
      const page = pageOf({ ...list, ordered: keyed });
      return { items: page.items.map((entry) => entry.item), skipped: skipped.length, page: { total: page.total, next: page.next } };
    },
  };
}

/** The directory's files in path order (git lists them so; sorted again so the order never depends on the provider). */
const inPathOrder = (entries: readonly ListedFile[], spec: SortSpec) => entries.map((entry) => ({ entry, path: entry.path, value: entry.path })).sort(comparatorOf(spec));

/** A whole array that cannot fit one answer, however compressed, is refused with a 400 that says how to page. */
function assertFits(request: ListRequest, items: readonly ContentItem[]): void {
  const json = JSON.stringify(items);
  if (json.length <= answerLimitBytes / 4) return;
  if (answerBytes(json, acceptedEncoding(request.acceptEncoding)) > answerLimitBytes) throw tooLargeForOneAnswer({ collection: request.collection, count: items.length, jsonBytes: Buffer.byteLength(json) });
}

export type ContentLists = ReturnType<typeof createContentLists>;
