import type { FieldDefinition, ListItemField } from '../content/config-schema';
import { listItemField } from '../content/field-check';
import { isPlainObject, mediaFieldTypes } from '../content/field-value';
import type { Frontmatter } from '../content/frontmatter';
import { mediaPathOf, type MediaDir } from '../media/media-address';
import type { CheckProblem } from './check-problem';

/** A value that names something outside its file: an item of another collection, or a media file. */
interface Reference {
  field: FieldDefinition | ListItemField;
  /** One slug or media address. */
  value: string;
  path: string;
}

/** The relation and media values of a frontmatter, at every depth, with their paths. */
function* referencesOf(
  fields: readonly (FieldDefinition | ListItemField)[],
  names: readonly (string | undefined)[],
  value: unknown,
  at: string,
): Generator<Reference> {
  for (const [index, field] of fields.entries()) {
    const name = names[index];
    const inner = name === undefined ? value : isPlainObject(value) ? value[name] : undefined;
    const path = name === undefined ? at : at === '' ? name : `${at}.${name}`;
    if (inner === undefined || inner === null) continue;
    if (field.type === 'relation' || mediaFieldTypes.has(field.type)) {
      const values = Array.isArray(inner) ? inner : [inner];
      for (const [position, item] of values.entries())
        if (typeof item === 'string' && item.trim() !== '')
          yield { field, value: item, path: Array.isArray(inner) ? `${path}[${position}]` : path };
    } else if (field.type === 'object' && isPlainObject(inner)) {
      const nested = field.fields ?? [];
      yield* referencesOf(
        nested,
        nested.map((f) => f.name),
        inner,
        path,
      );
    } else if (field.type === 'list' && Array.isArray(inner)) {
      const item = listItemField(field);
      for (const [position, element] of inner.entries())
        yield* referencesOf([item], [undefined], element, `${path}[${position}]`);
    }
  }
}

/** A problem of one value of an item, named by its field path (`links[2].url`). */
export type ValueProblem = Omit<CheckProblem, 'path' | 'line'> & { field: string };

export interface ReferenceContext {
  /** The slugs each collection serves, by collection name. */
  slugs: ReadonlyMap<string, ReadonlySet<string>>;
  /** The media directories a value may point into, the item's own collection's first. */
  media: readonly MediaDir[];
  /** Every file of the repository. */
  files: ReadonlySet<string>;
}

/**
 * Relations that name no item of their collection and media addresses that stand for no file of
 * a media directory. An address that is no file of a media directory (another host, a path the
 * site serves from elsewhere) is not the CMS's to check and passes.
 */
export function referenceProblems(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  context: ReferenceContext,
): ValueProblem[] {
  const problems: ValueProblem[] = [];
  for (const reference of referencesOf(
    fields,
    fields.map((f) => f.name),
    frontmatter,
    '',
  )) {
    const { field, value, path } = reference;
    if (field.type === 'relation') {
      const collection = field.collection ?? '';
      if (!context.slugs.get(collection)?.has(value))
        problems.push({
          field: path,
          severity: 'error',
          rule: 'relation',
          message: `frontmatter.${path}: no item "${value}" in collection "${collection}"`,
        });
      continue;
    }
    const file = mediaPathOf(value, context.media);
    if (file !== undefined && !context.files.has(file))
      problems.push({
        field: path,
        severity: 'error',
        rule: 'media',
        message: `frontmatter.${path}: "${value}" stands for ${file}, which is not in the repository`,
      });
  }
  return problems;
}
