import type { IndexedItem } from './collection-index/index-chunks';
import type { IndexState } from './collection-index/index-state';
import type { CollectionRead } from './collection-read';
import type { ContentListsDeps, ListAnswer, ListBase, ListRequest } from './list-answer';
import { encodeCursor, startAfter } from './list-cursor';
import { itemOf } from './list-item';
import { assertFitsOneAnswer, maxCompressedRatio, tooLargeForOneAnswer } from './list-size';

/** A page in path order from the data chunks covering it (one BatchGetItem); after a change, it starts after the cursor's last item. */
export async function indexPathPage(
  deps: Pick<ContentListsDeps, 'index'>,
  input: {
    read: CollectionRead;
    state: IndexState & { version: string };
    version: string;
    list: ListBase;
  },
): Promise<ListAnswer> {
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
export async function wholeFromIndex(
  deps: Pick<ContentListsDeps, 'index' | 'answers'>,
  input: { request: ListRequest; read: CollectionRead; state: IndexState },
): Promise<ListAnswer> {
  const { request, read, state } = input;
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
