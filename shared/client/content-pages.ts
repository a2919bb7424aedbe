import type { CallInput, SuccessBody } from './api-client';

/** What the route table says a list answers and takes: the client reaches the domain only through it. */
type ContentItem = SuccessBody<'listContent'>[number];
type ListOrder = NonNullable<CallInput<'listContent'>['query']>['order'];

/**
 * Paged collection lists through the typed client (GET …/content/{collection} with `limit`,
 * `cursor`, `sort`, `order`, `q`): one page with the next page's cursor and the total, or every
 * page in turn. The next cursor is read from the `Link: <…>; rel="next"` header the service sends.
 */
export interface ContentPageQuery {
  limit?: number;
  cursor?: string;
  sort?: string;
  order?: ListOrder;
  q?: string;
}

export interface ContentPage {
  items: ContentItem[];
  /** The next page's cursor; null on the last page. */
  next: string | null;
  /** How many items match (`q`) in all. */
  total: number;
  /** Entries of the directory that are not items (their reasons: listSkippedFiles). */
  skipped: number;
}

export interface ContentPageInput {
  repo: string;
  collection: string;
  query?: ContentPageQuery;
  signal?: AbortSignal;
}

/** The client's `call`, or anything that calls it for listContent (retrying, say). */
type Call = (
  id: 'listContent',
  input: CallInput<'listContent'>,
) => Promise<SuccessBody<'listContent'>>;

/** The cursor in a `Link` header's rel="next" URL; null without one. */
export function nextCursorOf(link: string | null): string | null {
  const target = link === null ? undefined : /<([^>]*)>\s*;\s*rel="?next"?/.exec(link)?.[1];
  if (target === undefined) return null;
  return new URL(target, 'http://service.invalid').searchParams.get('cursor');
}

/** One page (100 items unless `limit` says otherwise). */
export async function listContentPage(call: Call, input: ContentPageInput): Promise<ContentPage> {
  let headers = new Headers();
  const query = { limit: 100, ...input.query };
  const items = await call('listContent', {
    params: { repo: input.repo, collection: input.collection },
    query,
    signal: input.signal,
    onHeaders: (answered) => (headers = answered),
  });
  return {
    items,
    next: nextCursorOf(headers.get('link')),
    total: Number(headers.get('x-total-count') ?? items.length),
    skipped: Number(headers.get('x-skipped-files') ?? 0),
  };
}

/** Every page from the first (or from `query.cursor`), following the next cursors. */
export async function* contentPages(
  call: Call,
  input: ContentPageInput,
): AsyncGenerator<ContentPage> {
  let cursor = input.query?.cursor;
  for (;;) {
    const page = await listContentPage(call, {
      ...input,
      query: { ...input.query, ...(cursor === undefined ? {} : { cursor }) },
    });
    yield page;
    if (page.next === null) return;
    cursor = page.next;
  }
}
