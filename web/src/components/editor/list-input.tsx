import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { ListItemField } from '../../../../shared/content/config-schema';
import { listItemField } from '../../../../shared/content/field-check';
import { moveItem, newItem, writeItem } from '../../lib/form-nested';
import { fieldId } from '../../lib/field-ids';
import { FieldGroup } from './field-group';
import type { RenderNested } from './object-fieldset';

interface ListInputProps {
  label: string;
  required?: boolean;
  field: ListItemField;
  value: unknown;
  path: string;
  problem?: string;
  onChange(value: unknown[]): void;
  renderNested: RenderNested;
}

let nextKey = 0;
const keyFor = () => `item-${(nextKey += 1)}`;

/**
 * A `list`: each item rendered with the item field (or as an object of `fields`), with Add, Remove,
 * and reordering by drag and drop, by the Move up/Move down buttons, or by Alt+ArrowUp/ArrowDown on
 * a focused item. Focus follows the moved item and a live region says where it went. `min`/`max`
 * disable Remove/Add at the limits.
 */
export function ListInput({
  label,
  required,
  field,
  value,
  path,
  problem,
  onChange,
  renderNested,
}: ListInputProps) {
  const items = Array.isArray(value) ? value : [];
  const item = listItemField(field);
  const itemName = `${label} item`;
  // Stable keys for the items (their inputs keep state and focus across a reorder).
  const [storedKeys, setKeys] = useState<string[]>(() => items.map(keyFor));
  let keys = storedKeys;
  if (keys.length !== items.length) {
    // The value changed from outside (a restored draft): keep what keys still fit.
    keys = [...keys.slice(0, items.length), ...items.slice(keys.length).map(keyFor)];
    setKeys(keys);
  }
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number>();
  const focusAfterMove = useRef<{ key: string; element: Element | null } | undefined>(undefined);
  const listRef = useRef<HTMLOListElement>(null);
  const id = fieldId(path);

  useLayoutEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = undefined;
    const element = pending.element;
    if (
      element instanceof HTMLElement &&
      element.isConnected &&
      !(element as HTMLButtonElement).disabled
    )
      element.focus();
    else listRef.current?.querySelector<HTMLElement>(`[data-key="${pending.key}"]`)?.focus();
  });

  const change = (next: unknown[], nextKeys: string[]) => {
    setKeys(nextKeys);
    onChange(next);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    focusAfterMove.current = { key: keys[from]!, element: document.activeElement };
    change(moveItem(items, from, to), moveItem(keys, from, to));
    setAnnouncement(`${itemName} ${from + 1} moved to position ${to + 1} of ${items.length}.`);
  };
  const canAdd = field.max === undefined || items.length < field.max;
  const canRemove = field.min === undefined || items.length > field.min;
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    event.stopPropagation();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const onDrop = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
    setDragged(undefined);
    if (Number.isInteger(from)) move(from, index);
  };

  return (
    <FieldGroup id={id} kind="list" label={label} required={required} problem={problem}>
      <ol className="list-items" ref={listRef} aria-label={label}>
        {items.map((raw, index) => {
          const key = keys[index]!;
          const name = `${itemName} ${index + 1}`;
          return (
            <li
              key={key}
              data-key={key}
              tabIndex={0}
              aria-label={`${name} of ${items.length}`}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              className={dragged === index ? 'list-item dragging' : 'list-item'}
              onKeyDown={onKeyDown(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDrop(index)}
            >
              <div className="list-item-bar">
                <span
                  className="drag-handle"
                  draggable
                  title="Drag to reorder"
                  aria-hidden="true"
                  onDragStart={(event) => {
                    setDragged(index);
                    event.dataTransfer.setData('text/plain', String(index));
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDragged(undefined)}
                >
                  ⠿
                </span>
                <span className="muted small">{index + 1}</span>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Move ${name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Remove ${name}`}
                  disabled={!canRemove}
                  onClick={() =>
                    change(
                      items.filter((_, n) => n !== index),
                      keys.filter((_, n) => n !== index),
                    )
                  }
                >
                  Remove
                </button>
              </div>
              {renderNested({
                field: item,
                raw,
                path: `${path}[${index}]`,
                label: item.type === 'object' ? name : `${item.label ?? label} ${index + 1}`,
                onChange: (input) => change(writeItem(items, index, item, input), keys),
              })}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button small"
        aria-label={`Add ${itemName}`}
        disabled={!canAdd}
        onClick={() => change([...items, newItem(item)], [...keys, keyFor()])}
      >
        Add
      </button>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </FieldGroup>
  );
}
