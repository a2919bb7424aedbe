import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';
import { reservedNames } from './collection-name';
import { checkField } from './field-check';
import { FieldI18nSchema } from './i18n/i18n-config';
import {
  fieldTypes,
  fieldValueProblem,
  optionValue,
  type FieldDefinition,
  type FieldType,
  type ListItemField,
} from './field-value';

export type { FieldDefinition, ListItemField } from './field-value';

/** Field names are frontmatter keys; `constructor`, `prototype` and `__proto__` are refused on top of the pattern. */
export const fieldNamePattern = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** How deep objects and lists may nest in a config (a field inside a list inside an object is depth 3). */
export const maxFieldDepth = 5;

/** A new instance per use, so that each is described on its own (schemaDocs). */
const nonEmptyString = () => z.string().check(z.minLength(1, 'must not be empty'));
const knownTypes = `known: ${fieldTypes.join(', ')}`;
const count = () => z.int().check(z.minimum(0, 'must be 0 or more'));

/** A `select` field's option: a string, or `{value, label}` when the editor should show other text. */
export const SelectOptionSchema = z.union([
  nonEmptyString(),
  z.strictObject({ value: nonEmptyString(), label: nonEmptyString() }),
]);

const FieldNameSchema = z.string().check(
  z.regex(
    fieldNamePattern,
    'expected a field name: a letter or "_", then letters, digits, "_" or "-", at most 64 characters',
  ),
  z.refine(
    (name) => !reservedNames.has(name),
    'is a reserved name (constructor, prototype and __proto__ are not allowed)',
  ),
);

const FieldTypeSchema = z.enum(fieldTypes, {
  error: (issue) =>
    typeof issue.input === 'string'
      ? `unknown field type ${JSON.stringify(issue.input)} (${knownTypes})`
      : `expected a field type (${knownTypes})`,
});

/** The properties every field takes; `name` and `label` are required on named fields only. */
const shape = {
  type: FieldTypeSchema,
  required: z.optional(z.boolean()),
  /** Applied when an item is created without this field. Must fit `type`. A `hidden` field needs one. */
  default: z.optional(z.unknown()),
  /** `select` only: the values a field may take (distinct). */
  options: z.optional(z.array(SelectOptionSchema)),
  /** `select` and `relation`: the value is a list rather than one. */
  multiple: z.optional(z.boolean()),
  /** `list` only: the fewest and most items. */
  min: z.optional(count()),
  max: z.optional(count()),
  /** `relation` only: the collection whose items' slugs the value names. */
  collection: z.optional(nonEmptyString()),
  /** `relation` only: the field of that collection the editor shows for each item (default `title`, else the slug). */
  displayField: z.optional(FieldNameSchema.clone()),
};

type Issue = (message: string, path: PropertyKey[], input: unknown) => void;

const only: [property: keyof ListItemField, types: readonly FieldType[]][] = [
  ['options', ['select']],
  ['multiple', ['select', 'relation']],
  ['fields', ['object', 'list']],
  ['field', ['list']],
  ['min', ['list']],
  ['max', ['list']],
  ['collection', ['relation']],
  ['displayField', ['relation']],
];

const quoted = (types: readonly string[]) => types.map((type) => `"${type}"`).join(' or ');

/** The rules one field's properties must follow together; nested fields are checked by their own schema. */
function checkDefinition(field: FieldDefinition | ListItemField, issue: Issue): void {
  for (const [property, types] of only) {
    if (field[property] !== undefined && !types.includes(field.type))
      return issue(
        `only a ${quoted(types)} field takes "${property}"`,
        [property],
        field[property],
      );
  }
  if (field.type === 'select') {
    if (!field.options || field.options.length === 0)
      return issue(
        'a "select" field needs "options": a non-empty list of strings or of {value, label}',
        ['options'],
        field.options,
      );
    const seen = new Set<string>();
    for (const [index, option] of field.options.entries()) {
      const value = optionValue(option);
      if (seen.has(value))
        return issue(`duplicate option ${JSON.stringify(value)}`, ['options', index], option);
      seen.add(value);
    }
  }
  if (field.type === 'object' && (!field.fields || field.fields.length === 0)) {
    return issue('an "object" field needs "fields": the fields it holds', ['fields'], field.fields);
  }
  if (
    field.type === 'list' &&
    (field.field === undefined) === (field.fields === undefined || field.fields.length === 0)
  ) {
    return issue(
      'a "list" field needs either "field" (a list of single values) or "fields" (a list of objects), not both',
      ['field'],
      field.field,
    );
  }
  if (field.type === 'list' && field.field?.type === 'hidden')
    return issue('a list item cannot be "hidden"', ['field', 'type'], 'hidden');
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    return issue('must not be less than "min"', ['max'], field.max);
  if (field.type === 'relation' && field.collection === undefined)
    return issue(
      'a "relation" field needs "collection": the collection whose items it names',
      ['collection'],
      undefined,
    );
  if (field.type === 'hidden' && field.default === undefined) {
    return issue(
      'a "hidden" field needs a "default" (the editor does not show it; new items get it)',
      ['default'],
      undefined,
    );
  }
  if (field.default === undefined) return;
  // A default is a value: null (no value) fits no type, whether or not the field is required.
  const [problem] =
    field.default === null
      ? [{ path: '', message: fieldValueProblem(field.type, null, field) ?? 'expected a value' }]
      : checkField(field, field.default, '', { all: false, hasOriginal: false });
  if (problem)
    issue(
      `does not fit type "${field.type}": ${problem.path === '' ? '' : `${problem.path}: `}${problem.message}`,
      ['default'],
      field.default,
    );
}

const refinement = z.superRefine((field: FieldDefinition | ListItemField, ctx) => {
  checkDefinition(field, (message, path, input) =>
    ctx.issues.push({ code: 'custom', message, path, input }),
  );
});

export const FieldListSchema: z.ZodMiniType<FieldDefinition[]> = z
  .array(z.lazy(() => FieldDefinitionSchema))
  .check(
    z.superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.name))
          ctx.issues.push({
            code: 'custom',
            message: `duplicate field name "${field.name}"`,
            path: [index, 'name'],
            input: field.name,
          });
        seen.add(field.name);
      });
    }),
  );

export const ListItemFieldSchema: z.ZodMiniType<ListItemField> = z
  .strictObject({
    ...shape,
    label: z.optional(nonEmptyString()),
    fields: z.optional(z.lazy(() => FieldListSchema)),
    field: z.optional(z.lazy(() => ListItemFieldSchema)),
  })
  .check(refinement);

export const FieldDefinitionSchema: z.ZodMiniType<FieldDefinition> = z
  .strictObject({
    name: FieldNameSchema,
    label: nonEmptyString(),
    ...shape,
    i18n: z.optional(FieldI18nSchema),
    fields: z.optional(z.lazy(() => FieldListSchema)),
    field: z.optional(z.lazy(() => ListItemFieldSchema)),
  })
  .check(refinement);

/** Each field of `fields` and the fields nested in it, depth first, with its path in the config (`[2, 'fields', 0]`). */
export function* eachField(
  fields: readonly FieldDefinition[],
  at: PropertyKey[] = [],
): Generator<[FieldDefinition | ListItemField, PropertyKey[], number]> {
  for (const [index, field] of fields.entries()) yield* eachNested(field, [...at, index], 1);
}

function* eachNested(
  field: FieldDefinition | ListItemField,
  at: PropertyKey[],
  depth: number,
): Generator<[FieldDefinition | ListItemField, PropertyKey[], number]> {
  yield [field, at, depth];
  if (field.fields)
    for (const [index, inner] of field.fields.entries())
      yield* eachNested(inner, [...at, 'fields', index], depth + 1);
  if (field.field) yield* eachNested(field.field, [...at, 'field'], depth + 1);
}

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const fieldDefinitionDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(SelectOptionSchema, {
    properties: {
      '|1.value': 'The value stored in the frontmatter',
      '|1.label': 'What the editor shows',
    },
  });
  document(ListItemFieldSchema, {
    properties: {
      label: "What the editor shows; the list's label when absent",
      fields: '`object`, and `list` of objects: the fields each holds',
      field: '`list` of single values: what each item is',
    },
  });
  document(FieldDefinitionSchema, {
    properties: {
      name: 'The frontmatter key',
      label: 'What the editor shows',
      fields: '`object`, and `list` of objects: the fields each holds',
      field: '`list` of single values: what each item is',
      type: "What the value is: the spec's string, string[], number, boolean, date, and the additions (see FieldDefinition)",
      required: 'A save without a value is refused (400)',
      default:
        'Applied when an item is created without this field; must fit `type`; a `hidden` field needs one',
      options: '`select` only: the values the field may take (distinct)',
      multiple: '`select` and `relation`: the value is a list rather than one',
      min: '`list` only: the fewest items',
      max: '`list` only: the most items',
      collection: "`relation` only: the collection whose items' slugs the value names",
      displayField:
        '`relation` only: the field of that collection the editor shows for each item (default `title`, else the slug)',
      i18n: "A translated collection's top-level field: `translate` (the default: each locale its own value), `duplicate` (copied from the default locale into a new translation, then editable) or `shared` (kept equal in every locale)",
    },
  });
});
