import type { FieldDefinition, ListItemField } from '../../../shared/content/config-schema';
import {
  blank,
  isUntouchedEmpty,
  parseFieldValue,
  untouched,
  type AnyField,
  type FieldValue,
} from './form-model';

/**
 * Edits inside `object` and `list` values. Each returns a new value built from the old one, so a
 * key the config does not know, the order of keys and every value the person did not touch stay
 * exactly as they were loaded.
 */

/** `object` with `field` set from an input: an untouched input keeps the stored value; an emptied key the object had becomes null. */
export function writeKey(
  object: Record<string, unknown>,
  field: FieldDefinition,
  input: FieldValue,
): Record<string, unknown> {
  const had = Object.hasOwn(object, field.name) && object[field.name] !== undefined;
  if (had && untouched(field, input, object[field.name])) return object;
  const value = parseFieldValue(field, input);
  if (value === blank) return had ? { ...object, [field.name]: null } : object;
  if (!had && isUntouchedEmpty(value)) return object;
  return { ...object, [field.name]: value };
}

/** `items` with item `index` set from an input; an emptied item is null, which validation names (a list holds no gaps). */
export function writeItem(
  items: readonly unknown[],
  index: number,
  field: ListItemField,
  input: FieldValue,
): unknown[] {
  if (untouched(field, input, items[index])) return [...items];
  const value = parseFieldValue(field, input);
  return items.map((item, n) => (n === index ? (value === blank ? null : value) : item));
}

/** A new list item: an object gets its fields' defaults (nested objects too), a single value its default or an empty one. */
export function newItem(field: ListItemField): unknown {
  if (field.default !== undefined) return structuredClone(field.default);
  if (field.type === 'object') return defaultsOf(field.fields ?? []);
  if (field.type === 'boolean') return false;
  if (field.type === 'list' || field.type.endsWith('[]') || field.multiple) return [];
  return '';
}

function defaultsOf(fields: readonly FieldDefinition[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) object[field.name] = structuredClone(field.default);
    else if (field.type === 'object') {
      const inner = defaultsOf(field.fields ?? []);
      if (Object.keys(inner).length > 0) object[field.name] = inner;
    }
  }
  return object;
}

/** `items` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The label of a list's item field: its own, else the list's. */
export const itemLabel = (list: AnyField & { label?: string }, item: ListItemField): string =>
  item.label ?? list.label ?? 'Item';
