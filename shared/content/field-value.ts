import type { FieldI18nMode } from './i18n/i18n-config';
/**
 * What a frontmatter value must look like for each field type of `cms.config.json`. One rule set,
 * used for the config's `default`s and for the frontmatter of every save.
 */
export const fieldTypes = [
  'string',
  'string[]',
  'number',
  'boolean',
  'date',
  'image',
  'image[]',
  'file',
  'file[]',
  'text',
  'select',
  'datetime',
  'hidden',
  'object',
  'list',
  'relation',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** A `select` field's option: its value as stored, or `{value, label}` with the text the editor shows. */
export type SelectOption = string | { value: string; label: string };
/**
 * A frontmatter field of `cms.config.json`. Written out rather than inferred because it is
 * recursive: an `object` holds `fields`, a `list` holds items of one `field` or objects of `fields`.
 */
export interface FieldDefinition {
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  default?: unknown;
  options?: SelectOption[];
  multiple?: boolean;
  fields?: FieldDefinition[];
  field?: ListItemField;
  min?: number;
  max?: number;
  collection?: string;
  displayField?: string;
  /** A translated collection's top-level field: how it is translated (i18n/i18n-config.ts). */
  i18n?: FieldI18nMode;
}

/** What a `list` of single values holds: a field without a name (its label defaults to the list's). */
export type ListItemField = Omit<FieldDefinition, 'name' | 'label'> & { label?: string };

/** What a value's check needs to know of its field beyond the type (a `select`'s options). */
export interface FieldShape {
  options?: readonly SelectOption[];
  multiple?: boolean;
}

/** The types whose values hold other fields' values (field-check.ts walks into them). */
export const compositeFieldTypes: ReadonlySet<FieldType> = new Set(['object', 'list']);

export const optionValue = (option: SelectOption): string =>
  typeof option === 'string' ? option : option.value;
export const optionLabel = (option: SelectOption): string =>
  typeof option === 'string' ? option : option.label;

const expected: Record<FieldType, string> = {
  string: 'expected a string',
  'string[]': 'expected an array of strings',
  number: 'expected a number',
  boolean: 'expected true or false',
  date: 'expected a date as YYYY-MM-DD or an ISO date-time',
  image: 'expected a path string, as the site serves the image (e.g. /images/cover.png)',
  'image[]': 'expected an array of path strings, as the site serves the images',
  file: 'expected a path string, as the site serves the file (e.g. /files/report.pdf)',
  'file[]': 'expected an array of path strings, as the site serves the files',
  text: 'expected a string (multi-line text)',
  select: 'expected one of the options',
  datetime: 'expected a date-time as YYYY-MM-DDTHH:MM[:SS][offset], e.g. 2025-01-02T10:00:00+02:00',
  hidden: 'expected a value',
  object: 'expected an object (key: value pairs)',
  list: 'expected a list',
  relation: 'expected the slug of an item (a non-empty string)',
};

/** The types whose values are media paths (a string, or a list of them). */
export const mediaFieldTypes: ReadonlySet<FieldType> = new Set([
  'image',
  'image[]',
  'file',
  'file[]',
]);

/**
 * The problem with `value` for a field of `type`, or undefined when it fits. `null` never fits.
 * For `object` and `list` this checks the shape only; field-check.ts checks what they hold.
 */
export function fieldValueProblem(
  type: FieldType,
  value: unknown,
  field: FieldShape = {},
): string | undefined {
  if (type === 'select') return selectProblem(value, field);
  if (type === 'relation' && field.multiple)
    return Array.isArray(value) && value.every(isSlugText)
      ? undefined
      : 'expected a list of item slugs (non-empty strings)';
  return fits(type, value) ? undefined : expected[type];
}

/** A relation names an item by its slug; the item may be created later, so only the text is checked. */
const isSlugText = (value: unknown): boolean =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  value.length <= 200 &&
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  !/[/\\\u0000-\u001f]/.test(value);

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

function selectProblem(value: unknown, field: FieldShape): string | undefined {
  const values = (field.options ?? []).map(optionValue);
  const listed = values.map((option) => JSON.stringify(option)).join(', ');
  const known = (item: unknown) => typeof item === 'string' && values.includes(item);
  if (field.multiple)
    return Array.isArray(value) && value.every(known)
      ? undefined
      : `expected an array of ${listed}`;
  return known(value) ? undefined : `expected one of ${listed}`;
}

function fits(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'select':
      return false;
    case 'object':
      return isPlainObject(value);
    case 'list':
      return Array.isArray(value);
    case 'relation':
      return isSlugText(value);
    case 'hidden':
      return value !== null && value !== undefined;
    case 'string':
    case 'text':
    case 'image':
    case 'file':
      return typeof value === 'string';
    case 'string[]':
    case 'image[]':
    case 'file[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isDateOrDateTime(value);
    case 'datetime':
      return typeof value === 'string' && value.length > 10 && isDateOrDateTime(value);
  }
}

// YYYY-MM-DD, optionally followed by a time: `T` (or a space, as Jekyll writes it), HH:MM, optional
// :SS and fraction, optional offset `Z`, `±HH:MM` or `±HHMM` (a space before the offset is allowed).
const datePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)? ?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A real calendar date (2025-02-30 is not), with an optional valid time of day and offset. */
export function isDateOrDateTime(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = [
    1, 2, 3, 4, 5, 6, 8, 9,
  ].map((group) => (match[group] === undefined ? undefined : Number(match[group])));
  if (year === undefined || month === undefined || day === undefined) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (offsetHour > 23 || offsetMinute > 59) return false;
  return true;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
