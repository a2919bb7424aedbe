import {
  fieldValueProblem,
  isPlainObject,
  type FieldDefinition,
  type ListItemField,
} from './field-value';
import { sameMeaning } from './typed-values';

/** A value that does not fit its field: `path` names it from the frontmatter's root, e.g. `links[2].url`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** What an item of a list holds: its `field`, or an object of its `fields`. */
export function listItemField(
  field: Pick<ListItemField, 'field' | 'fields' | 'label'>,
): ListItemField {
  return (
    field.field ?? {
      type: 'object',
      ...(field.label !== undefined && { label: field.label }),
      fields: field.fields ?? [],
    }
  );
}

interface Walk {
  /** The value the file had at this path, when the save is an update. */
  original?: unknown;
  hasOriginal: boolean;
  /** Report every problem (the editor's form) or stop at the first (the service). */
  all: boolean;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The problems of one field's value, depth first in config order. Objects and lists are walked:
 * each nested field is checked as a top-level one is (required, type), a list's items against
 * its `field` (or as objects of its `fields`), and `min`/`max` count its items. On an update a
 * value that means what the file already says at the same path is not checked (a body edit is
 * never refused because of a value it does not change); list items are matched by position.
 * An item of a list may not be null (a list holds values, not gaps).
 */
export function checkField(
  field: FieldDefinition | ListItemField,
  value: unknown,
  path: string,
  walk: Walk,
): FieldProblem[] {
  if (walk.hasOriginal && sameMeaning(field.type, walk.original, value)) return [];
  if (isEmpty(value)) {
    if (field.required) return [{ path, message: 'required' }];
    if (value === undefined || value === null) return [];
  }
  const problem = fieldValueProblem(field.type, value, field);
  if (problem) return [{ path, message: problem }];
  if (field.type === 'object')
    return checkObject(field.fields ?? [], value as Record<string, unknown>, path, walk);
  if (field.type === 'list') return checkList(field, value as unknown[], path, walk);
  return [];
}

/** The problems of an object's values against `fields` (a frontmatter is the root object, with path ''). */
export function checkObject(
  fields: readonly FieldDefinition[],
  value: Record<string, unknown>,
  path: string,
  walk: Walk,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const original = walk.hasOriginal && isPlainObject(walk.original) ? walk.original : undefined;
  for (const field of fields) {
    const inner = Object.hasOwn(value, field.name) ? value[field.name] : undefined;
    const found = checkField(field, inner, path === '' ? field.name : `${path}.${field.name}`, {
      all: walk.all,
      // A key absent from the file and from the save is unchanged too.
      hasOriginal: original !== undefined,
      original:
        original !== undefined && Object.hasOwn(original, field.name)
          ? original[field.name]
          : undefined,
    });
    problems.push(...found);
    if (!walk.all && problems.length > 0) break;
  }
  return problems;
}

function checkList(
  field: FieldDefinition | ListItemField,
  items: unknown[],
  path: string,
  walk: Walk,
): FieldProblem[] {
  const count = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
  if (field.min !== undefined && items.length < field.min)
    return [{ path, message: `expected at least ${count(field.min)}` }];
  if (field.max !== undefined && items.length > field.max)
    return [{ path, message: `expected at most ${count(field.max)}` }];
  const itemField = listItemField(field);
  const original = walk.hasOriginal && Array.isArray(walk.original) ? walk.original : undefined;
  const problems: FieldProblem[] = [];
  for (const [index, item] of items.entries()) {
    const itemPath = `${path}[${index}]`;
    if (item === null || item === undefined)
      problems.push({ path: itemPath, message: 'expected a value (a list item cannot be empty)' });
    else
      problems.push(
        ...checkField(itemField, item, itemPath, {
          all: walk.all,
          hasOriginal: original !== undefined && index < original.length,
          original: original?.[index],
        }),
      );
    if (!walk.all && problems.length > 0) break;
  }
  return problems;
}
