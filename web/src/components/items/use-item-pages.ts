import { useCallback, useEffect, useRef, useState } from 'react';
import { listItemsPage } from '../../api/content-pages';
import { ItemPagesLoader, type ItemPages, type ServerQuery } from '../../lib/item-pages';

const loading: ItemPages = { status: 'loading', items: [], total: 0, all: 0, skipped: 0 };

/**
 * The collection's items (in `locale`, when given) as the list shows them (item-pages.ts): whole when the collection fits
 * one page, else paged from the service with `wanted` as its sort and search. Leaving the list
 * aborts every request and stops every retry; `reload()` starts again keeping the rows on screen.
 */
export function useItemPages({
  repo,
  collection,
  wanted,
  locale,
}: {
  repo: string;
  collection: string;
  wanted: ServerQuery;
  /** A translated collection's locale other than its default. */
  locale?: string;
}) {
  const key = `${repo}:${collection}:${locale ?? ''}`;
  const [settled, setSettled] = useState<{ key: string; pages: ItemPages }>();
  const [attempt, setAttempt] = useState(0);
  const loader = useRef<ItemPagesLoader | undefined>(undefined);
  const wantedNow = useRef(wanted);

  useEffect(() => {
    const current = new ItemPagesLoader(
      (query, signal) => listItemsPage({ repo, collection, query, signal, locale }),
      wantedNow.current,
      (pages) =>
        // A reload that fails keeps the rows it meant to refresh on screen, with the error.
        setSettled((before) =>
          pages.status === 'error' &&
          before?.key === key &&
          (before.pages.status === 'whole' || before.pages.status === 'paged')
            ? { key, pages: { ...before.pages, error: pages.error } }
            : { key, pages },
        ),
    );
    loader.current = current;
    void current.start();
    return () => current.dispose();
  }, [repo, collection, locale, key, attempt]);

  const { sort, order, q } = wanted;
  useEffect(() => {
    wantedNow.current = { sort, order, ...(q === undefined ? {} : { q }) };
    loader.current?.want(wantedNow.current);
  }, [sort, order, q]);

  const loadUpTo = useCallback((index: number) => loader.current?.loadUpTo(index), []);
  const retryMore = useCallback((index: number) => loader.current?.retryMore(index), []);
  const retry = useCallback(() => loader.current?.retry(), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Another collection's rows are never shown; a reload keeps this one's on screen until it answers.
  const pages = settled?.key === key ? settled.pages : loading;
  return { ...pages, loadUpTo, retryMore, retry, reload };
}
