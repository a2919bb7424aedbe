import type { ContentPage, ContentPageQuery } from '../../../shared/client/content-pages';
import { wholeListLimit } from '../api/content';
import type { ContentItem } from '../../../shared/content/schemas';
import { whileIndexing, type IndexProgress } from './index-wait';

/**
 * The item list's loading for collections of any size. The first ask is a page in path order of
 * up to 1,000 items, which the service answers without waiting for the collection's index. When
 * it holds the whole collection (no next page), the list works on it in the browser as it always
 * did ("whole"). Otherwise the list pages from the service ("paged"): the sort and search the user
 * asks for are sent as `sort`, `order` and `q`, the rows shown are the pages loaded so far of the
 * last query answered, and more are loaded as the user nears their end. While a query waits for
 * the index (503 with progress), the rows already shown stay, with the progress beside them.
 */
export interface ServerQuery {
  sort: string;
  order: 'asc' | 'desc';
  q?: string;
}

export interface ItemPages {
  status: 'loading' | 'whole' | 'paged' | 'error';
  /** The items loaded: all of them ("whole"), or the pages of the shown query loaded so far. */
  items: readonly ContentItem[];
  /** Rows of the shown list (X-Total-Count): the items matching its `q`. */
  total: number;
  /** Items of the collection, whatever the search. */
  all: number;
  /** Files of the folder that are not items (X-Skipped-Files). */
  skipped: number;
  /** What the shown rows answer: undefined for the first page, in path order. */
  shown?: ServerQuery;
  /** The query asked for is not answered yet: the index's progress while it is built, or why it failed. */
  waiting?: { progress?: IndexProgress; error?: string };
  /** Loading the next page failed (the rows loaded stay). */
  moreError?: string;
  error?: string;
}

/** Items per page beyond the first (a few screens of rows). */
export const pageLimit = 200;
/** Rows short of the loaded end at which the next page is asked for. */
export const loadAhead = 60;
/** How long the sorted first page may take before the first page in path order is shown meanwhile. */
export const fallbackGraceMs = 400;
/** Typing and sorting settle this long before the service is asked. */
export const queryDelayMs = 300;

type Load = (query: ContentPageQuery, signal: AbortSignal) => Promise<ContentPage>;

const sameQuery = (a: ServerQuery | undefined, b: ServerQuery | undefined) =>
  a?.sort === b?.sort && a?.order === b?.order && a?.q === b?.q;
const isAbort = (error: unknown) => (error as Error | undefined)?.name === 'AbortError';
const messageOf = (error: unknown) => (error as Error).message;

export class ItemPagesLoader {
  private state: ItemPages = { status: 'loading', items: [], total: 0, all: 0, skipped: 0 };
  /** The cursor of the shown list's next page; null on its last page. */
  private next: string | null = null;
  private wanted: ServerQuery;
  /** The request for the wanted query (and its waits for the index); aborted when superseded. */
  private asking?: AbortController;
  /** The request for the shown list's next page; aborted when the shown list is replaced. */
  private paging?: AbortController;
  private timer?: ReturnType<typeof setTimeout>;
  private graceTimer?: ReturnType<typeof setTimeout>;
  private readonly life = new AbortController();
  /** The collection is larger than the first page: the service sorts and searches it. */
  private paged = false;
  /** The first page in path order, until the first answer of the wanted query. */
  private fallback?: Partial<ItemPages>;

  constructor(
    private readonly load: Load,
    wanted: ServerQuery,
    private readonly onChange: (pages: ItemPages) => void,
  ) {
    this.wanted = wanted;
  }

  get pages(): ItemPages {
    return this.state;
  }

  async start(): Promise<void> {
    try {
      const first = await this.load({ limit: wholeListLimit }, this.life.signal);
      this.next = first.next;
      if (first.next === null) {
        this.set({
          status: 'whole',
          items: first.items,
          total: first.total,
          all: first.total,
          skipped: first.skipped,
        });
        return;
      }
      // Shown only if the sorted query does not answer at once (the index being built, a failure, a
      // cold read): with the index ready, its rows come first and the list does not reorder under the user.
      this.paged = true;
      this.fallback = {
        status: 'paged',
        items: first.items,
        total: first.total,
        all: first.total,
        skipped: first.skipped,
      };
      this.ask();
      this.graceTimer = setTimeout(
        () => this.fallback && this.set(this.takeFallback()),
        fallbackGraceMs,
      );
    } catch (error) {
      if (!isAbort(error)) this.set({ status: 'error', error: messageOf(error) });
    }
  }

  /** The sort and search the user chose; sent once they settle (a whole list needs no asking). */
  want(query: ServerQuery): void {
    if (sameQuery(query, this.wanted)) return;
    this.wanted = query;
    if (!this.paged) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(), queryDelayMs);
  }

  /** Asks for the wanted query's first page again (after a failure). */
  retry(): void {
    if (this.paged) this.ask();
  }

  /** Row `index` is in view: loads the shown list's next page when it is near the loaded end. */
  loadUpTo(index: number): void {
    if (this.state.status !== 'paged' || this.next === null || this.paging || this.state.moreError)
      return;
    const loaded = this.state.items.length;
    if (index < loaded - loadAhead) return;
    // A jump far past the loaded end (the scrollbar dragged) asks for bigger pages to get there sooner.
    const limit = Math.min(Math.max(index + loadAhead - loaded, pageLimit), wholeListLimit);
    const shown = this.state.shown;
    const paging = new AbortController();
    this.paging = paging;
    const query: ContentPageQuery = { ...shown, limit, cursor: this.next };
    // A page can meet an index being rebuilt (the collection changed): its progress shows unless a new query is being asked.
    const onProgress = (progress: IndexProgress) => {
      if (!this.asking) this.set({ waiting: { progress } });
    };
    whileIndexing(() => this.load(query, paging.signal), { signal: paging.signal, onProgress })
      .then((page) => {
        // An answer that raced its abort belongs to a list no longer shown.
        if (this.paging !== paging) return;
        this.next = page.next;
        this.set({
          items: [...this.state.items, ...page.items],
          total: page.total,
          ...(this.asking ? {} : { waiting: undefined }),
        });
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) this.set({ moreError: messageOf(error) });
      })
      .finally(() => {
        if (this.paging === paging) this.paging = undefined;
      });
  }

  /** Asks for the next page again after it failed. */
  retryMore(index: number): void {
    this.set({ moreError: undefined });
    this.loadUpTo(index);
  }

  /** The user left the list: every request is aborted and nothing more is asked. */
  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.graceTimer);
    this.life.abort();
    this.asking?.abort();
    this.paging?.abort();
  }

  /** Asks for the wanted query's first page, superseding (aborting) an older ask; the shown rows stay until it answers. */
  private ask(): void {
    this.asking?.abort();
    const wanted = this.wanted;
    if (sameQuery(wanted, this.state.shown)) {
      this.asking = undefined;
      this.set({ waiting: undefined });
      return;
    }
    const asking = new AbortController();
    this.asking = asking;
    this.set({ waiting: {} });
    const query: ContentPageQuery = { ...wanted, limit: pageLimit };
    whileIndexing(() => this.load(query, asking.signal), {
      signal: asking.signal,
      onProgress: (progress) => this.set({ ...this.takeFallback(), waiting: { progress } }),
    })
      .then((page) => {
        if (this.asking !== asking) return;
        this.fallback = undefined;
        this.paging?.abort();
        this.paging = undefined;
        this.next = page.next;
        this.set({
          status: 'paged',
          items: page.items,
          total: page.total,
          skipped: page.skipped,
          shown: wanted,
          waiting: undefined,
          moreError: undefined,
          ...(wanted.q === undefined ? { all: page.total } : {}),
        });
      })
      .catch((error: unknown) => {
        if (!isAbort(error))
          this.set({ ...this.takeFallback(), waiting: { error: messageOf(error) } });
      })
      .finally(() => {
        if (this.asking === asking) this.asking = undefined;
      });
  }

  /** The first page in path order, once, when the wanted query cannot answer at once. */
  private takeFallback(): Partial<ItemPages> {
    const fallback = this.fallback ?? {};
    this.fallback = undefined;
    return fallback;
  }

  private set(change: Partial<ItemPages>): void {
    if (this.life.signal.aborted) return;
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}
