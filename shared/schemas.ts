import * as z from 'zod/mini';

/** Words and examples for one schema: its own description, its properties' (by path), examples of its values. */
export interface SchemaDoc<T extends z.ZodMiniType> {
  description?: string;
  /** By path from the schema: `title`, `actor.login`, `reviews[].author` (an array's items), `|1.token` (a union's second option). */
  properties?: Record<string, string>;
  examples?: readonly z.output<T>[];
}

export type DocumentSchema = <T extends z.ZodMiniType>(schema: T, doc: SchemaDoc<T>) => void;

/**
 * The OpenAPI document's words and examples for a module's schemas, put in zod's global registry
 * (which the document reads, shared/openapi/json-schema.ts) by `register`, at once. Each schema
 * module ends with `export const xDocs = /* @__PURE__ *\/ schemaDocs((document) => …)`, referenced
 * only by shared/openapi: bundles that build the document keep the text; the editor and the other
 * functions drop it, call and all, as an unused pure call. A description given to a schema that
 * already has another one (a schema used in two places) is refused: give each use its own instance.
 */
export function schemaDocs(register: (document: DocumentSchema) => void): { documented: true } {
  register((schema, doc) => {
    if (doc.description !== undefined) describe(schema, doc.description, 'the schema');
    for (const [path, description] of Object.entries(doc.properties ?? {}))
      describe(schemaAt(schema, path), description, path);
    if (doc.examples)
      z.globalRegistry.add(schema as z.ZodMiniType, {
        ...z.globalRegistry.get(schema),
        examples: [...doc.examples],
      });
  });
  return { documented: true };
}

function describe(schema: z.core.$ZodType, description: string, path: string): void {
  const held = z.globalRegistry.get(schema)?.description;
  if (held !== undefined && held !== description)
    throw new Error(
      `${path}: the schema is described already ("${held}"); give this use its own instance`,
    );
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
}

type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  innerType?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** What `path` names inside `schema`, the property's own schema (an optional wrapper included) at the end. */
function schemaAt(schema: z.core.$ZodType, path: string): z.core.$ZodType {
  let at = schema;
  for (const step of path.split('.')) {
    const [, union, key = '', items = ''] = /^(?:\|(\d+))?([^[]*)((?:\[\])*)$/.exec(step) ?? [];
    if (union !== undefined) at = optionOf(unwrapped(at), Number(union));
    if (key) {
      const shape = defOf(unwrapped(at)).shape;
      if (!shape || !(key in shape)) throw new Error(`${path}: no property ${key}`);
      at = shape[key]!;
    }
    for (let n = 0; n < items.length / 2; n += 1) {
      const element = defOf(unwrapped(at)).element;
      if (!element) throw new Error(`${path}: ${key} is not an array`);
      at = element;
    }
  }
  return at;
}

function optionOf(schema: z.core.$ZodType, index: number): z.core.$ZodType {
  const option = defOf(schema).options?.[index];
  if (!option) throw new Error(`no option ${index} in this union`);
  return option;
}

/** The schema under optional, nullable, default and lazy wrappers. */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  let at = schema;
  for (;;) {
    const def = defOf(at);
    if (def.innerType) at = def.innerType;
    else if (def.getter) at = def.getter();
    else return at;
  }
}

/** Shapes shared by many routes (spec: "Ok", "Error"). */
export const OkSchema = z.object({ ok: z.boolean() });
export const ErrorSchema = z.object({ error: z.string() });
/**
 * API Gateway's own answers, which never reach the service (shared/http/aws-limits.ts): a request
 * over Lambda's or the HTTP API's payload limit, an answer over Lambda's, a function that failed,
 * the integration timeout. Local mode's gateway gives the same (infra/local/aws-invocation.ts).
 */
export const GatewayErrorSchema = z.object({ message: z.string() });

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const commonDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(OkSchema, {
    properties: {
      ok: 'true: done',
    },
    examples: [{ ok: true }],
  });
  document(ErrorSchema, {
    properties: {
      error:
        'What is wrong, in words a person can act on; names the field or the limit where one is the cause',
    },
    examples: [{ error: 'frontmatter.title: expected a string' }],
  });
  document(GatewayErrorSchema, {
    properties: {
      message: "API Gateway's own words, e.g. Too Many Requests",
    },
    examples: [{ message: 'Too Many Requests' }],
  });
});
