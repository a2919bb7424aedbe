import { InvalidInputError } from '../errors';
import type { FieldDefinition } from './config-schema';
import { checkObject } from './field-check';
import type { Frontmatter } from './frontmatter';

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
 * Objects and lists are walked (field-check.ts): a nested value is named by its path.
 *
 * Throws an InvalidInputError naming the first failing field in config order: `frontmatter.title:
 * required`, `frontmatter.links[2].url: expected a string`.
 */
export function validateFrontmatter(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  options: { isCreate: boolean; original?: Frontmatter },
): Frontmatter {
  const result: Frontmatter = { ...frontmatter };
  if (options.isCreate) {
    for (const field of fields)
      if (result[field.name] === undefined && field.default !== undefined)
        result[field.name] = structuredClone(field.default);
  }
  const original = !options.isCreate ? options.original : undefined;
  const [problem] = checkObject(fields, result, '', {
    all: false,
    hasOriginal: original !== undefined,
    original,
  });
  if (problem) throw new InvalidInputError(`frontmatter.${problem.path}: ${problem.message}`);
  return result;
}
