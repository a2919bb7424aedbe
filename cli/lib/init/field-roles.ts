import type { FieldDefinition } from '../../../shared/content/config-schema';
import type { FieldI18nMode } from '../../../shared/content/i18n/i18n-config';
import { isPlainObject } from '../../../shared/content/field-value';
import type { Frontmatter } from '../../../shared/content/frontmatter';

/**
 * How a field of a translated collection behaves across locales, proposed only where `cms init`
 * is sure; every other field keeps the default, `translate` (each locale its own value).
 * - `shared`: the publication date, the draft flag and the ordering number (Hugo's `weight`,
 *   Docusaurus's `sidebar_position`): a page is published, hidden and placed once, in every language.
 * - `duplicate`: a field whose every value is an image path: a translation starts with the same
 *   picture and may swap it.
 */
export type FieldRole = Exclude<FieldI18nMode, 'translate'>;

/** A field as the config has it, `i18n` included. */
export type FieldWithRole = FieldDefinition;

const sharedByType: Record<string, readonly string[]> = {
  date: ['date', 'publishdate', 'pubdate', 'expirydate'],
  datetime: ['date', 'publishdate', 'pubdate', 'expirydate'],
  boolean: ['draft'],
  number: ['weight', 'order', 'sidebar_position'],
};

const imagePath = /^[^\s]+\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

function valuesOf(records: readonly unknown[], field: FieldDefinition): unknown[] {
  const values = records
    .filter(isPlainObject)
    .map((record) => (record as Record<string, unknown>)[field.name])
    .filter((value) => value !== undefined && value !== null);
  return field.type === 'list' ? values.flat() : values;
}

function roleOf(field: FieldDefinition, values: readonly unknown[]): FieldRole | undefined {
  if (sharedByType[field.type]?.includes(field.name.toLowerCase())) return 'shared';
  if (field.type === 'image' || field.type === 'image[]') return 'duplicate';
  const paths = field.type === 'string[]' ? values.flat() : values;
  if (
    (field.type === 'string' || field.type === 'string[]') &&
    paths.length > 0 &&
    paths.every((value) => typeof value === 'string' && imagePath.test(value))
  )
    return 'duplicate';
  return undefined;
}

/**
 * The fields with the role each is sure to have, read from the files' values. Top-level fields only:
 * a nested field is translated with the field holding it (the config refuses `i18n` deeper), so
 * Starlight's `sidebar.order` stays with `sidebar`.
 */
export function withFieldRoles(
  fields: readonly FieldDefinition[],
  records: readonly Frontmatter[] | readonly unknown[],
): FieldWithRole[] {
  return fields.map((field) => {
    const values = valuesOf(records, field);
    const role = roleOf(field, values);
    return role ? { ...field, i18n: role } : field;
  });
}
