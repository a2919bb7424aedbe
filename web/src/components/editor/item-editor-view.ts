import { slugProblemKey } from '../../lib/field-ids';
import { validateFields, type FieldProblems } from '../../lib/field-validation';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { slugify, slugProblem } from '../../../../shared/content/slug';
import { nameOfSlug } from '../../../../shared/content/slug-encoding';
import { fileNameOf } from '../../lib/item-labels';
import { frontmatterFromForm, type FormValues, type Frontmatter } from '../../lib/form-model';
import { sameJson, type SaveStatus } from './editor-state';
import type { ItemEditorState } from './item-editor-reducer';

/** What the editor shows that follows from its state; pure, so the hook memoises the costly parts. */

/**
 * The item's file as the editor names it: its path inside the collection's directory (a page
 * bundle's `post/index.md`), else the name its slug stands for, never the encoded slug.
 */
export function fileNameOfItem({
  directory,
  path,
  slug,
}: {
  directory: string;
  path?: string;
  slug: string;
}): string {
  return path ? fileNameOf(directory, path) : (nameOfSlug(slug) ?? slug);
}

/** The frontmatter the form's values stand for. */
export function editedFrontmatter(
  fields: readonly FieldDefinition[],
  values: FormValues,
  original: Frontmatter,
  isNew: boolean,
): Frontmatter {
  return frontmatterFromForm(fields, values, original, isNew);
}

/** The field that names the item: `title`, else the first text field. It leads the form, with the slug. */
export function titleFieldOf<T extends { name: string; type: string }>(
  fields: readonly T[],
): T | undefined {
  return (
    fields.find((field) => field.name === 'title') ??
    fields.find((field) => field.type === 'string')
  );
}

/** A new item's slug: the one typed, else the one made from the title. */
export function slugOf({
  fields,
  values,
  slugText,
  location,
}: Pick<ItemEditorState, 'fields' | 'values' | 'slugText' | 'location'>): {
  slug: string;
  derivedSlug: string;
} {
  const titleField = titleFieldOf(fields);
  const derivedSlug = slugify(titleField ? String(values[titleField.name] ?? '') : '');
  return { slug: location.isNew ? (slugText ?? derivedSlug) : location.slug, derivedSlug };
}

/** Whether there is anything a save would store: the fields, the body, or a typed slug differ from the baseline. */
export function isDirty(
  state: ItemEditorState,
  frontmatter = editedFrontmatter(
    state.fields,
    state.values,
    state.baseline.original,
    state.location.isNew,
  ),
): boolean {
  const { baseline, body, location, slugText } = state;
  return (
    !sameJson(frontmatter, baseline.frontmatter) ||
    body !== baseline.body ||
    (location.isNew && slugText !== undefined)
  );
}

/** What the form's problems are checked on. */
export interface ProblemInputs {
  fields: readonly FieldDefinition[];
  frontmatter: Frontmatter;
  isNew: boolean;
  original: Frontmatter;
  slug: string;
}

/** The problems a save would be refused for, checked on the client. */
export function localProblems({
  fields,
  frontmatter,
  isNew,
  original,
  slug,
}: ProblemInputs): FieldProblems {
  const found = validateFields(fields, frontmatter, isNew, original);
  const slugIssue = isNew ? slugProblem(slug) : undefined;
  if (slugIssue) found[slugProblemKey] = `Slug ${slugIssue}.`;
  return found;
}

/** The problems shown beside the fields: the service's, and once a save was attempted, the client's. */
export function shownProblems(
  attempted: boolean,
  serverProblems: FieldProblems,
  inputs: ProblemInputs,
): FieldProblems {
  return attempted ? { ...serverProblems, ...localProblems(inputs) } : serverProblems;
}

/** "Fix the fields" stops being true once they are fixed. */
export function shownStatus(status: SaveStatus, problems: FieldProblems): SaveStatus {
  return status.kind === 'error' && status.invalid && Object.keys(problems).length === 0
    ? { kind: 'idle' }
    : status;
}

/** Files the service will not write: oversized frontmatter, links, binaries (and `unsupported-format`, which servers before TOML and JSON support reported). */
export function isReadOnly(state: Pick<ItemEditorState, 'problem'>): boolean {
  return state.problem !== undefined && state.problem.code !== 'invalid-frontmatter';
}
