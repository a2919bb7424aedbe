import { IndexChunkMissingError } from './collection-index/index-reader';
import { isReady, refreshAfterSeconds } from './collection-index/index-state';
import { indexVersion } from './collection-index/index-version';
import type { ListedFile } from './item-listing';
import {
  buildingAnswer,
  inPathOrder,
  type ContentListsDeps,
  type ListAnswer,
  type ListRequest,
} from './list-answer';
import { decodeCursor } from './list-cursor';
import { indexPathPage, wholeFromIndex } from './list-from-index';
import { listInline } from './list-inline';
import { fold, sortSpecOf } from './list-order';
import { pageOf } from './list-page';
import { defaultPageLimit, type ListContentQuery } from './list-schemas';

export type { ContentListsDeps, ListAnswer, ListRequest } from './list-answer';

const isPaged = (query: ListContentQuery) =>
  Object.values(query).some((value) => value !== undefined);

/**
 * The collection list of GET …/content/{collection} (the spec's array, and pages of it):
 * - a collection of at most `inlineLimit` items is listed from its tree and the parsed cache, as
 *   it always was, and paged, sorted and filtered in memory;
 * - a larger one pages in path order from its tree and that page's blobs alone, or from its
 *   index when the index is current (collection-index/); sorting, filtering and the whole array
 *   need the index: while it is built the answer is a 503 with the build's progress and
 *   `Retry-After`, and the build is asked for;
 * - without paging parameters the whole array, while it fits one answer (list-size.ts), else a
 *   400 that says how to page;
 * - no request works longer than `budgetMs` of its own (10 s): past it, a 503 asks to try again.
 */
export function createContentLists(deps: ContentListsDeps) {
  const budgetMs = deps.budgetMs ?? 10_000;

  return {
    async list(request: ListRequest): Promise<ListAnswer> {
      const startedAt = deps.now();
      const overBudget = () => deps.now() - startedAt > budgetMs;
      const { userId, fullName, query } = request;
      const read = await deps.reads.collections.read({
        userId,
        fullName,
        collection: request.collection,
        ...(request.locale !== undefined && { locale: request.locale }),
      });
      const inlineLimit = request.locale === undefined ? deps.inlineLimit : Infinity;
      const { collection, state } = read;
      const version = indexVersion({
        collection: request.collection,
        treeOid: read.treeOid ?? null,
        configOid: read.view.connection.configOid,
      });
      const spec = sortSpecOf({
        collectionName: request.collection,
        collection,
        sort: query.sort,
        order: query.order,
      });
      const q = query.q ?? null;
      const cursor =
        query.cursor === undefined
          ? undefined
          : decodeCursor(query.cursor, {
              collection: request.collection,
              sort: spec.name,
              order: spec.order,
              q,
            });
      const list = {
        spec,
        limit: query.limit ?? defaultPageLimit,
        cursor,
        collection: request.collection,
        q,
        version,
      };
      const paged = isPaged(query);
      const pathPage = paged && spec.kind === 'path' && q === null;
      const ready = isReady(state, version);
      const want = () =>
        deps.requests.want({
          fullName: read.view.connection.fullName,
          collection: request.collection,
          state,
          version,
        });
      const building = async (total?: number): Promise<ListAnswer> => {
        await want();
        return buildingAnswer({
          collection: request.collection,
          state,
          version,
          total,
          now: deps.now(),
        });
      };

      let listed = read.listed;
      if (!listed && !ready && pathPage) {
        if (overBudget()) return building();
        listed = await deps.reads.collections.listedOf(userId, read);
      }
      if (listed && listed.files.length <= inlineLimit) {
        // The state still counts the collection as large: a build records it is not, so that lists read its tree whole again.
        if (state && state.status !== 'inline' && state.total > inlineLimit) await want();
        if (overBudget()) return building(listed.files.length);
        return listInline(deps, { request, read, listed, list, paged });
      }
      if (
        ready &&
        state.chunks.some((ref) => ref.at <= Math.floor(deps.now() / 1000) - refreshAfterSeconds)
      )
        await want();
      if (!paged)
        return ready
          ? fromIndex(() => wholeFromIndex(deps, { request, read, state }))
          : building(listed?.files.length);
      if (pathPage && !ready) {
        await want();
        if (overBudget()) return building(listed!.files.length);
        const page = pageOf({ ...list, ordered: inPathOrder(listed!.files, spec) });
        const items = await deps.reads.itemsOf({
          userId,
          view: read.view,
          collection,
          entries: page.items.map(({ entry }) => entry),
        });
        return {
          kind: 'items',
          items,
          skipped: listed!.skipped.length,
          page: { total: page.total, next: page.next },
        };
      }
      if (!ready) return building(listed?.files.length);
      if (pathPage && spec.order === 'asc')
        return fromIndex(() => indexPathPage(deps, { read, state, version, list }));
      return fromIndex(async () => {
        const ordered = await deps.index.ordered(state, spec, q === null ? null : fold(q));
        const page = pageOf({ ...list, ordered });
        const entries: ListedFile[] = page.items.map((item) => ({
          slug: item.slug,
          path: item.path,
          sha: item.sha,
          symlink: item.symlink,
        }));
        const items = await deps.reads.itemsOf({ userId, view: read.view, collection, entries });
        return {
          kind: 'items',
          items,
          skipped: state.skipped,
          page: { total: page.total, next: page.next },
        };
      });

      /** An answer read from the index; one of its chunks gone (expired) makes it a 503 while it is built again. */
      async function fromIndex(answer: () => Promise<ListAnswer>): Promise<ListAnswer> {
        try {
          return await answer();
        } catch (error) {
          if (error instanceof IndexChunkMissingError) return building();
          throw error;
        }
      }
    },
  };
}

export type ContentLists = ReturnType<typeof createContentLists>;
