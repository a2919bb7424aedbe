import { reservedNames } from '../../../shared/content/collection-name';
import {
  fieldNamePattern,
  type FieldDefinition,
  type FieldType,
} from '../../../shared/content/config-schema';
import { maxFieldDepth } from '../../../shared/content/field-definition';
import { isDateOrDateTime, isPlainObject } from '../../../shared/content/field-value';
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
  if (typeof value === 'string') {
    if (value.includes('\n')) return 'text';
    return isDateOrDateTime(value) ? (value.length > 10 ? 'datetime' : 'date') : 'string';
  }
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'other';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return 'string[]';
    return value.every(isPlainObject) ? 'list' : 'other';
  }
  return isPlainObject(value) ? 'object' : 'other';
}

/** Kinds that one field type holds together: the first named, when every kind seen is one of the others. */
const widerKinds: readonly [FieldType, readonly Kind[]][] = [
  ['date', ['date', 'datetime']],
  ['text', ['text', 'string']],
];

interface Seen {
  /** Posts (not section pages) where the key holds a value. */
  present: number;
  /** Section pages where the key holds a value. */
  inSections: number;
  /** Every value, of posts and section pages alike: the type fits them all. */
  values: unknown[];
  postValues: unknown[];
  sectionValues: unknown[];
  kinds: Set<Kind>;
}

export interface InferFieldsOptions {
  /**
   * Frontmatter of section pages (Hugo's and Zola's `_index.md`) served by the same collection:
   * their keys become fields and their values count for the types, but a field is required only
   * when each of them has it too, so that a section page never misses what only posts have.
   */
  sections?: readonly Frontmatter[];
  /** How deep in the config's nesting these fields sit; 1 at the top. */
  depth?: number;
}

/**
 * The fields of a collection from the frontmatter of its files: one per top-level key, typed from
 * the values (`date` when every value is a date or ISO date-time; `yes`/`no` beside booleans and
 * `1_000` beside numbers count as such, as the editor reads them), required when at least 90 % of
 * the files have it (and every section page, see `sections`). No defaults. A multi-line string is
 * `text` (beside one-line strings too), a date-time `datetime` (beside dates, `date`). A mapping is
 * an `object` and a list of mappings a `list` with `fields`, their fields inferred the same way
 * from every mapping seen (required from the share of mappings that have it), down to the config's
 * nesting limit. Mixed types become `string`; mappings or lists beside other values, lists of mixed
 * values, and keys that are not field names are left out (they stay in the files untouched). Every
 * such choice is returned as a note, nested fields named by their path (`seo.title`).
 */
export function inferFields(
  files: readonly Frontmatter[],
  options: InferFieldsOptions = {},
): { fields: FieldDefinition[]; notes: FieldNote[] } {
  const depth = options.depth ?? 1;
  // A collection of section pages only: they are its items, held to what most of them have.
  const [frontmatters, sections] =
    files.length === 0 ? [options.sections ?? [], []] : [files, options.sections ?? []];
  const seen = new Map<string, Seen>();
  const record = (frontmatter: Frontmatter, section: boolean) => {
    for (const [key, value] of Object.entries(frontmatter)) {
      const entry = seen.get(key) ?? {
        present: 0,
        inSections: 0,
        values: [],
        postValues: [],
        sectionValues: [],
        kinds: new Set<Kind>(),
      };
      seen.set(key, entry);
      if (value === null) continue;
      if (section) {
        entry.inSections += 1;
        entry.sectionValues.push(value);
      } else {
        entry.present += 1;
        entry.postValues.push(value);
      }
      entry.values.push(value);
      // An empty list says nothing of its items: it fits a list of strings or of mappings.
      if (!Array.isArray(value) || value.length > 0) entry.kinds.add(kindOf(value));
    }
  };
  for (const frontmatter of frontmatters) record(frontmatter, false);
  for (const frontmatter of sections) record(frontmatter, true);
  const total = frontmatters.length;
  const fields: FieldDefinition[] = [];
  const notes: FieldNote[] = [];
  for (const [name, entry] of seen) {
    if (!fieldNamePattern.test(name) || reservedNames.has(name)) {
      notes.push({
        field: name,
        kind: 'left-out',
        message:
          'not usable as a field name (letters, digits, "_" and "-", starting with a letter or "_"); left out',
      });
      continue;
    }
    if (entry.values.length === 0) {
      notes.push({
        field: name,
        kind: 'left-out',
        message: 'empty (null) in every file; left out',
      });
      continue;
    }
    const nested = entry.kinds.has('object') || entry.kinds.has('list');
    if (entry.kinds.has('other') || (nested && (entry.kinds.size > 1 || depth >= maxFieldDepth))) {
      notes.push({
        field: name,
        kind: 'left-out',
        message:
          'holds mappings or lists of non-text values, which a form cannot edit; left out (the files keep them)',
      });
      continue;
    }
    const required = entry.present >= requiredShare * total && entry.inSections === sections.length;
    if (nested) {
      const recordsOf = (values: unknown[]) =>
        (entry.kinds.has('list') ? values.flat() : values) as Frontmatter[];
      const inner = inferFields(recordsOf(entry.postValues), {
        sections: recordsOf(entry.sectionValues),
        depth: depth + 1,
      });
      notes.push(...inner.notes.map((note) => ({ ...note, field: `${name}.${note.field}` })));
      if (inner.fields.length === 0) {
        notes.push({
          field: name,
          kind: 'left-out',
          message: 'holds no field a form can edit; left out (the files keep it)',
        });
        continue;
      }
      fields.push({
        name,
        type: entry.kinds.has('list') ? 'list' : 'object',
        label: labelOf(name),
        fields: inner.fields,
        ...(required ? { required: true } : {}),
      } as FieldDefinition);
      continue;
    }
    const type = typeOf(entry);
    if (type === undefined) {
      notes.push({
        field: name,
        kind: 'mixed-types',
        message: `mixed types (${[...entry.kinds].sort().join(', ')}); typed string`,
      });
    }
    const seenIn = total + sections.length;
    if (seenIn >= 10 && entry.values.length <= rareShare * seenIn) {
      notes.push({
        field: name,
        kind: 'rare',
        message: `only in ${entry.values.length} of ${seenIn} files`,
      });
    }
    fields.push({
      name,
      type: type ?? 'string',
      label: labelOf(name),
      ...(required ? { required: true } : {}),
    });
  }
  return { fields, notes };
}

/** The one type every value fits, or undefined when they disagree. */
function typeOf(entry: Seen): FieldType | undefined {
  const kinds = [...entry.kinds] as FieldType[];
  if (kinds.length === 0) return 'string[]';
  if (kinds.length === 1) return kinds[0];
  for (const [type, members] of widerKinds)
    if (kinds.every((kind) => members.includes(kind))) return type;
  for (const type of ['boolean', 'number'] as const) {
    if (
      entry.kinds.has(type) &&
      entry.values.every((value) => typeof typedValue(type, value) === type)
    )
      return type;
  }
  return undefined;
}

/** `last_modified_at` → "Last modified at", `linkTitle` → "Link title", `githubURL` → "Github URL". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  const text =
    words.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ') ||
    name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
