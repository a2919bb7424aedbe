import { useDeferredValue, useMemo, useState } from 'react';
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

/** A collection's items: search, sort, filter, and a virtualised list that stays fast at thousands. */
export function ItemListPage({ collection }: { collection: string }) {
  const { repo, config, pulls } = useRepo();
  const definition = config.collections[collection];
  const items = useAsync(() => listItems(repo, collection), `items:${repo}:${collection}`);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('date-desc');
  const [filter, setFilter] = useState<Filter>('all');
  const deferredSearch = useDeferredValue(search);

  const rows = useMemo(
    () => (definition && items.data ? toRows(definition.fields, items.data.items, pulls.data ?? [], collection) : []),
    [definition, items.data, pulls.data, collection],
  );
  const shown = useMemo(() => queryRows(rows, deferredSearch, sort, filter), [rows, deferredSearch, sort, filter]);

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
          <p className="muted small" role="status" aria-live="polite">
            {shown.length === rows.length ? `${rows.length} items` : `${shown.length} of ${rows.length} items`}
          </p>
          {rows.length === 0 ? (
            <EmptyState title={`No ${definition.label.toLowerCase()} yet`}>Create the first one with the New button.</EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState title="Nothing matches">Try another search or filter.</EmptyState>
          ) : (
            <ItemList rows={shown} repo={repo} collection={collection} />
          )}
        </>
      )}
    </div>
  );
}
