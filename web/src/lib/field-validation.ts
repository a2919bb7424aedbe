import type { FieldDefinition } from '../../../shared/content/config-schema';
import { checkObject } from '../../../shared/content/field-check';
import type { Frontmatter } from './form-model';

export type FieldProblems = Record<string, string>;

const sentence = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1) + (text.endsWith('.') ? '' : '.');

/**
 * The same rules the service applies on save (shared/content/validate-frontmatter.ts), but every
 * failing field at once, worded for the form and keyed by path (`title`, `seo.title`,
 * `links[2].url`): required means present, not null and, for strings, not blank (an empty tag
 * list is a value); types follow shared/content/field-value.ts, nesting shared/content/field-check.ts.
 */
export function validateFields(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  isCreate = false,
  original?: Frontmatter,
): FieldProblems {
  const problems: FieldProblems = {};
  // On create the service fills an absent key with the field's default before checking.
  const checked = isCreate ? { ...frontmatter } : frontmatter;
  if (isCreate)
    for (const field of fields)
      if (checked[field.name] === undefined && field.default !== undefined)
        checked[field.name] = field.default;
  const hasOriginal = !isCreate && original !== undefined;
  for (const problem of checkObject(fields, checked, '', { all: true, hasOriginal, original })) {
    problems[problem.path] ??=
      problem.message === 'required'
        ? `${labelAt(fields, problem.path)} is required.`
        : sentence(problem.message);
  }
  return problems;
}

/** The label of the field at a path such as `links[2].url` (the last named field's label). */
function labelAt(fields: readonly FieldDefinition[], path: string): string {
  let current: readonly FieldDefinition[] | undefined = fields;
  let label = path;
  for (const name of path.replace(/\[\d+\]/g, '').split('.')) {
    const field: FieldDefinition | undefined = current?.find(
      (candidate) => candidate.name === name,
    );
    if (!field) break;
    label = field.label;
    current = field.fields ?? field.field?.fields;
  }
  return label;
}

/**
 * The service words a failed save as `frontmatter.title: required`; this returns the field it names
 * and the message for the form, or undefined when the error is about something else.
 */
export function fieldProblemFromServer(
  message: string,
): { field: string; problem: string } | undefined {
  const match =
    /^frontmatter\.([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])*): (.+)$/.exec(
      message,
    );
  return match ? { field: match[1]!, problem: sentence(match[2]!) } : undefined;
}
