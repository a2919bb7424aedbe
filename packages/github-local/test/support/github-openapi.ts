import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validates response bodies against GitHub's published OpenAPI description (GHES 3.19, dereferenced,
 * from @octokit/openapi), so that what the local host answers is what GitHub documents.
 */

const DESCRIPTION = 'ghes-3.19.deref.json';

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
}

let description: Description | undefined;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | null>();

function loadDescription(): Description {
  if (!description) {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`@octokit/openapi/generated/${DESCRIPTION}`);
    description = JSON.parse(readFileSync(file, 'utf8')) as Description;
  }
  return description;
}

function getAjv(): Ajv {
  if (!ajv) {
    // strict: false lets OpenAPI-only keywords through (example, discriminator, readOnly, x-*).
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, logger: false });
    addFormats(ajv);
    // Formats GitHub uses that no validator library knows: accept any string.
    for (const name of [
      'ssh-key',
      'ssh-key fingerprint',
      'ip/cidr',
      'timestamp',
      'repo.nwo',
      'int32',
      'int64',
      'binary',
    ]) {
      if (!ajv.formats[name]) ajv.addFormat(name, true);
    }
  }
  return ajv;
}

/**
 * OpenAPI 3.0's `nullable: true` means "or null"; JSON Schema spells that with a type list, or an
 * anyOf when the schema has no `type` of its own (e.g. a nullable allOf/anyOf).
 */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === 'example' || key === 'examples' || key === 'nullable') continue;
    // `properties` maps names to schemas; every other object value is itself a schema (or a list of them).
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Schema).map(([name, schema]) => [name, toJsonSchema(schema)]),
          )
        : toJsonSchema(value);
  }
  if ((node as Schema).nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function validatorFor(
  method: string,
  pathTemplate: string,
  status: number,
): ValidateFunction | null {
  const key = `${method.toUpperCase()} ${pathTemplate} ${status}`;
  if (validators.has(key)) return validators.get(key) ?? null;
  const operation = loadDescription().paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation)
    throw new Error(
      `GitHub's OpenAPI description has no operation ${method.toUpperCase()} ${pathTemplate}`,
    );
  const response = operation.responses?.[String(status)];
  if (!response) {
    const known = Object.keys(operation.responses ?? {}).join(', ');
    throw new Error(
      `${method.toUpperCase()} ${pathTemplate} does not document status ${status} (documented: ${known})`,
    );
  }
  const schema = response.content?.['application/json']?.schema;
  const validate = schema ? getAjv().compile(toJsonSchema(schema) as Schema) : null;
  validators.set(key, validate);
  return validate;
}

/**
 * Throws with a readable list of violations unless `body` is what GitHub documents for
 * `method pathTemplate` answering `status`. `pathTemplate` is the OpenAPI path, e.g. '/repos/{owner}/{repo}'.
 */
export function expectGitHubResponse(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): void {
  const validate = validatorFor(method, pathTemplate, status);
  const label = `${method.toUpperCase()} ${pathTemplate} ${status}`;
  if (!validate) {
    if (body !== undefined && body !== null && body !== '')
      throw new Error(`${label} documents no body, got ${JSON.stringify(body).slice(0, 200)}`);
    return;
  }
  if (validate(body)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 20)
    .map(
      (error) =>
        `  ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    )
    .join('\n');
  throw new Error(`${label}: the body does not match GitHub's OpenAPI description:\n${problems}`);
}

/** Throws unless `payload` is what GitHub's description documents for the webhook `event` (its `x-webhooks`). */
export function expectGitHubWebhook(event: string, payload: unknown): void {
  const key = `webhook ${event}`;
  if (!validators.has(key)) {
    const webhooks = (
      loadDescription() as unknown as {
        'x-webhooks': Record<
          string,
          { post?: { requestBody?: { content?: Record<string, { schema?: Schema }> } } }
        >;
      }
    )['x-webhooks'];
    const schema = webhooks[event]?.post?.requestBody?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`GitHub's OpenAPI description documents no webhook ${event}`);
    validators.set(key, getAjv().compile(toJsonSchema(schema) as Schema));
  }
  const validate = validators.get(key)!;
  if (validate(payload)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 20)
    .map(
      (error) =>
        `  ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    )
    .join('\n');
  throw new Error(
    `The ${event} webhook payload does not match GitHub's OpenAPI description:\n${problems}`,
  );
}
