import { permissionsOf, type HeaderDef, type RouteDef } from '../http/route-def';
import { accessInWords, securityOf } from './access-words';
import { requestBodies } from './component-schemas';
import { genericResponses } from './generic-responses';
import type { JsonSchema, createSchemaCollector } from './json-schema';
import { pathParametersOf, queryParametersOf } from './parameters';

type Collector = ReturnType<typeof createSchemaCollector>;

export const json = (schema: JsonSchema, example?: unknown) => ({
  'application/json': { schema, ...(example !== undefined ? { example } : {}) },
});

/** A JSON body's media type, with the example the collector builds for it. */
const jsonOf = (schemas: Collector, schema: JsonSchema) => json(schema, schemas.example(schema));

/** The OpenAPI operation of one row of the route table. */
export function operationOf(route: RouteDef, schemas: Collector): JsonSchema {
  const query = route.query ? schemas.convert(route.query, 'input') : undefined;
  const parameters = [...pathParametersOf(route), ...queryParametersOf(query)];
  // One permission as a string (as ever); several, all required, as a list.
  const needed = permissionsOf(route.access);
  const permission = needed
    ? { 'x-permission': needed.length === 1 ? needed[0] : [...needed] }
    : {};
  return {
    operationId: route.id,
    tags: [route.group],
    summary: route.summary,
    description: `${route.description}\n\n${accessInWords(route)}`,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBodyOf(route, route.body, schemas) } : {}),
    responses: responsesOf(route, schemas),
    security: securityOf(route.access),
    'x-access': typeof route.access === 'string' ? route.access : [...route.access],
    ...permission,
    ...(route.githubRole ? { 'x-github-role': route.githubRole } : {}),
    ...(route.throttle ? { 'x-throttle': route.throttle } : {}),
  };
}

/** A body the spec names is a `components/requestBodies` entry, referenced; any other is written in place. */
function requestBodyOf(
  route: RouteDef,
  body: NonNullable<RouteDef['body']>,
  schemas: Collector,
): JsonSchema {
  const requestBody = {
    required: !route.bodyOptional,
    content: jsonOf(schemas, schemas.convert(body, 'input')),
  };
  const name = requestBodies.get(body);
  if (!name) return requestBody;
  schemas.addRequestBody(name, requestBody);
  return { $ref: `#/components/requestBodies/${name}` };
}

function responsesOf(route: RouteDef, schemas: Collector): Record<string, JsonSchema> {
  const responses: Record<number, JsonSchema> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    // A redirect names where to go; a 304 (Not Modified) does not.
    const location: Record<string, HeaderDef> =
      Number(status) >= 300 && Number(status) < 400 && Number(status) !== 304
        ? { Location: redirectLocation }
        : {};
    const headers = { ...location, ...response.headers };
    responses[Number(status)] = {
      description: response.description,
      ...(response.schema
        ? { content: jsonOf(schemas, schemas.convert(response.schema, 'output')) }
        : {}),
      ...(response.html ? { content: { 'text/html': { schema: { type: 'string' } } } } : {}),
      // Bytes as they are: OpenAPI 3.1 writes a raw body as its media type without a schema.
      ...(response.binary
        ? {
            content: Object.fromEntries(
              (response.contentTypes ?? ['application/octet-stream']).map((type) => [type, {}]),
            ),
          }
        : {}),
      ...(Object.keys(headers).length ? { headers: headersOf(headers) } : {}),
    };
  }
  for (const generic of genericResponses) {
    if (responses[generic.status] || !generic.appliesTo(route)) continue;
    responses[generic.status] = { $ref: `#/components/responses/${generic.name}` };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

const redirectLocation: HeaderDef = {
  description: 'Where the browser goes next',
  type: 'string',
  required: true,
};

/** Response headers as OpenAPI writes them. */
export function headersOf(headers: Record<string, HeaderDef>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      {
        description: header.description,
        ...(header.required ? { required: true } : {}),
        schema: { type: header.type },
      },
    ]),
  );
}
