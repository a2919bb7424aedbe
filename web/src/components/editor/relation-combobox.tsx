import { useId, useState, type KeyboardEvent } from 'react';
import type { ListItemField } from '../../../../shared/content/config-schema';
import type { RelationItem } from './relation-items';

export interface RelationInputProps {
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

interface RelationComboboxProps extends RelationInputProps {
  /** The search text as typed, and its setter (the options follow it). */
  query: string;
  onQuery(query: string): void;
  /** The items offered for the text typed (not those chosen already). */
  options: readonly RelationItem[];
  labelOf(slug: string): string;
  /** A chosen slug with no item in the collection. */
  dangling(slug: string): boolean;
  /** Why the collection could not be loaded. */
  error?: string;
  /** What a search of the service is doing (searching, the index's progress, no match), shown while open. */
  status?: string;
}

/**
 * A `relation`: the chosen items as chips (label and slug, each with a remove button) and a
 * combobox that searches the target collection's items by label or slug (ARIA combobox with a
 * listbox; arrows move, Enter picks, Escape closes). A slug with no item in the collection is kept
 * and shown with a warning, never dropped. What it offers comes from relation-input.tsx (a
 * collection that fits one page) or relation-search-input.tsx (one the service searches).
 */
export function RelationCombobox({
  id,
  field,
  label,
  value,
  onChange,
  query,
  onQuery,
  options,
  labelOf,
  dangling: isDangling,
  error,
  status,
  ...aria
}: RelationComboboxProps) {
  const collection = field.collection ?? '';
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const chosen = Array.isArray(value) ? value : value === '' ? [] : [value];
  const shown = open && options.length > 0;
  const optionId = (n: number) => `${listId}-option-${n}`;

  const pick = (item: RelationItem) => {
    onChange(field.multiple ? [...chosen, item.slug] : item.slug);
    onQuery('');
    setOpen(false);
    setActive(0);
  };
  const remove = (slug: string) =>
    onChange(field.multiple ? chosen.filter((other) => other !== slug) : '');
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
            const dangling = isDangling(slug);
            return (
              <li key={slug} className={dangling ? 'tag tag-warning' : 'tag'}>
                <span>{labelOf(slug)}</span>
                {labelOf(slug) !== slug && <span className="muted small">{slug}</span>}
                {dangling && (
                  <span className="relation-dangling">
                    ⚠ no item "{slug}" in {collection}
                  </span>
                )}
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove ${labelOf(slug)}`}
                  onClick={() => remove(slug)}
                >
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
        placeholder={
          error !== undefined
            ? `Could not load ${collection}: ${error}`
            : field.multiple || chosen.length === 0
              ? `Search ${collection}`
              : `Search ${collection} to replace`
        }
        autoComplete="off"
        onChange={(event) => {
          onQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && status && (
        <p className="muted small" role="status">
          {status}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} options`}
        className="relation-options"
        hidden={!shown}
      >
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
