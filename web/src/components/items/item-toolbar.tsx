import type { Filter, SortKey } from '../../lib/item-query';
import { Icon } from '../ui/icons';

interface ItemToolbarProps {
  search: string;
  onSearch(value: string): void;
  sort: SortKey;
  onSort(value: SortKey): void;
  filter: Filter;
  onFilter(value: Filter): void;
  /** The list pages from the service, which searches titles and slugs and cannot filter. */
  paged?: boolean;
  /** The collection has a date field: without one, there is no date to sort by. */
  dated?: boolean;
}

export function ItemToolbar({
  search,
  onSearch,
  sort,
  onSort,
  filter,
  onFilter,
  paged = false,
  dated = true,
}: ItemToolbarProps) {
  return (
    <div className="toolbar" role="search">
      <label className="search-field">
        <Icon name="search" />
        <span className="visually-hidden">
          {paged ? 'Search by title or slug' : 'Search by title, file name or description'}
        </span>
        <input
          type="search"
          placeholder="Search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
      <label>
        <span className="toolbar-label">Show</span>
        <select
          value={paged ? 'all' : filter}
          onChange={(event) => onFilter(event.target.value as Filter)}
          disabled={paged}
          title={
            paged
              ? 'This collection is too large to filter in the browser: search or sort it instead'
              : undefined
          }
        >
          <option value="all">All</option>
          <option value="published">Published</option>
          <option value="draft">Marked draft</option>
          <option value="review">With a change request</option>
          <option value="problems">Failing checks</option>
        </select>
      </label>
      <label>
        <span className="toolbar-label">Sort</span>
        <select value={sort} onChange={(event) => onSort(event.target.value as SortKey)}>
          {dated && <option value="date-desc">Date, newest first</option>}
          {dated && <option value="date-asc">Date, oldest first</option>}
          <option value="title">Title, A–Z</option>
        </select>
      </label>
    </div>
  );
}
