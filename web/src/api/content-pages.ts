import {
  listContentPage,
  type ContentPage,
  type ContentPageQuery,
} from '../../../shared/client/content-pages';
import { call } from './client';

/**
 * One page of the collection's items (an addition to the spec): `limit`, `cursor`, `sort`,
 * `order`, `q`; the next page's cursor from the Link header and the matching count from
 * X-Total-Count. Kept apart from content.ts, which every screen loads: only the item list and the
 * search of a large relation's collection page.
 */
export const listItemsPage = ({
  repo,
  collection,
  query,
  signal,
  locale,
}: {
  repo: string;
  collection: string;
  query: ContentPageQuery;
  signal?: AbortSignal;
  /** A translated collection's locale: its list is that locale's files. */
  locale?: string;
}): Promise<ContentPage> =>
  listContentPage(
    locale === undefined
      ? call
      : (id, input) => call(id, { ...input, query: { ...input.query, locale } }),
    { repo, collection, query, signal },
  );
