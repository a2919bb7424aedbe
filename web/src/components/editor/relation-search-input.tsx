import { useEffect, useMemo, useState } from 'react';
import { RelationCombobox, type RelationInputProps } from './relation-combobox';
import { relationLabel } from '../../lib/relation-labels';
import type { RelationItem } from './relation-items';
import { readItem, searchItems } from './relation-remote';

/** Typing settles this long before a search goes to the service. */
export const relationSearchDelayMs = 250;
/** Options shown before anything is typed: the collection's first items. */
const firstOptions = 20;

interface RelationSearchInputProps extends RelationInputProps {
  query: string;
  onQuery(query: string): void;
  repo: string;
  /** The collection's first page (more items follow). */
  first: readonly RelationItem[];
}

/**
 * A relation to a collection too large for one page: the service searches it (title or slug, `q`),
 * each search once typing settles, an older one aborted; while the service builds the collection's
 * index the search says how far it has come and waits; a chosen item not among the answers is read
 * by slug for its label (a 404 marks it dangling). Loaded only when such a collection is met.
 */
export default function RelationSearchInput({ repo, first, ...props }: RelationSearchInputProps) {
  const collection = props.field.collection ?? '';
  const needle = props.query.trim();
  const chosen = Array.isArray(props.value) ? props.value : props.value === '' ? [] : [props.value];
  // The last search's matches, or what it says while it waits or after it failed.
  const [found, setFound] = useState<{
    needle: string;
    items?: readonly RelationItem[];
    status?: string;
  }>();
  const [looked, setLooked] = useState<ReadonlyMap<string, RelationItem | null>>(new Map());

  useEffect(() => {
    if (needle === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const onStatus = (status: string) => setFound({ needle, status });
      searchItems({ repo, collection, text: needle, signal: controller.signal, onStatus }).then(
        (items) => setFound({ needle, items }),
        (error: Error) => error.name !== 'AbortError' && onStatus(error.message),
      );
    }, relationSearchDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [repo, collection, needle]);

  const known = useMemo(() => {
    const bySlug = new Map<string, RelationItem>();
    for (const item of [...first, ...(found?.items ?? [])]) bySlug.set(item.slug, item);
    for (const [slug, item] of looked) if (item) bySlug.set(slug, item);
    return bySlug;
  }, [first, found, looked]);

  const unlabelled = chosen.filter((slug) => !known.has(slug) && !looked.has(slug)).join('\n');
  useEffect(() => {
    if (unlabelled === '') return;
    for (const slug of unlabelled.split('\n')) {
      readItem(repo, collection, slug).then(
        (item) => setLooked((before) => new Map(before).set(slug, item)),
        // Unknown, not missing: the chip keeps the slug and no warning.
        () => undefined,
      );
    }
  }, [repo, collection, unlabelled]);

  const answer = found?.needle === needle ? found : undefined;
  const options = (needle === '' ? first.slice(0, firstOptions) : (answer?.items ?? [])).filter(
    (item) => !chosen.includes(item.slug),
  );
  const status =
    needle === ''
      ? undefined
      : !answer
        ? 'Searching…'
        : (answer.status ?? (options.length === 0 ? 'No match in titles and slugs' : undefined));
  return (
    <RelationCombobox
      {...props}
      options={options}
      labelOf={(slug) => relationLabel(known.get(slug), slug, props.field.displayField)}
      dangling={(slug) => looked.get(slug) === null}
      status={status}
    />
  );
}
