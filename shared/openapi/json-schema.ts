import * as z from 'zod/mini';
import { SentFrontmatterSchema } from '../content/schemas';
import { caseInsensitivePattern } from './case-insensitive-pattern';
import { componentSchemas, schemaDocumentation } from './component-schemas';

export type JsonSchema = { [key: string]: unknown };

/** Request schemas are written as zod reads them (`input`), responses as it writes them (`output`). */
export type Io = 'input' | 'output';

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * What the conversion reads of each schema: its description and examples from zod's global
 * registry (each schema module's `schemaDocs`, registered once `schemaDocumentation` is loaded),
 * and for named schemas their component id and words (component-schemas.ts), which win.
 */
const documentation = z.registry<Record<string, unknown>>();
// Read through, not copied: `get` alone is what the conversion asks (z.core's registry class would bundle all of zod's core).
documentation.get = (schema) => {
  const described = z.globalRegistry.get(schema);
  const named = componentSchemas.get(schema);
  return described || named ? { ...described, ...named } : undefined;
};
if (schemaDocumentation.length === 0) throw new Error("The schemas' documentation is not loaded");

/**
 * Turns zod schemas into the document's JSON Schemas (2020-12, OpenAPI 3.1's dialect). Named
 * schemas (component-schemas.ts) are collected once into `components/schemas` and referenced.
 * In `output` objects carry `additionalProperties: false` (zod drops unknown keys before it
 * answers), so the response validator also catches an undocumented field.
 */
export function createSchemaCollector() {
  const components: Record<string, JsonSchema> = {};
  const owners: Record<string, Io> = {};

  function convert(schema: z.ZodMiniType, io: Io): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      metadata: documentation,
      override: spellOut,
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = raw;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const written = rewriteRefs(definition) as JsonSchema;
      const existing = components[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(written)) {
        // One name, two shapes: a schema used as a request body (input) and as a response (output).
        throw new Error(
          `components/schemas/${name} differs between ${owners[name]} and ${io}; give the two uses different names`,
        );
      }
      components[name] = written;
      owners[name] ??= io;
    }
    return rewriteRefs(root) as JsonSchema;
  }

  const requestBodies: Record<string, JsonSchema> = {};
  /** A named request body, once: the same name must always be the same body. */
  function addRequestBody(name: string, requestBody: JsonSchema): void {
    const existing = requestBodies[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(requestBody))
      throw new Error(`components/requestBodies/${name} is used with two shapes`);
    requestBodies[name] = requestBody;
  }

  /** An example of a body of `schema` (converted by this collector), built from the examples of the schemas it is made of. */
  const example = (schema: JsonSchema) => exampleOf(schema, components, 0);

  return {
    convert,
    addRequestBody,
    example,
    components: () => sortKeys(components),
    requestBodies: () => sortKeys(requestBodies),
  };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/\$defs\//, '#/components/schemas/')
        : rewriteRefs(inner),
    ]),
  );
}

const sortKeys = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

type OverrideContext = { zodSchema: unknown; jsonSchema: JsonSchema };

/** Regex checks with the `i` flag keep their meaning (see caseInsensitivePattern); sent frontmatter is an object with any keys. */
function spellOut({ zodSchema, jsonSchema }: OverrideContext): void {
  if (zodSchema === SentFrontmatterSchema)
    Object.assign(jsonSchema, {
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: {},
    });
  const checks =
    (zodSchema as { _zod?: { def?: { checks?: { _zod: { def: { pattern?: unknown } } }[] } } })._zod
      ?.def?.checks ?? [];
  for (const check of checks) {
    const pattern = check._zod.def.pattern;
    if (!(pattern instanceof RegExp) || !pattern.flags.includes('i')) continue;
    const spelled = caseInsensitivePattern(pattern.source);
    if (jsonSchema.pattern === pattern.source) jsonSchema.pattern = spelled;
    for (const part of (jsonSchema.allOf ?? []) as JsonSchema[])
      if (part.pattern === pattern.source) part.pattern = spelled;
  }
}

/**
 * The first example a schema gives, else one assembled from its parts: a referenced schema's, a
 * list of one item, an object of its properties' examples (undefined when a required property
 * has none), a constant, the first value of an enum, a default, null where null is allowed;
 * undefined when it has none (a string without an example): the tests then ask for one.
 */
function exampleOf(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth: number,
): unknown {
  if (depth > 12) return undefined;
  const examples = schema.examples as unknown[] | undefined;
  if (examples?.length) return examples[0];
  if ('const' in schema) return schema.const;
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? exampleOf(target, components, depth + 1) : undefined;
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (!options) continue;
    for (const option of options) {
      const found = exampleOf(option, components, depth + 1);
      if (found !== undefined) return found;
    }
    return options.some((option) => option.type === 'null') ? null : undefined;
  }
  const type = schema.type;
  if (Array.isArray(type) && type.includes('null')) return null;
  if (type === 'array') {
    const item = exampleOf((schema.items ?? {}) as JsonSchema, components, depth + 1);
    return item === undefined ? undefined : [item];
  }
  if (type === 'object' && schema.properties) {
    const required = new Set((schema.required ?? []) as string[]);
    const built: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(
      schema.properties as Record<string, JsonSchema>,
    )) {
      const value = exampleOf(property, components, depth + 1);
      if (value !== undefined) built[name] = value;
      else if (required.has(name)) return undefined;
    }
    return built;
  }
  return undefined;
}
