import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../shared/openapi/document';
import { routes } from '../../shared/routes';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { OpenApiMismatchError, responseValidator } from '../support/openapi-validator';

let service: TestService;
let api: ApiClient;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
});
afterAll(async () => {
  await service?.stop();
});

/** swagger-parser types its argument with openapi-types, which this package does not depend on. */
type ParserInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

describe('GET /api/openapi.json', () => {
  it('serves the generated document without authentication, with the service as its server', async () => {
    // Act
    const response = await api.get('/api/openapi.json');

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual(openApiDocument({ serverUrl: service.url }));
    expect(response.body.servers).toEqual([{ url: service.url }]);
    await expect(SwaggerParser.validate(response.body as ParserInput)).resolves.toMatchObject({
      openapi: '3.1.0',
    });
  });

  it('lists every route of the table under its path and method', async () => {
    const { paths } = (await api.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    for (const route of routes)
      expect(
        paths[route.path]?.[route.method.toLowerCase()]?.operationId,
        `${route.method} ${route.path}`,
      ).toBe(route.id);
  });
});

describe('the response validator around the test client', () => {
  it('fails a request whose real answer does not match the document', async () => {
    // Arrange: a real answer, then the same answer with its body changed
    const response = await fetch(`${service.url}/api/health`);
    const observed = {
      method: 'GET',
      path: '/api/health',
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: await response.text(),
      headers: response.headers,
    };
    expect(() => responseValidator().assertValid(observed)).not.toThrow();

    // Act / Assess
    expect(() => responseValidator().assertValid({ ...observed, text: '{"status":1}' })).toThrow(
      OpenApiMismatchError,
    );
    expect(() => responseValidator().assertValid({ ...observed, status: 201 })).toThrow(
      /status 201 is not declared for operation getHealth/,
    );
  });

  it('checks every answer the client returns (an unknown path must answer 404 {error})', async () => {
    await expect(api.get('/api/no-such-route')).resolves.toMatchObject({
      status: 404,
      body: { error: expect.any(String) },
    });
    await expect(api.call('PATCH', '/api/health')).resolves.toMatchObject({ status: 405 });
  });
});
