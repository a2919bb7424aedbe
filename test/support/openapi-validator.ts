import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Method, RouteDef } from '../../shared/http/route-def';
import { matchRoute } from '../../shared/http/route-match';
import { openApiDocument } from '../../shared/openapi/document';
import type { JsonSchema } from '../../shared/openapi/json-schema';

/** One answer as a client saw it. `path` is the request target as sent (query included). */
export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  /** The body as received. */
  text: string;
  /** The answer's headers (names in any case). */
  headers: Headers | Record<string, string | string[] | undefined>;
}

/**
 * Headers a client acts on: whenever an answer carries one, its operation must declare it for that
 * status (a header sent but undocumented is as wrong as a field sent but undocumented).
 */
const actionableHeaders = [
  'retry-after',
  'etag',
  'location',
  'link',
  'x-skipped-files',
  'x-total-count',
  'content-disposition',
];

const headerOf = (headers: ObservedResponse['headers'], name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(', ') : found;
};

export class OpenApiMismatchError extends Error {
  override name = 'OpenApiMismatchError';
}

type Operation = { operationId: string; responses: Record<string, JsonSchema> };
type Header = { required?: boolean; schema?: { type?: string } };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
};

const componentsId = 'urn:cms:openapi-components';
const errorSchema = { $ref: `${componentsId}#/$defs/Error` };

/**
 * Checks answers against the OpenAPI document with Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1). An answer passes only when its operation declares the status and the body fits
 * that status's schema. A path no route has must answer 404, a known path under another method
 * 405, both with the Error body, as the document's description says.
 */
export function createResponseValidator(document = openApiDocument() as unknown as Document) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addSchema({ $id: componentsId, $defs: toAjvRefs(document.components.schemas) });
  const compiled = new Map<string, ValidateFunction>();
  const table = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      path,
      method: method.toUpperCase() as Method,
      operation,
    })),
  );

  const validatorFor = (key: string, schema: JsonSchema) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(toAjvRefs(schema) as JsonSchema)));
    return validate;
  };

  /** The problem with `observed`, or undefined when the document allows it. */
  function problemOf(observed: ObservedResponse): string | undefined {
    const target = observed.path.split('?')[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      return observed.status === 400
        ? undefined
        : `expected 400 for a malformed path, got ${observed.status}`;
    }
    const outcome = matchRoute(
      table as unknown as (RouteDef & { operation: Operation })[],
      observed.method.toUpperCase(),
      decoded,
    );
    if (outcome.kind !== 'match') {
      const expected = outcome.kind === 'not_found' ? 404 : 405;
      if (observed.status !== expected)
        return `no operation has ${observed.method} ${target}: expected ${expected}, got ${observed.status}`;
      return bodyProblem(observed, validatorFor(`unrouted ${expected}`, errorSchema));
    }
    const operation = outcome.match.route.operation;
    let response = operation.responses[String(observed.status)];
    if (!response)
      return `status ${observed.status} is not declared for operation ${operation.operationId} (declared: ${Object.keys(operation.responses).join(', ')})`;
    const ref = response.$ref as string | undefined;
    if (ref)
      response = document.components.responses[ref.replace('#/components/responses/', '')] ?? {};
    const headersProblem = headerProblem(
      observed,
      operation.operationId,
      (response.headers ?? {}) as Record<string, Header>,
    );
    if (headersProblem) return headersProblem;
    const content = response.content as Record<string, { schema?: JsonSchema }> | undefined;
    if (content?.['text/html']) {
      return /^text\/html\b/i.test(observed.contentType ?? '')
        ? undefined
        : `operation ${operation.operationId} declares an HTML page for ${observed.status}, got ${observed.contentType ?? 'no content-type'}`;
    }
    const schema = content?.['application/json']?.schema;
    // Raw bytes (a media file): typed by their own Content-Type, which must be one the operation declares.
    if (content && !schema) {
      const type = (observed.contentType ?? '').split(';')[0]!.trim().toLowerCase();
      return type in content
        ? undefined
        : `operation ${operation.operationId} declares ${Object.keys(content).join(', ')} for ${observed.status}, got ${observed.contentType ?? 'no content-type'}`;
    }
    if (!schema)
      return observed.text === ''
        ? undefined
        : `operation ${operation.operationId} declares no body for ${observed.status}, got one`;
    return bodyProblem(
      observed,
      validatorFor(`${operation.operationId} ${observed.status}`, schema),
    );
  }

  /** A required header missing, a declared one that does not fit its schema, or an actionable one undeclared. */
  function headerProblem(
    observed: ObservedResponse,
    operationId: string,
    declared: Record<string, Header>,
  ): string | undefined {
    const byName = new Map(
      Object.entries(declared).map(([name, header]) => [name.toLowerCase(), header]),
    );
    for (const [name, header] of byName) {
      const value = headerOf(observed.headers, name);
      if (value === undefined) {
        if (header.required)
          return `operation ${operationId} declares the ${name} header required for ${observed.status}, but it was not sent`;
        continue;
      }
      if (header.schema?.type === 'integer' && !/^\d+$/.test(value))
        return `the ${name} header is ${JSON.stringify(value)}, not an integer`;
    }
    const undeclared = actionableHeaders.filter(
      (name) => headerOf(observed.headers, name) !== undefined && !byName.has(name),
    );
    return undeclared.length
      ? `operation ${operationId} sends ${undeclared.join(', ')} with ${observed.status} without declaring it`
      : undefined;
  }

  function bodyProblem(observed: ObservedResponse, validate: ValidateFunction): string | undefined {
    if (!/^application\/json\b/i.test(observed.contentType ?? ''))
      return `expected application/json, got ${observed.contentType ?? 'no content-type'}`;
    let body: unknown;
    try {
      body = JSON.parse(observed.text);
    } catch {
      return 'the body is not JSON';
    }
    if (validate(body)) return undefined;
    return `the body does not fit the schema: ${ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' })}`;
  }

  return {
    problemOf,
    /** Throws an OpenApiMismatchError naming the request, the answer and what the document says. */
    assertValid(observed: ObservedResponse): void {
      const problem = problemOf(observed);
      if (!problem) return;
      const body = observed.text.length > 500 ? `${observed.text.slice(0, 500)}…` : observed.text;
      throw new OpenApiMismatchError(
        `OpenAPI mismatch: ${observed.method} ${observed.path} answered ${observed.status} ${body}\n  ${problem}`,
      );
    },
  };
}

/** Refs of the document (`#/components/schemas/X`) pointed at the components schema Ajv holds. */
function toAjvRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toAjvRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/components/schemas/', `${componentsId}#/$defs/`)
        : toAjvRefs(inner),
    ]),
  );
}

let shared: ReturnType<typeof createResponseValidator> | undefined;

/** One validator per test process: the document is generated once. */
export const responseValidator = () => (shared ??= createResponseValidator());
