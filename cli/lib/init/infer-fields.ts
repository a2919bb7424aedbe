import { reservedNames } from '../../../shared/content/collection-name';
import { fieldNamePattern, type FieldDefinition, type FieldType } from '../../../shared/content/config-schema';
import { isDateOrDateTime } from '../../../shared/content/field-value';
import type { Frontmatter } from '../../../shared/content/frontmatter';
import { typedValue } from '../../../shared/content/typed-values';

/** Something a person should look at: the field (or file) and why. */
export interface FieldNote {
  field: string;
  kind: 'mixed-types' | 'rare' | 'left-out';
  message: string;
}

/** A field is required when at least this share of the files has it. */
export const requiredShare = 0.9;
/** A field in at most this share of ten or more files is reported as rare. */
export const rareShare = 0.1;

type Kind = FieldType | 'other';

function kindOf(value: unknown): Kind {
  if (typeof value === 'string') return isDateOrDateTime(value) ? 'date' : 'string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'other';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? 'string[]' : 'other';
  return 'other';
}

interface Seen {
  present: number;
  values: unknown[];
  kinds: Set<Kind>;
}

/**
 * The fields of a collection from the frontmatter of its files: one per top-level key, typed from
 * the values (`date` when every value is a date or ISO date-time; `yes`/`no` beside booleans and
 * `1_000` beside numbers count as such, as the editor reads them), required when at least 90 % of
 * the files have it. No defaults. Mixed types become `string`; lists of mappings, mappings and
 * keys that are not field names are left out (they stay in the files untouched). Every such
 * choice is returned as a note.
 */
export function inferFields(frontmatters: readonly Frontmatter[]): { fields: FieldDefinition[]; notes: FieldNote[] } {
  const seen = new Map<string, Seen>();
  for (const frontmatter of frontmatters) {
    for (const [key, value] of Object.entries(frontmatter)) {
      const entry = seen.get(key) ?? { present: 0, values: [], kinds: new Set<Kind>() };
      seen.set(key, entry);
      if (value === null) continue;
      entry.present += 1;
      entry.values.push(value);
      entry.kinds.add(kindOf(value));
    }
  }
  const total = frontmatters.length;
  const fields: FieldDefinition[] = [];
  const notes: FieldNote[] = [];
  for (const [name, entry] of seen) {
    if (!fieldNamePattern.test(name) || reservedNames.has(name)) {
      notes.push({ field: name, kind: 'left-out', message: 'not usable as a field name (letters, digits, "_" and "-", starting with a letter or "_"); left out' });
      continue;
    }
    if (entry.present === 0) {
      notes.push({ field: name, kind: 'left-out', message: 'empty (null) in every file; left out' });
      continue;
    }
    if (entry.kinds.has('other')) {
      notes.push({ field: name, kind: 'left-out', message: 'holds mappings or lists of non-text values, which a form cannot edit; left out (the files keep them)' });
      continue;
    }
    const type = typeOf(entry);
    if (type === undefined) {
      notes.push({ field: name, kind: 'mixed-types', message: `mixed types (${[...entry.kinds].sort().join(', ')}); typed string` });
    }
    const required = entry.present >= requiredShare * total;
    if (total >= 10 && entry.present <= rareShare * total) {
      notes.push({ field: name, kind: 'rare', message: `only in ${entry.present} of ${total} files` });
    }
    fields.push({ name, type: type ?? 'string', label: labelOf(name), ...(required ? { required: true } : {}) });
  }
  return { fields, notes };
}

/** The one type every value fits, or undefined when they disagree. */
function typeOf(entry: Seen): FieldType | undefined {
  const kinds = [...entry.kinds] as FieldType[];
  if (kinds.length === 1) return kinds[0];
  for (const type of ['boolean', 'number'] as const) {
    if (entry.kinds.has(type) && entry.values.every((value) => typeof typedValue(type, value) === type)) return type;
  }
  return undefined;
}

/** `last_modified_at` → "Last modified at", `linkTitle` → "Link title", `githubURL` → "Github URL". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[-_\s]+/).filter(Boolean);
  const text = words.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ') || name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
