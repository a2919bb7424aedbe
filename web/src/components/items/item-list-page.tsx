import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { listSchedules } from '../../api/schedules';
import {
  defaultSortOf,
  isDated,
  queryRows,
  serverQueryOf,
  sortWords,
  toRows,
  type Filter,
  type SortKey,
} from '../../lib/item-query';
import { screenLocalesOf } from '../../lib/locales';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { LocaleSwitcher } from '../i18n/locale-switcher';
import { useTranslationReport } from '../i18n/use-translation-report';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { BulkBar } from './bulk-bar';
import { IndexProgress } from './index-progress';
import { ItemList } from './item-list';
import { ItemToolbar } from './item-toolbar';
import { SkippedFiles } from './skipped-files';
import { useCollectionPresence } from './use-collection-presence';
import { useDraftItems } from './use-draft-items';
import { useItemPages } from './use-item-pages';

// Bulk deletion is rare: its dialog is loaded when it is asked for.
const BulkDeleteDialog = lazy(() => import('./bulk-delete-dialog'));

const count = (n: number) => n.toLocaleString('en-US');
const noFields: never[] = [];
const noPulls: never[] = [];

/**
 * A collection's items: search, sort, filter, and a virtualised list. A collection that fits one
 * page (1,000 items) is searched, sorted and filtered in the browser; a larger one pages from the
 * service, which sorts and searches it, and loads more rows as the user scrolls (item-pages.ts).
 */
export function ItemListPage({ collection, locale }: { collection: string; locale?: string }) {
  const { repo, config, pulls: allPulls } = useRepo();
  const definition = config.collections[collection];
  const locales = screenLocalesOf({ config, collection: definition, locale });
  // Another locale's list is its files on the default branch: change requests and bulk deletion
  // are about the default locale's items, so neither is shown or offered there.
  const translation = locales?.query;
  const pulls = translation === undefined ? allPulls : { data: noPulls };
  const [search, setSearch] = useState('');
  const fields = definition?.fields ?? noFields;
  const [sort, setSort] = useState<SortKey>(() => defaultSortOf(fields));
  const [filter, setFilter] = useState<Filter>('all');
  const deferredSearch = useDeferredValue(search);
  const wanted = useMemo(
    () => serverQueryOf(fields, sort, deferredSearch),
    [fields, sort, deferredSearch],
  );
  const statusesOf = useTranslationReport(repo, collection, locales !== undefined);
  // The default list names each locale that needs work; another locale's list, its own status.
  const translationBadges = useCallback(
    (slug: string) =>
      [...statusesOf(slug)].flatMap(([each, status]) =>
        translation === undefined ? [`${each} ${status}`] : each === translation ? [status] : [],
      ),
    [statusesOf, translation],
  );
  const pages = useItemPages({ repo, collection, wanted, locale: translation });
  const editing = useCollectionPresence(repo, collection);
  const paged = pages.status === 'paged';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  // A row scheduled to publish says when; the list shows without it if this fails.
  const schedules = useAsync(() => listSchedules(repo), `schedules:${repo}`);
  const publishAt = useMemo(
    () =>
      new Map(
        (schedules.data?.schedules ?? []).flatMap((schedule) =>
          schedule.action === 'publish' &&
          schedule.state === 'pending' &&
          schedule.pull !== undefined
            ? [[schedule.pull, schedule.at] as const]
            : [],
        ),
      ),
    [schedules.data],
  );
  const directory = definition?.directory ?? '';
  const drafts = useDraftItems({
    repo,
    collection,
    fields,
    directory,
    pulls: pulls.data ?? [],
    // A draft of a new item is listed from its pull request, which only a whole list can place.
    listed: pages.status === 'whole' ? new Set(pages.items.map((item) => item.slug)) : undefined,
  });

  const rows = useMemo(() => {
    if (!definition || (pages.status !== 'whole' && pages.status !== 'paged')) return [];
    const all = toRows({
      fields: definition.fields,
      directory,
      items: pages.items,
      pulls: pulls.data ?? [],
      collection,
      publishAt,
      drafts,
    });
    return paged ? all.filter((row) => row.sha !== undefined) : all;
  }, [
    definition,
    directory,
    pages.status,
    pages.items,
    pulls.data,
    collection,
    paged,
    publishAt,
    drafts,
  ]);
  const shown = useMemo(
    () => (paged ? rows : queryRows(rows, deferredSearch, sort, filter)),
    [paged, rows, deferredSearch, sort, filter],
  );
  // Only what is listed now (loaded, when paged), and on the default branch, can be selected.
  const selectable = translation === undefined ? shown.filter((row) => row.sha) : [];
  const chosen = selectable.filter((row) => selected.has(row.slug));
  const toggle = (slug: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(slug)) next.add(slug);
      return next;
    });
  const toggleAll = () =>
    setSelected(
      chosen.length === selectable.length ? new Set() : new Set(selectable.map((row) => row.slug)),
    );

  if (!definition)
    return (
      <EmptyState
        title={`There is no collection "${collection}" in this repository's configuration`}
      />
    );
  const workflow =
    definition.workflow?.default === 'pr'
      ? 'Changes go to change requests for review'
      : 'Changes are published directly';
  // What the rows are in: a paged list in file order until its index is built says so.
  const order = paged && !pages.shown ? 'in file order' : `sorted by ${sortWords[sort]}`;
  const searched = paged ? pages.shown?.q !== undefined : shown.length !== rows.length;
  const status = paged
    ? `${searched ? `${count(pages.total)} of ${count(pages.all)}` : count(pages.all)} items · ${order}${pages.waiting && !pages.waiting.progress && !pages.waiting.error ? ' · updating…' : ''}`
    : shown.length === rows.length
      ? `${rows.length} items · ${order}`
      : `${shown.length} of ${rows.length} items · ${order}`;
  const dated = isDated(definition.fields);

  return (
    <div className="page list-page">
      <div className="page-header">
        <div>
          <h1>{definition.label}</h1>
          <p className="muted small">
            {definition.directory}/ · {workflow}
            {definition.workflow?.locked ? ' (required)' : ''}
          </p>
        </div>
        {translation === undefined && (
          <Link to={{ name: 'new-item', repo, collection }} className="button primary">
            <Icon name="plus" /> New {definition.label.replace(/s$/, '').toLowerCase() || 'item'}
          </Link>
        )}
      </div>
      {locales && (
        <div className="locale-bar">
          <LocaleSwitcher
            locales={locales}
            routeOf={(to) => ({ name: 'collection', repo, collection, ...(to && { locale: to }) })}
          />
          <Link to={{ name: 'translations', repo, collection }} className="button small">
            Translation board
          </Link>
        </div>
      )}
      <ItemToolbar
        search={search}
        onSearch={setSearch}
        sort={sort}
        onSort={setSort}
        filter={filter}
        onFilter={setFilter}
        paged={paged}
        dated={dated}
      />
      {pages.error !== undefined && (
        <ErrorMessage
          error={pages.error ?? 'The items could not be loaded.'}
          onRetry={pages.reload}
        />
      )}
      {pages.status === 'loading' && (
        <Loading label={`Loading ${definition.label.toLowerCase()}…`} />
      )}
      {pages.waiting?.progress && (
        <IndexProgress
          progress={pages.waiting.progress}
          note={
            pages.shown
              ? 'Sorting and search wait for it.'
              : 'Sorting and search wait for it; until then the items are listed in file order.'
          }
        />
      )}
      {pages.waiting?.error !== undefined && (
        <ErrorMessage error={pages.waiting.error} onRetry={pages.retry} />
      )}
      {(pages.status === 'whole' || paged) && (
        <>
          <SkippedFiles repo={repo} collection={collection} count={pages.skipped} />
          <BulkBar
            status={status}
            selectable={selectable.length}
            chosen={chosen.length}
            selectLabel={paged ? 'Select all loaded' : 'Select all'}
            onToggleAll={toggleAll}
            onDelete={() => setConfirming(true)}
          />
          {(paged ? pages.all : rows.length) === 0 ? (
            <EmptyState title={`No ${definition.label.toLowerCase()} yet`}>
              Create the first one with the New button.
            </EmptyState>
          ) : (paged ? pages.total : shown.length) === 0 ? (
            <EmptyState title="Nothing matches">Try another search or filter.</EmptyState>
          ) : paged ? (
            // A new query's rows start at the top: the list is mounted afresh for each.
            <ItemList
              key={JSON.stringify(pages.shown ?? null)}
              rows={shown}
              total={pages.total}
              onReach={pages.loadUpTo}
              repo={repo}
              collection={collection}
              selected={selected}
              onToggle={toggle}
              editing={editing}
              dated={dated}
              locale={translation}
              translationBadges={locales ? translationBadges : undefined}
            />
          ) : (
            <ItemList
              rows={shown}
              repo={repo}
              collection={collection}
              selected={selected}
              onToggle={toggle}
              editing={editing}
              dated={dated}
              locale={translation}
              translationBadges={locales ? translationBadges : undefined}
            />
          )}
          {pages.moreError !== undefined && (
            <ErrorMessage error={pages.moreError} onRetry={() => pages.retryMore(rows.length)} />
          )}
        </>
      )}
      {confirming && chosen.length > 0 && (
        <Suspense fallback={null}>
          <BulkDeleteDialog
            repo={repo}
            collection={collection}
            label={definition.label}
            rows={chosen}
            reviewed={definition.workflow?.default === 'pr'}
            onCancel={() => setConfirming(false)}
            onDeleted={() => {
              setConfirming(false);
              setSelected(new Set());
              pages.reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
