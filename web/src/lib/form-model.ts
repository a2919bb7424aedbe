import type { FieldDefinition, ListItemField } from '../../../shared/content/config-schema';
import { deepEqual } from '../../../shared/content/deep-equal';
import { isPlainObject } from '../../../shared/content/field-value';

/**
 * The frontmatter form's values: text for string, number and date inputs (what the person typed,
 * so "1." or a half-typed date survive re-renders), a list for string[] (and a multiple relation),
 * a flag for boolean, and for `object` and `list` the stored value itself, edited in place by
 * path (form-nested.ts) so what the config does not describe stays as it was.
 */
export type FieldValue = string | string[] | boolean | NestedValue;
export type NestedValue = Record<string, unknown> | unknown[];
/** A field of the form: a named field, or the nameless item field of a list. */
export type AnyField = FieldDefinition | ListItemField;
export type FormValues = Record<string, FieldValue>;
export type Frontmatter = Record<string, unknown>;

/** What an input shows for a stored value; values of an unexpected type are shown as text. */
export function toFieldValue(field: AnyField, value: unknown): FieldValue {
  switch (field.type) {
    case 'object':
      return isPlainObject(value) ? value : {};
    case 'list':
      return Array.isArray(value) ? value : [];
    case 'relation':
      if (field.multiple)
        return Array.isArray(value)
          ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
          : typeof value === 'string' && value !== ''
            ? [value]
            : [];
      return typeof value === 'string'
        ? value
        : value === undefined || value === null
          ? ''
          : JSON.stringify(value);
    case 'boolean':
      return value === true || value === 'true';
    case 'select':
      if (!field.multiple)
        return value === undefined || value === null
          ? ''
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      if (Array.isArray(value))
        return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
      return typeof value === 'string' && value !== '' ? [value] : [];
    case 'string[]':
    case 'image[]':
    case 'file[]':
      if (Array.isArray(value))
        return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
      return typeof value === 'string' && value !== '' ? [value] : [];
    default:
      if (value === undefined || value === null) return '';
      return typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  }
}

/** The form for an item: its values, or the fields' defaults for a new item. */
export function formFromFrontmatter(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  isCreate = false,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = frontmatter[field.name];
    values[field.name] = toFieldValue(
      field,
      stored === undefined && isCreate ? field.default : stored,
    );
  }
  return values;
}

export const blank = Symbol('blank');

/** The value to store, `blank` when the input is empty. A number that does not parse stays text, so validation names it. */
export function parseFieldValue(field: AnyField, value: FieldValue | undefined): unknown {
  switch (field.type) {
    // Edited in place (form-nested.ts): the value is what to store.
    case 'object':
      return isPlainObject(value) ? value : {};
    case 'list':
      return Array.isArray(value) ? value : [];
    case 'relation':
      if (field.multiple) return Array.isArray(value) ? value : [];
      return typeof value === 'string' && value.trim() !== '' ? value : blank;
    case 'boolean':
      return value === true;
    case 'string[]':
    case 'image[]':
    case 'file[]':
      return Array.isArray(value) ? value : [];
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return blank;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'date':
    case 'datetime': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? blank : text;
    }
    case 'select':
      if (field.multiple) return Array.isArray(value) ? value : [];
      return typeof value === 'string' && value !== '' ? value : blank;
    // Not shown: a file's value stays (untouched); a new item gets the default from the service.
    case 'hidden':
      return blank;
    // Media paths are text until the image widget lands: the path as the site serves it.
    case 'image':
    case 'file':
    case 'text':
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      return text.trim() === '' ? blank : text;
    }
  }
}

/** Whether the input still shows what it was given for the stored value: the person did not touch it. */
export const untouched = (
  field: AnyField,
  value: FieldValue | undefined,
  stored: unknown,
): boolean => {
  const shown = toFieldValue(field, stored);
  if (field.type === 'object' || field.type === 'list') return deepEqual(shown, value);
  return Array.isArray(shown) && Array.isArray(value)
    ? shown.length === value.length && shown.every((item, n) => item === value[n])
    : shown === value;
};

/**
 * The frontmatter to save: the original with the form's fields written over it, so keys the config
 * does not know stay exactly as they were. A field the person did not touch is sent exactly as it
 * was read (`"017"` in a number field, `yes`, a date-time), never re-derived from its input. An emptied field that the file had becomes null ("no
 * value", the key is kept); a field the file never had is only added when given a value. A new
 * item's switches are always sent: the service would otherwise fill in the default over an explicit "off".
 */
export function frontmatterFromForm(
  fields: readonly FieldDefinition[],
  values: FormValues,
  original: Frontmatter,
  isCreate = false,
): Frontmatter {
  const result: Frontmatter = { ...original };
  for (const field of fields) {
    const hadKey = original[field.name] !== undefined;
    if (hadKey && !isCreate && untouched(field, values[field.name], original[field.name])) continue;
    const value = parseFieldValue(field, values[field.name]);
    if (value === blank) {
      if (hadKey) result[field.name] = null;
      else delete result[field.name];
    } else if (hadKey || (isCreate && typeof value === 'boolean') || !isUntouchedEmpty(value)) {
      result[field.name] = value;
    }
  }
  return result;
}

// A false switch or an empty tag list on a field the file lacks: the file is left as it was.
export const isUntouchedEmpty = (value: unknown) =>
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

// The list's title and date helpers live apart so the list page does not load the form's code.
export { dateOf, titleOf } from './item-labels';
