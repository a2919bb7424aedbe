import type { FieldDefinition } from '../../../shared/content/config-schema';
import { fieldValueProblem } from '../../../shared/content/field-value';
import { sameMeaning } from '../../../shared/content/typed-values';
import type { Frontmatter } from './form-model';

export type FieldProblems = Record<string, string>;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + (text.endsWith('.') ? '' : '.');

/**
 * The same rules the service applies on save (shared/content/validate-frontmatter.ts), but every
 * failing field at once, worded for the form: required means present, not null and, for strings,
 * not blank (an empty tag list is a value); types follow shared/content/field-value.ts.
 */
export function validateFields(fields: readonly FieldDefinition[], frontmatter: Frontmatter, isCreate = false, original?: Frontmatter): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of fields) {
    const value = frontmatter[field.name];
    // As the service does: a value the save does not change is not checked again.
    if (!isCreate && original && sameMeaning(field.type, original[field.name], value)) continue;
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (empty) {
      // On create the service fills an absent key with the field's default before checking.
      const defaulted = isCreate && value === undefined && field.default !== undefined;
      if (field.required && !defaulted) problems[field.name] = `${field.label} is required.`;
      continue;
    }
    const problem = fieldValueProblem(field.type, value, field);
    if (problem) problems[field.name] = sentence(problem);
  }
  return problems;
}

/**
 * The service words a failed save as `frontmatter.title: required`; this returns the field it names
 * and the message for the form, or undefined when the error is about something else.
 */
export function fieldProblemFromServer(message: string): { field: string; problem: string } | undefined {
  const match = /^frontmatter\.([A-Za-z_][A-Za-z0-9_-]*): (.+)$/.exec(message);
  return match ? { field: match[1]!, problem: sentence(match[2]!) } : undefined;
}
