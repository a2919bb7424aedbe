import type { RouteDef } from '../http/route-def';
import type { JsonSchema } from './json-schema';

const pathParameters: Record<
  string,
  { description: string; schema: JsonSchema; example?: string | number }
> = {
  repo: {
    description:
      'Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). ' +
      'The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.',
    schema: { type: 'string' },
    example: 'demo/blog',
  },
  collection: {
    description: "A collection name from the repository's cms.config.json",
    schema: { type: 'string' },
    example: 'posts',
  },
  slug: {
    description:
      "The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400",
    schema: { type: 'string' },
    example: '2024-02-14-hello-world',
  },
  number: {
    description: 'The pull request number',
    schema: { type: 'integer', minimum: 1 },
    example: 1,
  },
  tokenId: {
    description: "The API token's id (`tokenId` of the list)",
    schema: { type: 'string' },
  },
  scheduleId: { description: "The schedule's id (`id` of the list)", schema: { type: 'string' } },
  hookId: {
    description: "The webhook subscription's id (`id` of the list)",
    schema: { type: 'string' },
  },
  name: {
    description:
      'A change set\'s name (its branch is `cms/_sets/{name}`): lowercase letters, digits and "-", 1 to 64',
    schema: { type: 'string' },
    example: 'spring-launch',
  },
};

const queryDescriptions: Record<string, string> = {
  branch:
    'Read from this branch instead of the default branch (e.g. the draft branch `cms/{collection}/{slug}`)',
  sha: 'The current file sha, as read: the delete is refused with 409 if the file changed since',
  code: "The provider's authorization code",
  state: 'The OAuth state the sign-in started with',
  error: "The provider's error code, when the user refused",
  error_description: "The provider's error in words",
  limit: 'How many a page holds (the range is in the schema)',
  cursor:
    "Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque",
  sort: 'Lists: `path` (default), `slug`, or a top-level field the collection declares as `date`, `datetime` or `string`',
  order: 'Lists: `asc` (default) or `desc`; items without a value come last either way',
  q: 'Lists: only items whose slug or `title` contains this, case-insensitively (NFC, lower case)',
};

export function pathParametersOf(route: RouteDef): JsonSchema[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
    const known = pathParameters[name];
    if (!known) throw new Error(`Route ${route.id}: no description for path parameter {${name}}`);
    return { name, in: 'path', required: true, ...known };
  });
}

/** One query parameter per property of the route's query object schema. */
export function queryParametersOf(querySchema: JsonSchema | undefined): JsonSchema[] {
  if (!querySchema) return [];
  const properties = (querySchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((querySchema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(queryDescriptions[name] ? { description: queryDescriptions[name] } : {}),
    schema,
  }));
}
