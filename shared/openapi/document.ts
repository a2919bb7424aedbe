import { groups, type RouteDef } from '../http/route-def';
import { routes } from '../routes';
import { ErrorSchema, GatewayErrorSchema } from '../schemas';
import { genericResponses, unroutedResponses } from './generic-responses';
import type { OpenApiDocument } from './document-schema';
import { componentRef, createSchemaCollector, type JsonSchema } from './json-schema';
import { headersOf, json, operationOf } from './operation';

export const openApiVersion = '3.1.0';
export const apiVersion = '1.0.0';

const description = `HTTP/JSON API of the git-based content editing service. Every body is JSON; every error is \`{"error": string}\`, except the 409 answers of merge (\`{merged: false, reason}\`) and update (\`{ok: false, reason?, fields?}\`), and the answers API Gateway gives itself (\`{"message": string}\`: 413, 429, 500 and 503, on the generic responses that say so). JSON answers over 1 KB are compressed as \`Accept-Encoding\` allows (br preferred, then gzip, by q-value; identity otherwise) and say \`Vary: Accept-Encoding\`.

Generated from the service's route table (\`shared/routes.ts\`) and its zod schemas when first requested, so it cannot drift from the routes; the test suite validates every response it sees against it.

**Rules that hold for every operation**
- Answers of the shared middleware and of API Gateway are listed on each operation they apply to, as references to \`components/responses\` (marked \`x-generic: true\`): 400 (query, body or a checked path parameter invalid), 401 (credentials missing or invalid), 403 (permission, token scope, session-only route, or a cookie-authenticated write from another origin), 413/415 (body too large / not JSON), 429 (API Gateway's throttle), 500, 502 (the hosting provider failed) on routes that call it, and 503 (out of time; the database unavailable, or the GitHub App not configured yet; on routes that call GitHub also GitHub's rate limit, with \`Retry-After\` in seconds: wait that long and send the request again).
- ${unroutedResponses[404]}: 404 \`{error}\`. ${unroutedResponses[405]}: 405 \`{error}\`.
- Throttling (AWS): every route shares the stage's requests per second; a route marked \`x-throttle: credential\` (it starts a sign-in or mints a credential) also has its own, tighter limit. Over either, API Gateway answers 429 \`{"message":"Too Many Requests"}\`.
- \`{repo}\` is \`owner/name\` in one segment as \`owner%2Fname\`; two segments \`owner/name\` are accepted too.
- Access: \`x-access\` holds the route table's value (\`none\`, \`session\`, \`authenticated\`, a permission, or a list of permissions that are all required); \`x-permission\` the permission an API token needs (a list when it needs several: all of them) (sessions bypass permissions, never GitHub's own access control). A token acts as the user who created it. \`x-github-role\`, where present, is the role on GitHub the service itself demands on \`{repo}\`, of a session's user or a token's creator, as GitHub reports it: \`write\`, \`maintain\` (maintain or admin), or \`setter or admin\` (the person who set the record, with write, or an admin); a 403 names the role needed and the one the caller has.
- Response schemas list every property the service sends (objects are closed with \`additionalProperties: false\`, which the tests check); clients should still ignore properties they do not know. Request schemas are open: unknown properties are ignored.
- Cookie-authenticated writes (POST, PUT, DELETE) must carry \`Origin\` equal to the service's origin (or \`Sec-Fetch-Site: same-origin\`); bearer requests are not affected.`;

const tagDescriptions: Record<(typeof groups)[number], string> = {
  health: 'Liveness and this document',
  session: 'Browser sign-in with the hosting provider (OAuth + PKCE) and the session cookie',
  device:
    'Device-code sign-in for command-line tools; mints an API token, by default 90 days with every permission on every repository, or the smaller scope the tool asks for (shown to the person on a review page before approval)',
  repos: 'Connected repositories and their cms.config.json',
  content: 'Markdown items with frontmatter, read and written as git commits',
  pulls: 'Draft workflow: pull requests of `cms/{collection}/{slug}` branches',
  media:
    "An addition to the spec: images and files of the media directories (cms.config.json `media`): list, upload through a signed staging URL, read with the caller's access, delete",
  schedules:
    'An addition to the spec: publishing a draft, or unpublishing an item, at a set time (EventBridge Scheduler on AWS, an in-process timer backed by the table locally)',
  activity:
    'An addition to the spec: the audit log, every write through the service with who, when, what and the outcome, per repository and per caller',
  webhooks:
    'An addition to the spec: signed outbound webhooks per repository (HMAC-SHA256 over `<timestamp>.<body>`, 300 s replay window), retried with backoff, with a delivery log and a test delivery; private addresses are refused. Managed by admins and maintainers of the repository on GitHub',
  tokens:
    'Scoped API tokens: created, listed and revoked with a browser session (at most 100 repositories per token, 50 active tokens per user); a token may revoke itself',
};

/** The API token first, as in every requirement (access-words.ts). */
const securitySchemes = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cms_{tokenId}.{hmac}',
    description:
      'An API token (`Authorization: Bearer …`) from `POST /api/tokens` or the device flow. The requirement lists the permission the token needs.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'cms_session',
    description:
      'The browser session set by sign-in (`/auth/login` → provider → `/auth/callback`): HttpOnly, SameSite=Lax, 30 days. Full access; bypasses permission checks.',
  },
};

const genericResponseComponents = (schemas: ReturnType<typeof createSchemaCollector>) =>
  Object.fromEntries(
    genericResponses.map((generic) => [
      generic.name,
      {
        description: generic.description,
        content: json(
          generic.gatewayOnly
            ? { $ref: componentRef('GatewayError') }
            : generic.fromGateway
              ? { oneOf: [{ $ref: componentRef('Error') }, { $ref: componentRef('GatewayError') }] }
              : { $ref: componentRef('Error') },
          schemas.example({ $ref: componentRef(generic.gatewayOnly ? 'GatewayError' : 'Error') }),
        ),
        ...(generic.headers ? { headers: headersOf(generic.headers) } : {}),
        'x-generic': true,
      },
    ]),
  );

let cached: OpenApiDocument | undefined;

/** The document without `servers`: built once per process, it depends only on the code. */
function buildStatic(): OpenApiDocument {
  const schemas = createSchemaCollector();
  schemas.convert(ErrorSchema, 'output');
  schemas.convert(GatewayErrorSchema, 'output');
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes as readonly RouteDef[]) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, schemas);
  }
  return {
    openapi: openApiVersion,
    info: { title: 'Content editing service', version: apiVersion, description },
    tags: groups.map((name) => ({ name, description: tagDescriptions[name] })),
    security: [{ apiToken: [] }, { session: [] }],
    paths,
    components: {
      schemas: schemas.components(),
      requestBodies: schemas.requestBodies(),
      responses: genericResponseComponents(schemas),
      securitySchemes,
    },
  };
}

/** The OpenAPI 3.1 document of the route table; `serverUrl` becomes its one server. */
export function openApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  cached ??= buildStatic();
  return options.serverUrl ? { ...cached, servers: [{ url: options.serverUrl }] } : cached;
}
