import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { listItems } from '../../api/content';
import { queryRows, toRows, type Filter, type SortKey } from '../../lib/item-query';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { ItemList } from './item-list';
import { ItemToolbar } from './item-toolbar';
import { SkippedFiles } from './skipped-files';

// Bulk deletion is rare: its dialog is loaded when it is asked for.
const BulkDeleteDialog = lazy(() => import('./bulk-delete-dialog'));

/** A collection's items: search, sort, filter, and a virtualised list that stays fast at thousands. */
export function ItemListPage({ collection }: { collection: string }) {
  const { repo, config, pulls } = useRepo();
  const definition = config.collections[collection];
  const items = useAsync(() => listItems(repo, collection), `items:${repo}:${collection}`);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('date-desc');
  const [filter, setFilter] = useState<Filter>('all');
  const deferredSearch = useDeferredValue(search);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const rows = useMemo(
    () => (definition && items.data ? toRows(definition.fields, items.data.items, pulls.data ?? [], collection) : []),
    [definition, items.data, pulls.data, collection],
  );
  const shown = useMemo(() => queryRows(rows, deferredSearch, sort, filter), [rows, deferredSearch, sort, filter]);
  // Only what is listed now, and on the default branch, can be selected.
  const selectable = shown.filter((row) => row.sha);
  const chosen = selectable.filter((row) => selected.has(row.slug));
  const toggle = (slug: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(slug)) next.add(slug);
      return next;
    });
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(selectable.map((row) => row.slug)));

  if (!definition) return <EmptyState title={`There is no collection "${collection}" in this repository's configuration`} />;
  const workflow = definition.workflow?.default === 'pr' ? 'Changes go to drafts for review' : 'Changes are published directly';

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
        <Link to={{ name: 'new-item', repo, collection }} className="button primary">
          <Icon name="plus" /> New {definition.label.replace(/s$/, '').toLowerCase() || 'item'}
        </Link>
      </div>
      <ItemToolbar search={search} onSearch={setSearch} sort={sort} onSort={setSort} filter={filter} onFilter={setFilter} />
      {items.status === 'error' && <ErrorMessage error={items.error} onRetry={items.reload} />}
      {items.status === 'loading' && !items.data && <Loading label={`Loading ${definition.label.toLowerCase()}…`} />}
      {items.data && (
        <>
          <SkippedFiles repo={repo} collection={collection} count={items.data.skipped} />
          <div className="bulk-bar">
            <label className="bulk-all">
              <input
                type="checkbox"
                checked={allChosen}
                ref={(box) => {
                  if (box) box.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={toggleAll}
                disabled={selectable.length === 0}
              />
              Select all
            </label>
            <p className="muted small" role="status" aria-live="polite">
              {shown.length === rows.length ? `${rows.length} items` : `${shown.length} of ${rows.length} items`}
              {chosen.length > 0 && ` · ${chosen.length} selected`}
            </p>
            {chosen.length > 0 && (
              <button type="button" className="button danger-text" onClick={() => setConfirming(true)}>
                <Icon name="trash" /> Delete selected ({chosen.length})
              </button>
            )}
          </div>
          {rows.length === 0 ? (
            <EmptyState title={`No ${definition.label.toLowerCase()} yet`}>Create the first one with the New button.</EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState title="Nothing matches">Try another search or filter.</EmptyState>
          ) : (
            <ItemList rows={shown} repo={repo} collection={collection} selected={selected} onToggle={toggle} />
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
              items.reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
