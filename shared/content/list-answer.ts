/** What a collection list is asked, what it answers, and what it works with (content-lists.ts). */
import { progressOf, type IndexState } from './collection-index/index-state';
import type { IndexReader } from './collection-index/index-reader';
import type { IndexRequests } from './collection-index/index-requests';
import type { ContentReads } from './content-reads';
import type { ListedFile } from './item-listing';
import type { Cursor } from './list-cursor';
import { comparatorOf, type SortSpec } from './list-order';
import type { IndexProgress, ListContentQuery } from './list-schemas';
import type { AnswerLimit } from './list-size';
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

/** What every way of listing knows of the page asked for. */
export interface ListBase {
  spec: SortSpec;
  limit: number;
  cursor?: Cursor;
  collection: string;
  q: string | null;
  version: string;
}

/** The directory's files in path order (git lists them so; sorted again so the order never depends on the provider). */
export const inPathOrder = (entries: readonly ListedFile[], spec: SortSpec) =>
  entries.map((entry) => ({ entry, path: entry.path, value: entry.path })).sort(comparatorOf(spec));

/** The 503 of a list that needs an index being built: the progress, and when to ask again. */
export function buildingAnswer(input: {
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
