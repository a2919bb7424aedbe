import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { ListItemField } from '../../../../shared/content/config-schema';
import { useAsync } from '../../lib/use-async';
import { relationLabel, useRelationItems, type RelationItem } from './relation-items';

interface RelationInputProps {
  id: string;
  field: ListItemField;
  label: string;
  /** The slug, or the slugs when `multiple`. */
  value: string | string[];
  onChange(value: string | string[]): void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/**
 * A `relation`: the chosen items as chips (label and slug, each with a remove button) and a
 * combobox that searches the target collection's items by label or slug (ARIA combobox with a
 * listbox; arrows move, Enter picks, Escape closes). A slug with no item in the collection is kept
 * and shown with a warning, never dropped.
 */
export function RelationInput({ id, field, label, value, onChange, ...aria }: RelationInputProps) {
  const load = useRelationItems();
  const collection = field.collection ?? '';
  const items = useAsync(async () => (load ? load(collection) : []), `relation:${collection}`);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const chosen = Array.isArray(value) ? value : value === '' ? [] : [value];
  const bySlug = useMemo(() => new Map((items.data ?? []).map((item) => [item.slug, item])), [items.data]);
  const labelOf = (slug: string) => relationLabel(bySlug.get(slug), slug, field.displayField);
  const needle = query.trim().toLowerCase();
  const options = (items.data ?? []).filter(
    (item) => !chosen.includes(item.slug) && (needle === '' || item.slug.toLowerCase().includes(needle) || labelOf(item.slug).toLowerCase().includes(needle)),
  );
  const shown = open && options.length > 0;
  const optionId = (n: number) => `${listId}-option-${n}`;

  const pick = (item: RelationItem) => {
    onChange(field.multiple ? [...chosen, item.slug] : item.slug);
    setQuery('');
    setOpen(false);
    setActive(0);
  };
  const remove = (slug: string) => onChange(field.multiple ? chosen.filter((other) => other !== slug) : '');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((n) => (options.length === 0 ? 0 : (n + step + options.length) % options.length));
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault();
      const item = options[Math.min(active, options.length - 1)];
      if (item) pick(item);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relation-input">
      {chosen.length > 0 && (
        <ul className="tags" aria-label={label}>
          {chosen.map((slug) => {
            const dangling = load !== undefined && items.status === 'ready' && !bySlug.has(slug);
            return (
              <li key={slug} className={dangling ? 'tag tag-warning' : 'tag'}>
                <span>{labelOf(slug)}</span>
                {labelOf(slug) !== slug && <span className="muted small">{slug}</span>}
                {dangling && <span className="relation-dangling">⚠ no item "{slug}" in {collection}</span>}
                <button type="button" className="tag-remove" aria-label={`Remove ${labelOf(slug)}`} onClick={() => remove(slug)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={id}
        {...aria}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown ? optionId(Math.min(active, options.length - 1)) : undefined}
        value={query}
        placeholder={items.status === 'error' ? `Could not load ${collection}: ${items.error}` : field.multiple || chosen.length === 0 ? `Search ${collection}` : `Search ${collection} to replace`}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={`${label} options`} className="relation-options" hidden={!shown}>
        {shown &&
          options.map((item, n) => (
            <li
              key={item.slug}
              id={optionId(n)}
              role="option"
              aria-selected={n === active}
              className={n === active ? 'active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
            >
              {labelOf(item.slug)}
              <span className="muted small">{item.slug}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
