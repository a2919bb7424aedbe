import { lazy, Suspense, useMemo, useState } from 'react';
import { useAsync } from '../../lib/use-async';
import { RelationCombobox, type RelationInputProps } from './relation-combobox';
import { relationLabel } from '../../lib/relation-labels';
import { useRelationItems } from './relation-items';

// A related collection too large for one page is searched by the service: loaded when one is met.
const RelationSearchInput = lazy(() => import('./relation-search-input'));

/**
 * A `relation` field (relation-combobox.tsx). The target collection's first page holds every item
 * of most collections: the picker searches those by label or slug in the browser. When more
 * follow, the service searches the collection (relation-search-input.tsx).
 */
export function RelationInput(props: RelationInputProps) {
  const source = useRelationItems();
  const collection = props.field.collection ?? '';
  const first = useAsync(
    async () => (source ? source.first(collection) : { items: [], complete: true }),
    `relation:${collection}`,
  );
  const [query, setQuery] = useState('');
  const chosen = Array.isArray(props.value) ? props.value : props.value === '' ? [] : [props.value];
  const items = first.data?.items;
  const bySlug = useMemo(() => new Map((items ?? []).map((item) => [item.slug, item])), [items]);
  const labelOf = (slug: string) => relationLabel(bySlug.get(slug), slug, props.field.displayField);
  const needle = query.trim().toLowerCase();
  const options = (items ?? []).filter(
    (item) =>
      !chosen.includes(item.slug) &&
      (needle === '' ||
        item.slug.toLowerCase().includes(needle) ||
        labelOf(item.slug).toLowerCase().includes(needle)),
  );
  const combobox = {
    ...props,
    query,
    onQuery: setQuery,
    labelOf,
    error: first.status === 'error' ? first.error : undefined,
  };
  if (source && first.data && !first.data.complete) {
    return (
      <Suspense fallback={null}>
        <RelationSearchInput {...combobox} repo={source.repo} first={first.data.items} />
      </Suspense>
    );
  }
  return (
    <RelationCombobox
      {...combobox}
      options={options}
      dangling={(slug) => source !== undefined && first.status === 'ready' && !bySlug.has(slug)}
    />
  );
}
