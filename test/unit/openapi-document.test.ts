import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/http/route-def';
import { accessInWords } from '../../shared/openapi/access-words';
import { caseInsensitivePattern } from '../../shared/openapi/case-insensitive-pattern';
import { openApiDocument } from '../../shared/openapi/document';
import { callsGitHub } from '../../shared/openapi/generic-responses';
import { routes } from '../../shared/routes';

/** The document as plain JSON: the assertions below say what shape they expect. */
const document = openApiDocument() as Record<string, any>;
type Operation = Record<string, any>;
type Parameter = { name: string; in: string; required: boolean; description?: string };
const operationOf = (route: RouteDef): Operation =>
  document.paths[route.path][route.method.toLowerCase()];
/** swagger-parser types its argument with openapi-types, which this package does not depend on. */
type ParserInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;
const byId = (id: string) =>
  operationOf((routes as readonly RouteDef[]).find((route) => route.id === id)!);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1.0 document, version 1.0.0 (swagger-parser)', async () => {
    // Act
    const parsed = await SwaggerParser.validate(
      structuredClone(document) as unknown as ParserInput,
    );

    // Assess
    expect((parsed as { openapi?: string }).openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
  });

  it('holds every route of the table as one operation, operationId = the row id', () => {
    const operationIds = Object.values(
      document.paths as Record<string, Record<string, Operation>>,
    ).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(operationIds.sort()).toEqual(routes.map((route) => route.id).sort());
    for (const route of routes as readonly RouteDef[]) {
      const operation = operationOf(route);
      expect(operation.operationId, `${route.method} ${route.path}`).toBe(route.id);
      expect(operation.tags).toEqual([route.group]);
      for (const status of Object.keys(route.responses))
        expect(operation.responses).toHaveProperty(status);
    }
  });

  it("gives every operation a 2xx answer, but the redirects: sign-in and the API reference's page (what Redocly's operation-2xx-response checked; redocly.yaml)", () => {
    const without = (routes as readonly RouteDef[])
      .filter(
        (route) => !Object.keys(byId(route.id).responses).some((status) => status.startsWith('2')),
      )
      .map((route) => route.id);
    expect(without).toEqual(['getApiDocs', 'login', 'callback']);
  });

  it('gives every operation a summary of at most 80 characters and a description that says what it does before who may call it', () => {
    for (const route of routes as readonly RouteDef[]) {
      const operation = byId(route.id);
      expect(operation.summary.length, `${route.id}: ${operation.summary}`).toBeLessThanOrEqual(80);
      expect(operation.summary, route.id).not.toMatch(/\.$/);
      expect(operation.description, route.id).toMatch(/^\S.{20,}\n\n/s);
      expect(operation.description.endsWith(accessInWords(route)), route.id).toBe(true);
    }
    expect(byId('listContent').summary).toBe("List a collection's items");
    expect(byId('listContent').description).toMatch(
      /^Every markdown item of the collection directory/,
    );
  });

  it("states each route's access: security requirement, x-access, x-permission and words", () => {
    expect(byId('getHealth').security).toEqual([]);
    expect(byId('listTokens').security).toEqual([{ session: [] }]);
    expect(byId('listHostRepos').security).toEqual([{ apiToken: [] }, { session: [] }]);
    const merge = byId('mergePull');
    expect(merge.security).toEqual([{ apiToken: ['content:publish'] }, { session: [] }]);
    expect(merge['x-access']).toBe('content:publish');
    expect(merge['x-permission']).toBe('content:publish');
    expect(merge.description).toMatch(
      /API token holding `content:publish` whose repository scope includes `\{repo\}`/,
    );
    expect(byId('listTokens')['x-permission']).toBeUndefined();
    const rename = byId('renameContent');
    expect(rename.security).toEqual([
      { apiToken: ['content:write', 'content:delete'] },
      { session: [] },
    ]);
    expect(rename['x-access']).toEqual(['content:write', 'content:delete']);
    expect(rename['x-permission']).toEqual(['content:write', 'content:delete']);
    expect(rename.description).toMatch(
      /Requires the `content:write` and `content:delete` permissions: .* API token holding both `content:write` and `content:delete` whose repository scope/,
    );
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'cms_session' },
      apiToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('offers the API token first wherever a token is accepted, so importers (Postman) do not send the cookie instead', () => {
    // Act
    const requirementLists = [
      document.security,
      ...(routes as readonly RouteDef[]).map((route) => operationOf(route).security),
    ];

    // Assess
    for (const security of requirementLists) {
      const schemes = (security as Record<string, string[]>[]).map(
        (requirement) => Object.keys(requirement)[0],
      );
      if (schemes.includes('apiToken')) expect(schemes[0]).toBe('apiToken');
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(['apiToken', 'session']);
  });

  it('states the role on GitHub a row demands: x-github-role and words, absent where GitHub alone decides', () => {
    for (const id of [
      'listWebhooks',
      'createWebhook',
      'deleteWebhook',
      'testWebhook',
      'listWebhookDeliveries',
    ]) {
      expect(byId(id)['x-github-role'], id).toBe('maintain');
      expect(byId(id).description, id).toMatch(
        /On GitHub, the caller \(for an API token: the user who created it\) needs admin or maintain permission on `\{repo\}`, else 403/,
      );
    }
    expect(byId('createSchedule')['x-github-role']).toBe('write');
    for (const id of ['reschedule', 'cancelSchedule']) {
      expect(byId(id)['x-github-role'], id).toBe('setter or admin');
      expect(byId(id).description, id).toMatch(
        /to be the person who set the record, or admin permission; else 403 naming the setter/,
      );
      expect(byId(id).responses['403'].description, id).toMatch(
        /was set by alice: only they or an admin/,
      );
    }
    expect(byId('listWebhooks').responses['403'].description).toMatch(
      /needs admin or maintain permission on GitHub; you have write/,
    );
    expect(byId('mergePull')['x-github-role']).toBeUndefined();
    expect(byId('listSchedules')['x-github-role']).toBeUndefined();
  });

  it('explains {repo} and takes query parameters from the query schemas', () => {
    const parameters = byId('deleteContent').parameters as Parameter[];
    expect(
      parameters.map((parameter) => `${parameter.in}:${parameter.name}:${parameter.required}`),
    ).toEqual([
      'path:repo:true',
      'path:collection:true',
      'path:slug:true',
      'query:sha:true',
      'query:mode:false',
      'query:locale:false',
      'query:set:false',
    ]);
    expect(parameters[0]!.description).toMatch(
      /owner%2Fname.*two-segment form `owner\/name` is accepted/s,
    );
    expect((byId('getContent').parameters as Parameter[]).at(-1)).toMatchObject({
      name: 'branch',
      in: 'query',
      required: false,
    });
    expect((byId('getPull').parameters as Parameter[]).at(-1)).toMatchObject({
      name: 'number',
      schema: { type: 'integer' },
    });
  });

  it('references named schemas from components for request and response bodies', () => {
    expect(byId('putContent').requestBody).toEqual({
      $ref: '#/components/requestBodies/PutContentBody',
    });
    expect(document.components.requestBodies.CreateTokenBody).toMatchObject({
      required: true,
      content: {
        'application/json': {
          schema: {
            properties: { permissions: { items: { $ref: '#/components/schemas/Permission' } } },
          },
        },
      },
    });
    expect(byId('listContent').responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'array', items: { $ref: '#/components/schemas/ContentItem' } },
        },
      },
    });
    expect(document.components.schemas.ApiTokenSummary).toMatchObject({
      properties: { permissions: { items: { $ref: '#/components/schemas/Permission' } } },
    });
    // Responses are written as zod answers them: no undeclared property passes.
    expect(document.components.schemas.ContentItem).toMatchObject({ additionalProperties: false });
  });

  it('lists the interactive reference, GET /api/docs: open to anyone, a redirect to its page with Location', () => {
    const docs = byId('getApiDocs');
    expect(document.paths['/api/docs'].get).toBe(docs);
    expect(docs.security).toEqual([]);
    expect(docs.responses['302']).toMatchObject({
      description: expect.stringContaining('/app/api-docs.html'),
      headers: { Location: { schema: { type: 'string' } } },
    });
  });

  it("adds the middleware's generic error answers to each operation they apply to, by reference", () => {
    expect(Object.keys(byId('getHealth').responses)).toEqual(['200', '429', '500', '503']);
    expect(byId('putContent').responses).toMatchObject({
      400: { description: expect.stringMatching(/frontmatter/) },
      401: { $ref: '#/components/responses/Unauthenticated' },
      413: { $ref: '#/components/responses/PayloadTooLarge' },
      415: { $ref: '#/components/responses/UnsupportedMediaType' },
      502: { $ref: '#/components/responses/ProviderError' },
    });
    expect(byId('startDevice').responses).toHaveProperty('403');
    expect(byId('startDevice').responses).not.toHaveProperty('401');
    expect(document.components.responses.Unauthenticated).toMatchObject({
      'x-generic': true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    // API Gateway answers these itself, with {message}: a request too large, a failed or too large answer, the integration timeout.
    for (const name of ['PayloadTooLarge', 'InternalError', 'ServiceUnavailable']) {
      expect(document.components.responses[name]).toMatchObject({
        content: {
          'application/json': {
            schema: {
              oneOf: [
                { $ref: '#/components/schemas/Error' },
                { $ref: '#/components/schemas/GatewayError' },
              ],
            },
          },
        },
      });
    }
    // Throttling is API Gateway's alone: {message}, never the service's {error}.
    expect(document.components.responses.TooManyRequests).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/GatewayError' } } },
    });
    expect(document.components.schemas.GatewayError).toMatchObject({
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    expect(document.info.description).toMatch(/404/);
    expect(document.info.description).toMatch(/405/);
  });

  it("declares GitHub's rate limit, 503 with Retry-After, on every route that calls GitHub and on no other", () => {
    // Act
    const limited = (routes as readonly RouteDef[]).filter((route) => {
      const answer = byId(route.id).responses['503'];
      const resolved = answer.$ref
        ? document.components.responses[answer.$ref.replace('#/components/responses/', '')]
        : answer;
      return (
        /GitHub's rate limit/.test(resolved.description) &&
        resolved.headers?.['Retry-After']?.schema?.type === 'integer'
      );
    });

    // Assess
    expect(limited.map((route) => route.id)).toEqual(
      (routes as readonly RouteDef[]).filter(callsGitHub).map((route) => route.id),
    );
    for (const id of [
      'getContent',
      'putContent',
      'mergePull',
      'getMediaFile',
      'listSchedules',
      'listWebhooks',
      'listRepos',
      'connectRepo',
      'listHostRepos',
      'callback',
      'startDevice',
      'pollDevice',
    ]) {
      expect(
        limited.map((route) => route.id),
        id,
      ).toContain(id);
    }
    for (const id of [
      'getHealth',
      'getMe',
      'login',
      'createToken',
      'listMyActivity',
      'receiveGitHubEvent',
    ])
      expect(
        limited.map((route) => route.id),
        id,
      ).not.toContain(id);
    expect(byId('getContent').responses['503']).toEqual({
      $ref: '#/components/responses/RateLimitedOrUnavailable',
    });
    // The list keeps its own 503 (the index being built), with the rate limit added.
    expect(byId('listContent').responses['503'].description).toMatch(/index.*GitHub's rate limit/s);
  });

  it('types a media file as the media it is, with its ETag, and a 304 with the ETag and no Location', () => {
    const { 200: ok, 302: moved, 304: notModified } = byId('getMediaFile').responses;
    expect(Object.keys(ok.content)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/avif',
      'image/svg+xml',
      'application/pdf',
      'video/mp4',
      'video/webm',
      'application/octet-stream',
    ]);
    expect(ok.headers.ETag).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(moved.headers.Location).toMatchObject({ required: true });
    expect(notModified.headers).toEqual({ ETag: expect.objectContaining({ required: true }) });
    expect(byId('listContent').responses['200'].headers['X-Skipped-Files']).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    });
  });

  it("gives every 409 body's reason as a code of an enum, the spec's among them; words go in error", () => {
    const schemaOf = (answer: Record<string, any>) => {
      const schema = answer.content?.['application/json']?.schema ?? {};
      return schema.$ref
        ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]
        : schema;
    };
    const reasons = (routes as readonly RouteDef[]).flatMap((route) => {
      const conflict = byId(route.id).responses['409'];
      const reason = conflict && !conflict.$ref ? schemaOf(conflict).properties?.reason : undefined;
      return reason ? [[route.id, reason] as const] : [];
    });

    expect(reasons.map(([id]) => id)).toEqual(
      expect.arrayContaining(['mergePull', 'updatePull', 'rebasePull']),
    );
    for (const [id, reason] of reasons)
      expect(reason, id).toMatchObject({ type: 'string', enum: expect.any(Array) });
    expect(reasons.find(([id]) => id === 'mergePull')![1].enum).toEqual(
      expect.arrayContaining([
        'conflicts',
        'already-merged',
        'head-moved',
        'closed',
        'refused',
        'reviews',
      ]),
    );
    expect(reasons.find(([id]) => id === 'updatePull')![1].enum).toContain('conflicts');
  });

  it('marks the routes of the tight throttle class, as their rows say, and no other', () => {
    // Act
    const marked = (routes as readonly RouteDef[])
      .filter((route) => byId(route.id)['x-throttle'] === 'credential')
      .map((route) => route.id);

    // Assess
    expect(marked).toEqual([
      'login',
      'callback',
      'createToken',
      'startDevice',
      'reviewDevice',
      'pollDevice',
    ]);
    expect(byId('getMe')).not.toHaveProperty('x-throttle');
    expect(byId('login').responses['429']).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
  });

  it('keeps the i flag of a regex: a git sha may be upper case, as the server accepts it', () => {
    const sha = document.components.requestBodies.PutContentBody.content['application/json'].schema
      .properties.sha.pattern as string;
    expect(new RegExp(sha).test('ABCDEF0123456789ABCDEF0123456789ABCDEF01')).toBe(true);
    expect(new RegExp(sha).test('ABCDEF0123456789ABCDEF0123456789ABCDEF0')).toBe(false);
  });
});

describe('caseInsensitivePattern', () => {
  it.each([
    ['^[0-9a-f]{40}$', '^[0-9a-fA-F]{40}$'],
    ['^ab\\d$', '^[aA][bB]\\d$'],
    ['[xY_]', '[xXYy_]'],
    ['^(?:cms|x)$', '^(?:[cC][mM][sS]|[xX])$'],
  ])('%s → %s', (source, expected) => {
    expect(caseInsensitivePattern(source)).toBe(expected);
  });

  it('refuses what it cannot rewrite faithfully', () => {
    expect(() => caseInsensitivePattern('(?<name>a)')).toThrow(/without its flag/);
  });
});
