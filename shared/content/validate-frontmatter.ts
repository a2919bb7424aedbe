import { BadRequestError } from '../http/errors';
import type { FieldDefinition } from './config-schema';
import { fieldValueProblem } from './field-value';
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
 * Throws a BadRequestError naming the first failing field in config order: `frontmatter.title: required`.
 */
export function validateFrontmatter(fields: readonly FieldDefinition[], frontmatter: Frontmatter, options: { isCreate: boolean }): Frontmatter {
  for (const [name, value] of Object.entries(frontmatter)) {
    if (nestingDepth(value) > maxNesting) throw new BadRequestError(`frontmatter.${name}: nested more than ${maxNesting} levels deep`);
  }
  const result: Frontmatter = { ...frontmatter };
  for (const field of fields) {
    if (options.isCreate && result[field.name] === undefined && field.default !== undefined) {
      result[field.name] = structuredClone(field.default);
    }
    const value = result[field.name];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (field.required) throw new BadRequestError(`frontmatter.${field.name}: required`);
      if (value === undefined || value === null) continue;
    }
    const problem = fieldValueProblem(field.type, value);
    if (problem) throw new BadRequestError(`frontmatter.${field.name}: ${problem}`);
  }
  return result;
}

/** Deeper values are refused: no real frontmatter nests this far, and YAML writing recurses. */
export const maxNesting = 32;

/** How deeply lists and maps nest in `value`, counted without recursion (hostile input may be 10,000 deep). */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > maxNesting) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
