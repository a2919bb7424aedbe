import type { FieldDefinition } from '../../../shared/content/config-schema';

/**
 * The frontmatter form's values: text for string, number and date inputs (what the person typed,
 * so "1." or a half-typed date survive re-renders), a list for string[], a flag for boolean.
 */
export type FieldValue = string | string[] | boolean;
export type FormValues = Record<string, FieldValue>;
export type Frontmatter = Record<string, unknown>;

/** What an input shows for a stored value; values of an unexpected type are shown as text. */
export function toFieldValue(field: FieldDefinition, value: unknown): FieldValue {
  switch (field.type) {
    case 'boolean':
      return value === true || value === 'true';
    case 'select':
      if (!field.multiple) return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
      return typeof value === 'string' && value !== '' ? [value] : [];
    case 'string[]':
    case 'image[]':
    case 'file[]':
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
      return typeof value === 'string' && value !== '' ? [value] : [];
    default:
      if (value === undefined || value === null) return '';
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The form for an item: its values, or the fields' defaults for a new item. */
export function formFromFrontmatter(fields: readonly FieldDefinition[], frontmatter: Frontmatter, isCreate = false): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = frontmatter[field.name];
    values[field.name] = toFieldValue(field, stored === undefined && isCreate ? field.default : stored);
  }
  return values;
}

const blank = Symbol('blank');

/** The value to store, `blank` when the input is empty. A number that does not parse stays text, so validation names it. */
function parseFieldValue(field: FieldDefinition, value: FieldValue | undefined): unknown {
  switch (field.type) {
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
const untouched = (field: FieldDefinition, value: FieldValue | undefined, stored: unknown): boolean => {
  const shown = toFieldValue(field, stored);
  return Array.isArray(shown) && Array.isArray(value) ? shown.length === value.length && shown.every((item, n) => item === value[n]) : shown === value;
};

/**
 * The frontmatter to save: the original with the form's fields written over it, so keys the config
 * does not know stay exactly as they were. A field the person did not touch is sent exactly as it
 * was read (`"017"` in a number field, `yes`, a date-time), never re-derived from its input. An emptied field that the file had becomes null ("no
 * value", the key is kept); a field the file never had is only added when given a value. A new
 * item's switches are always sent: the service would otherwise fill in the default over an explicit "off".
 */
export function frontmatterFromForm(fields: readonly FieldDefinition[], values: FormValues, original: Frontmatter, isCreate = false): Frontmatter {
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
const isUntouchedEmpty = (value: unknown) => value === false || (Array.isArray(value) && value.length === 0);

/** The item's title for lists and headings: `title`, else the first string field, else the slug. */
export function titleOf(fields: readonly FieldDefinition[], frontmatter: Frontmatter, slug: string): string {
  const candidates = ['title', ...fields.filter((field) => field.type === 'string').map((field) => field.name)];
  for (const name of candidates) {
    const value = frontmatter[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return slug;
}

/** The item's date for lists: `date`, else the first date field. */
export function dateOf(fields: readonly FieldDefinition[], frontmatter: Frontmatter): string | undefined {
  const name = frontmatter.date !== undefined ? 'date' : fields.find((field) => field.type === 'date')?.name;
  const value = name === undefined ? undefined : frontmatter[name];
  return typeof value === 'string' ? value : undefined;
}
