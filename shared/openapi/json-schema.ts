import * as z from 'zod/mini';
import { SentFrontmatterSchema } from '../content/schemas';
import { caseInsensitivePattern } from './case-insensitive-pattern';
import { componentSchemas } from './component-schemas';

export type JsonSchema = { [key: string]: unknown };

/** Request schemas are written as zod reads them (`input`), responses as it writes them (`output`). */
export type Io = 'input' | 'output';

export const componentRef = (name: string) => `#/components/schemas/${name}`;

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
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, metadata: componentSchemas, override: spellOut }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = raw;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const written = rewriteRefs(definition) as JsonSchema;
      const existing = components[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(written)) {
        // One name, two shapes: a schema used as a request body (input) and as a response (output).
        throw new Error(`components/schemas/${name} differs between ${owners[name]} and ${io}; give the two uses different names`);
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
    if (existing && JSON.stringify(existing) !== JSON.stringify(requestBody)) throw new Error(`components/requestBodies/${name} is used with two shapes`);
    requestBodies[name] = requestBody;
  }

  return { convert, addRequestBody, components: () => sortKeys(components), requestBodies: () => sortKeys(requestBodies) };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(inner),
    ]),
  );
}

const sortKeys = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

type OverrideContext = { zodSchema: unknown; jsonSchema: JsonSchema };

/** Regex checks with the `i` flag keep their meaning (see caseInsensitivePattern); sent frontmatter is an object with any keys. */
function spellOut({ zodSchema, jsonSchema }: OverrideContext): void {
  if (zodSchema === SentFrontmatterSchema) Object.assign(jsonSchema, { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} });
  const checks = (zodSchema as { _zod?: { def?: { checks?: { _zod: { def: { pattern?: unknown } } }[] } } })._zod?.def?.checks ?? [];
  for (const check of checks) {
    const pattern = check._zod.def.pattern;
    if (!(pattern instanceof RegExp) || !pattern.flags.includes('i')) continue;
    const spelled = caseInsensitivePattern(pattern.source);
    if (jsonSchema.pattern === pattern.source) jsonSchema.pattern = spelled;
    for (const part of (jsonSchema.allOf ?? []) as JsonSchema[]) if (part.pattern === pattern.source) part.pattern = spelled;
  }
}
