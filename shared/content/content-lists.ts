import type { IndexedItem } from './collection-index/index-chunks';
import { IndexChunkMissingError, type IndexReader } from './collection-index/index-reader';
import type { IndexRequests } from './collection-index/index-requests';
import {
  isReady,
  progressOf,
  refreshAfterSeconds,
  type IndexState,
} from './collection-index/index-state';
import { indexVersion } from './collection-index/index-version';
import type { CollectionRead } from './collection-read';
import type { ContentReads } from './content-reads';
import type { ListedFile } from './item-listing';
import { decodeCursor, encodeCursor, startAfter, type Cursor } from './list-cursor';
import {
  comparatorOf,
  fold,
  matchesQuery,
  sortValueOf,
  sortSpecOf,
  titleOf,
  type SortSpec,
} from './list-order';
import { itemOf } from './list-item';
import { pageOf } from './list-page';
import { defaultPageLimit, type IndexProgress, type ListContentQuery } from './list-schemas';
import {
  assertFitsOneAnswer,
  maxCompressedRatio,
  tooLargeForOneAnswer,
  type AnswerLimit,
} from './list-size';
import type { ContentItem } from './schemas';

export interface ListRequest {
  userId: string;
  fullName: string;
  collection: string;
  /** A translated collection's locale (`?locale=`): listed from its tree, whole, without the index. */
  locale?: string;
  query: ListContentQuery;
  /** The request's Accept-Encoding: a whole list fits when compressed as the client accepts. */
  acceptEncoding?: string;
}

export type ListAnswer =
  | {
      kind: 'items';
      items: ContentItem[];
      /** How many entries of the directory are not items (X-Skipped-Files). */
      skipped: number;
      /** A paged answer: how many items match, and the next page's cursor (none on the last). */
      page?: { total: number; next?: string };
    }
  | { kind: 'building'; message: string; progress: IndexProgress; retryAfterSeconds: number };

export interface ContentListsDeps {
  reads: Pick<ContentReads, 'itemsOf' | 'collections'>;
  index: IndexReader;
  requests: IndexRequests;
  now: () => number;
  /** A collection of at most this many items is listed from its tree and blobs, without an index. */
  inlineLimit: number;
  /** A request's own work stops after this long (ms) and answers 503: 10 s. */
  budgetMs?: number;
  /** What one answer may carry (shared/http/answer-size.ts). */
  answers: AnswerLimit;
}

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
        return inline({ request, read, listed, list, paged });
      }
      if (
        ready &&
        state.chunks.some((ref) => ref.at <= Math.floor(deps.now() / 1000) - refreshAfterSeconds)
      )
        await want();
      if (!paged)
        return ready
          ? fromIndex(() => whole(request, read, state))
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
        return fromIndex(() => indexPathPage({ read, state, version, list }));
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

  /** A collection listed without an index: every item read, then paged, sorted and filtered in memory. */
  async function inline(input: {
    request: ListRequest;
    read: CollectionRead;
    listed: NonNullable<CollectionRead['listed']>;
    list: ListBase;
    paged: boolean;
  }): Promise<ListAnswer> {
    const { request, read, listed, list } = input;
    const skipped = listed.skipped.length;
    const of = (entries: readonly ListedFile[]) =>
      deps.reads.itemsOf({
        userId: request.userId,
        view: read.view,
        collection: read.collection,
        entries,
      });
    if (!input.paged) {
      const items = await of(listed.files);
      await assertFitsOneAnswer(deps.answers, {
        collection: request.collection,
        count: items.length,
        json: JSON.stringify(items),
        acceptEncoding: request.acceptEncoding,
      });
      return { kind: 'items', items, skipped };
    }
    if (list.spec.kind === 'path' && list.q === null) {
      const page = pageOf({ ...list, ordered: inPathOrder(listed.files, list.spec) });
      return {
        kind: 'items',
        items: await of(page.items.map(({ entry }) => entry)),
        skipped,
        page: { total: page.total, next: page.next },
      };
    }
    const folded = list.q === null ? null : fold(list.q);
    const keyed = (await of(listed.files))
      .filter(
        (item) =>
          folded === null ||
          matchesQuery(folded, { slug: item.slug, title: titleOf(item.frontmatter) }),
      )
      .map((item) => ({ item, path: item.path, value: sortValueOf(list.spec, item) }))
      .sort(comparatorOf(list.spec));
    const page = pageOf({ ...list, ordered: keyed });
    return {
      kind: 'items',
      items: page.items.map((entry) => entry.item),
      skipped,
      page: { total: page.total, next: page.next },
    };
  }

  /** A page in path order from the data chunks covering it (one BatchGetItem); after a change, it starts after the cursor's last item. */
  async function indexPathPage(input: {
    read: CollectionRead;
    state: IndexState & { version: string };
    version: string;
    list: ListBase;
  }): Promise<ListAnswer> {
    const { read, state, version, list } = input;
    const toItem = itemOf(read.collection);
    let start = 0;
    let items: IndexedItem[] | undefined;
    if (list.cursor && list.cursor.version === version) {
      const around = await deps.index.pathPage(state, list.cursor.offset - 1, list.limit + 1);
      if (around[0]?.path === list.cursor.path)
        [start, items] = [list.cursor.offset, around.slice(1)];
    }
    if (list.cursor && !items)
      start = startAfter({
        ordered: await deps.index.ordered(state, list.spec, null),
        cursor: list.cursor,
        spec: list.spec,
        version,
      });
    items ??= await deps.index.pathPage(state, start, list.limit);
    const end = start + items.length;
    const last = items.at(-1);
    const next =
      end < state.total && last
        ? encodeCursor({
            collection: list.collection,
            sort: list.spec.name,
            order: list.spec.order,
            q: null,
            version,
            offset: end,
            value: last.path,
            path: last.path,
          })
        : undefined;
    return {
      kind: 'items',
      items: items.map(toItem),
      skipped: state.skipped,
      page: { total: state.total, ...(next && { next }) },
    };
  }

  /** The whole array from every data chunk, when its size (known before anything is read) may fit. */
  async function whole(
    request: ListRequest,
    read: CollectionRead,
    state: IndexState,
  ): Promise<ListAnswer> {
    const { limitBytes } = deps.answers;
    if (
      state.bytes > limitBytes &&
      (!deps.answers.compresses(request.acceptEncoding) ||
        state.bytes > limitBytes * maxCompressedRatio)
    ) {
      throw tooLargeForOneAnswer({
        limit: deps.answers,
        collection: request.collection,
        count: state.total,
        jsonBytes: state.bytes,
      });
    }
    const items = (await deps.index.all(state)).map(itemOf(read.collection));
    await assertFitsOneAnswer(deps.answers, {
      collection: request.collection,
      count: items.length,
      json: JSON.stringify(items),
      acceptEncoding: request.acceptEncoding,
    });
    return { kind: 'items', items, skipped: state.skipped };
  }
}

interface ListBase {
  spec: SortSpec;
  limit: number;
  cursor?: Cursor;
  collection: string;
  q: string | null;
  version: string;
}

/** The directory's files in path order (git lists them so; sorted again so the order never depends on the provider). */
const inPathOrder = (entries: readonly ListedFile[], spec: SortSpec) =>
  entries.map((entry) => ({ entry, path: entry.path, value: entry.path })).sort(comparatorOf(spec));

/** The 503 of a list that needs an index being built: the progress, and when to ask again. */
function buildingAnswer(input: {
  collection: string;
  state: IndexState | undefined;
  version: string;
  total: number | undefined;
  now: number;
}): ListAnswer {
  const progress = progressOf(input.state, input.version, input.total);
  const limited =
    (input.state?.retryAt ?? 0) > input.now
      ? Math.ceil((input.state!.retryAt! - input.now) / 1000)
      : undefined;
  // About a thousand files a second once under way; never sooner than a second nor later than half a minute, unless GitHub's limit says so.
  const retryAfterSeconds =
    limited ?? Math.min(Math.max(Math.ceil((progress.total - progress.done) / 1000), 1), 30);
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    kind: 'building',
    message: `The index of ${input.collection} is being built (${count(progress.done)} of ${count(progress.total)} files read); try again in ${retryAfterSeconds} s`,
    progress,
    retryAfterSeconds,
  };
}

export type ContentLists = ReturnType<typeof createContentLists>;
