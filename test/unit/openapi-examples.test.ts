import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../shared/openapi/document';

/**
 * What the document tells a reader beyond shapes: what each property means, and an example of
 * every body, written next to the schemas (zod's registry) and held to them here.
 */
type Schema = Record<string, any>;
const document = openApiDocument() as Record<string, any>;
const componentsId = 'urn:cms:openapi-components';

/** Every place below `value` that holds a JSON Schema with properties, by JSON pointer-ish path. */
function* objectSchemas(value: unknown, at: string): Generator<[string, Schema]> {
  if (Array.isArray(value)) {
    for (const [index, inner] of value.entries()) yield* objectSchemas(inner, `${at}/${index}`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as Schema;
  if (schema.properties && typeof schema.properties === 'object' && schema.type === 'object')
    yield [at, schema];
  for (const [key, inner] of Object.entries(schema)) {
    // Examples are data, not schemas.
    if (key !== 'examples' && key !== 'example') yield* objectSchemas(inner, `${at}/${key}`);
  }
}

/** Every JSON media type of the document (request bodies, responses, generic responses), with where it is. */
function* jsonBodies(): Generator<[string, { schema: Schema; example?: unknown }]> {
  const operations = Object.entries(
    document.paths as Record<string, Record<string, Schema>>,
  ).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const,
    ),
  );
  for (const [where, operation] of operations) {
    const body = operation.requestBody;
    if (body && !body.$ref) yield [`${where} request`, body.content['application/json']];
    for (const [status, answer] of Object.entries(operation.responses as Record<string, Schema>)) {
      if (answer.content?.['application/json'])
        yield [`${where} ${status}`, answer.content['application/json']];
    }
  }
  for (const [name, body] of Object.entries(
    document.components.requestBodies as Record<string, Schema>,
  ))
    yield [`requestBodies/${name}`, body.content['application/json']];
  for (const [name, answer] of Object.entries(
    document.components.responses as Record<string, Schema>,
  ))
    yield [`responses/${name}`, answer.content['application/json']];
}

function validatorOf() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const toAjv = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(toAjv)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([key, inner]) => [
              key,
              key === '$ref' && typeof inner === 'string'
                ? inner.replace('#/components/schemas/', `${componentsId}#/$defs/`)
                : toAjv(inner),
            ]),
          )
        : value;
  ajv.addSchema({ $id: componentsId, $defs: toAjv(document.components.schemas) });
  return (schema: Schema, value: unknown) => {
    const validate = ajv.compile(toAjv(schema) as Schema);
    return validate(value) ? undefined : ajv.errorsText(validate.errors, { dataVar: 'example' });
  };
}

describe('the OpenAPI document, for a reader', () => {
  it('describes every property of every schema', () => {
    // Act
    // A property that is a named schema and nothing else is described by that schema's description.
    const describedAt = (property: Schema): boolean =>
      typeof property.description === 'string' && property.description.length > 2
        ? true
        : typeof property.$ref === 'string' &&
          describedAt(
            document.components.schemas[property.$ref.replace('#/components/schemas/', '')] ?? {},
          );
    const undescribed = [
      ...objectSchemas(document.paths, '#/paths'),
      ...objectSchemas(document.components, '#/components'),
    ].flatMap(([at, schema]) =>
      Object.entries(schema.properties as Record<string, Schema>).flatMap(([name, property]) =>
        describedAt(property) ? [] : [`${at}/properties/${name}`],
      ),
    );

    // Assess
    expect(undescribed).toEqual([]);
  });

  it('gives every JSON request and response body an example', () => {
    const missing = [...jsonBodies()].flatMap(([where, media]) =>
      media.example === undefined ? [where] : [],
    );
    expect(missing).toEqual([]);
  });

  it("holds every example to its schema: the bodies' and each schema's own", () => {
    // Prepare
    const problemOf = validatorOf();
    const examples: [string, Schema, unknown][] = [...jsonBodies()].map(([where, media]) => [
      where,
      media.schema,
      media.example,
    ]);
    for (const [at, schema] of [
      ...objectSchemas(document.paths, '#/paths'),
      ...objectSchemas(document.components, '#/components'),
    ]) {
      for (const [index, example] of ((schema.examples ?? []) as unknown[]).entries())
        examples.push([`${at}/examples/${index}`, schema, example]);
    }

    // Act
    const problems = examples.flatMap(([where, schema, example]) => {
      const problem = problemOf(schema, example);
      return problem ? [`${where}: ${problem}`] : [];
    });

    // Assess
    expect(examples.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it("builds a list's example from its item's, and an error's from the Error schema", () => {
    const list =
      document.paths['/api/repos/{repo}/content/{collection}'].get.responses['200'].content[
        'application/json'
      ];
    expect(list.example).toEqual([document.components.schemas.ContentItem.examples[0]]);
    expect(
      document.components.responses.Unauthenticated.content['application/json'].example,
    ).toEqual(document.components.schemas.Error.examples[0]);
  });
});
