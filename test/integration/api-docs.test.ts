import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorHeaders } from '../../shared/http/editor-headers';
import { apiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

/**
 * /api/docs over real HTTP through the local gateway: the route answers from the route table, the
 * page it leads to is served as an editor file. The page itself (the built Swagger UI under the
 * editor's policy) is opened in Chromium by test/e2e/api-docs.e2e.ts; here the web root holds a
 * stand-in of web/dist, as the other integration tests' do.
 */
let service: TestService;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'cms-api-docs-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(
    path.join(webRoot, 'api-docs.html'),
    '<!doctype html><title>API reference</title><div id="api-docs"></div>',
  );
  service = await startTestService({ webRoot });
});
afterAll(async () => {
  await service?.stop();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

describe('GET /api/docs', () => {
  it("redirects to the reference page without authentication, with the API's own headers", async () => {
    // Act (the client checks the answer against the OpenAPI document's getApiDocs)
    const response = await apiClient(service.url).get('/api/docs');

    // Assess
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/app/api-docs.html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.body).toBeUndefined();
  });

  it("leads a browser to the page, an HTML file served with the editor's headers and policy", async () => {
    // Act: followed as a browser follows it
    const response = await fetch(`${service.url}/api/docs`);

    // Assess
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname).toBe('/app/api-docs.html');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(
      Object.fromEntries(
        Object.keys(editorHeaders).map((name) => [name, response.headers.get(name)]),
      ),
    ).toEqual(editorHeaders);
    expect(await response.text()).toContain('<div id="api-docs">');
  });
});
