/**
 * What a frontmatter value must look like for each field type of `cms.config.json`. One rule set,
 * used for the config's `default`s and for the frontmatter of every save.
 */
export const fieldTypes = ['string', 'string[]', 'number', 'boolean', 'date', 'image', 'image[]', 'file', 'file[]', 'text', 'select', 'datetime', 'hidden'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** A `select` field's option: its value as stored, or `{value, label}` with the text the editor shows. */
export type SelectOption = string | { value: string; label: string };
/** What a value's check needs to know of its field beyond the type (a `select`'s options). */
export interface FieldShape {
  options?: readonly SelectOption[];
  multiple?: boolean;
}

export const optionValue = (option: SelectOption): string => (typeof option === 'string' ? option : option.value);
export const optionLabel = (option: SelectOption): string => (typeof option === 'string' ? option : option.label);

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
};

/** The types whose values are media paths (a string, or a list of them). */
export const mediaFieldTypes: ReadonlySet<FieldType> = new Set(['image', 'image[]', 'file', 'file[]']);

/** The problem with `value` for a field of `type`, or undefined when it fits. `null` never fits. */
export function fieldValueProblem(type: FieldType, value: unknown, field: FieldShape = {}): string | undefined {
  if (type === 'select') return selectProblem(value, field);
  return fits(type, value) ? undefined : expected[type];
}

function selectProblem(value: unknown, field: FieldShape): string | undefined {
  const values = (field.options ?? []).map(optionValue);
  const listed = values.map((option) => JSON.stringify(option)).join(', ');
  const known = (item: unknown) => typeof item === 'string' && values.includes(item);
  if (field.multiple) return Array.isArray(value) && value.every(known) ? undefined : `expected an array of ${listed}`;
  return known(value) ? undefined : `expected one of ${listed}`;
}

function fits(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'select':
      return false;
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
const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)? ?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A real calendar date (2025-02-30 is not), with an optional valid time of day and offset. */
export function isDateOrDateTime(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = [1, 2, 3, 4, 5, 6, 8, 9]
    .map((group) => (match[group] === undefined ? undefined : Number(match[group])));
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
