import { InvalidInputError } from '../errors';
import type { FieldDefinition } from './config-schema';
import { fieldValueProblem } from './field-value';
import type { Frontmatter } from './frontmatter';
import { sameMeaning } from './typed-values';

/**
 * Checks a frontmatter against the collection's fields before a save. Returns a new object: the
 * frontmatter with the fields' defaults filled in for absent keys when creating. Keys the config
 * does not know are accepted and kept as sent.
 *
 * - Required: the key is present, not null and, for strings, not blank; an empty list counts.
 * - `null` for an optional field is accepted and written as YAML null: it means "no value" and
 *   keeps a key that the file already has.
 * - Types: see field-value.ts; a number in a string (`"5"`) is not a number.
 *
 * The caller checks the limits first (frontmatter-limits.ts; content-writes.ts does so before any
 * round trip). On an update, a field whose value means what the file already says (`original`,
 * see typed-values.ts) is not checked: a body edit is never refused because of a value the save
 * does not change (a Jekyll post without a title, a zip code in a number field). Only what a save
 * changes, and everything a create writes, must fit.
 *
 * Throws an InvalidInputError naming the first failing field in config order: `frontmatter.title: required`.
 */
export function validateFrontmatter(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  options: { isCreate: boolean; original?: Frontmatter },
): Frontmatter {
  const result: Frontmatter = { ...frontmatter };
  for (const field of fields) {
    if (options.isCreate && result[field.name] === undefined && field.default !== undefined) {
      result[field.name] = structuredClone(field.default);
    }
    const value = result[field.name];
    if (!options.isCreate && options.original && sameMeaning(field.type, options.original[field.name], value)) continue;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (field.required) throw new InvalidInputError(`frontmatter.${field.name}: required`);
      if (value === undefined || value === null) continue;
    }
    const problem = fieldValueProblem(field.type, value, field);
    if (problem) throw new InvalidInputError(`frontmatter.${field.name}: ${problem}`);
  }
  return result;
}
