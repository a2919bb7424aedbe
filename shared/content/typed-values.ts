import { deepEqual } from './deep-equal';
import type { FieldDefinition, FieldType } from './field-value';
import { isDateOrDateTime } from './field-value';
import type { Frontmatter } from './frontmatter';

/**
 * Values of typed fields as the sites' own generators read them. Frontmatter is read with the
 * YAML 1.2 core schema, so `published: yes` is the text "yes"; Jekyll (Psych) and other YAML 1.1
 * readers take it for true, and a form must show it as a ticked box. The typed view is applied
 * only to fields the config declares, and a value that keeps its meaning keeps its bytes: the
 * writer compares meanings (keepEquivalentValues), not spellings.
 *
 * - boolean: `yes`/`no`/`on`/`off`/`true`/`false` in any case;
 * - number: YAML 1.1 integers and floats: `1_000`, `+12`, `0x1F`, `0b101`, `1.5e3`, `.5`; a
 *   leading zero (`017`, octal in YAML 1.1, a zip code to a person) and integers JavaScript cannot
 *   hold exactly stay text;
 * - date: text as written; two dates mean the same when they name the same day or instant.
 */
const booleanWords: Record<string, boolean> = {
  yes: true,
  on: true,
  true: true,
  no: false,
  off: false,
  false: false,
};

const decimal =
  /^[-+]?(?:0|[1-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?$|^[-+]?\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?$/;
const hex = /^([-+]?)0x([0-9a-fA-F_]+)$/;
const binary = /^([-+]?)0b([01_]+)$/;

function yamlNumber(text: string): number | undefined {
  let value: number | undefined;
  const based = hex.exec(text) ?? binary.exec(text);
  if (based) {
    const digits = based[2]!.replaceAll('_', '');
    if (digits !== '')
      value = (based[1] === '-' ? -1 : 1) * Number.parseInt(digits, text.includes('0x') ? 16 : 2);
  } else if (decimal.test(text) && !text.endsWith('_')) {
    value = Number(text.replaceAll('_', ''));
  }
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Number.isInteger(value) && !Number.isSafeInteger(value) ? undefined : value;
}

/** `value` as a field of `type` means it; unchanged when it is not a spelling of that type. */
export function typedValue(type: FieldType, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'boolean') return booleanWords[value.toLowerCase()] ?? value;
  if (type === 'number') return yamlNumber(value) ?? value;
  return value;
}

/** A copy of `frontmatter` with the typed view of every declared boolean and number field. */
export function typedView(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
): Frontmatter {
  let copy: Frontmatter | undefined;
  for (const field of fields) {
    if (field.type !== 'boolean' && field.type !== 'number') continue;
    if (!Object.hasOwn(frontmatter, field.name)) continue;
    const value = frontmatter[field.name];
    const typed = typedValue(field.type, value);
    if (typed === value) continue;
    copy ??= { ...frontmatter };
    copy[field.name] = typed;
  }
  return copy ?? frontmatter;
}

/** Milliseconds since the epoch of a date or date-time as field-value.ts accepts it (offset-less times as UTC). */
export function instantOf(text: string): number | undefined {
  if (!isDateOrDateTime(text)) return undefined;
  const iso = text
    .replace(' ', 'T')
    .replace(/ ?([+-]\d{2}):?(\d{2})$/, '$1:$2')
    .replace(/ Z$/, 'Z');
  const withZone = /T/.test(iso) && !/(?:Z|[+-]\d{2}:\d{2})$/.test(iso) ? `${iso}Z` : iso;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? undefined : time;
}

/** Whether two values of a field mean the same: equal, equal once typed, or dates naming the same instant. */
export function sameMeaning(type: FieldType | undefined, a: unknown, b: unknown): boolean {
  if (deepEqual(a, b)) return true;
  if (type === undefined) return false;
  if (deepEqual(typedValue(type, a), typedValue(type, b))) return true;
  if ((type !== 'date' && type !== 'datetime') || typeof a !== 'string' || typeof b !== 'string')
    return false;
  // A date and a date-time never match: changing the precision is a change.
  if (a.length === 10 || b.length === 10) return false;
  const left = instantOf(a);
  return left !== undefined && left === instantOf(b);
}

/**
 * The frontmatter to write: `next`, except that a declared field whose value means what the file
 * already says keeps the file's value, so its bytes (quotes, case, `yes`, `1_000`) stay as written.
 */
export function keepEquivalentValues(
  fields: readonly FieldDefinition[],
  original: Frontmatter,
  next: Frontmatter,
): Frontmatter {
  let copy: Frontmatter | undefined;
  for (const field of fields) {
    if (!Object.hasOwn(original, field.name) || !Object.hasOwn(next, field.name)) continue;
    const before = original[field.name];
    const after = next[field.name];
    if (before === after || !sameMeaning(field.type, before, after)) continue;
    copy ??= { ...next };
    copy[field.name] = before;
  }
  return copy ?? next;
}
