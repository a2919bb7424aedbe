import type { CollectionRead } from './collection-read';
import type { ListedFile } from './item-listing';
import {
  inPathOrder,
  type ContentListsDeps,
  type ListAnswer,
  type ListBase,
  type ListRequest,
} from './list-answer';
import { comparatorOf, fold, matchesQuery, sortValueOf, titleOf } from './list-order';
import { pageOf } from './list-page';
import { assertFitsOneAnswer } from './list-size';

/** A collection listed without an index: every item read, then paged, sorted and filtered in memory. */
export async function listInline(
  deps: Pick<ContentListsDeps, 'reads' | 'answers'>,
  input: {
    request: ListRequest;
    read: CollectionRead;
    listed: NonNullable<CollectionRead['listed']>;
    list: ListBase;
    paged: boolean;
  },
): Promise<ListAnswer> {
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
