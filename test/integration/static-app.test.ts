import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway';
import { editorCspFor, editorHeaders } from '../../shared/http/editor-headers';
import { startTestService } from '../support/local-service';

let root: string;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(root, 'assets', 'app-1234.css'), 'body { margin: 0 }');
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(os.tmpdir(), 'cms-secret.txt'), 'secret');
  gateway = await startGateway({ handlers: {}, webRoot: root, port: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the editor under /app', () => {
  it('serves files by path, hashed assets as immutable', async () => {
    const response = await fetch(`${gateway.url}/app/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it("falls back to index.html for the SPA's own routes", async () => {
    for (const route of ['/app/', '/app/repos/demo/blog/posts', '/app/settings']) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('id="root"');
    }
  });

  it('redirects / to /app/ and never serves files outside the web root', async () => {
    const root = await fetch(`${gateway.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/');
    const escape = await fetch(`${gateway.url}/app/..%2f..%2fcms-secret.txt`);
    expect(await escape.text()).not.toContain('secret');
  });
});

describe("the editor's response headers in local mode", () => {
  const received = (response: Response) =>
    Object.fromEntries(
      Object.keys(editorHeaders).map((name) => [name, response.headers.get(name)]),
    );

  it('sends every header CloudFront sends, from the one definition, on html, scripts, styles and other files', async () => {
    for (const file of [
      '/app/',
      '/app/r/demo/blog',
      '/app/assets/app-1234.js',
      '/app/assets/app-1234.css',
      '/app/favicon.svg',
    ]) {
      const response = await fetch(`${gateway.url}${file}`);
      expect(response.status).toBe(200);
      expect(received(response), file).toEqual(editorHeaders);
    }
    const head = await fetch(`${gateway.url}/app/assets/app-1234.js`, { method: 'HEAD' });
    expect(received(head)).toEqual(editorHeaders);
  });

  it('serves the preview hosts the editor may frame at /app/settings.json, the same list as its frame-src', async () => {
    const defaults = await fetch(`${gateway.url}/app/settings.json`);
    expect(defaults.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await defaults.json()).toEqual({ previewFrameOrigins: ['https://*.pages.dev'] });
    const service = await startTestService({
      webRoot: root,
      previewFrameOrigins: ['http://127.0.0.1:4173'],
    });
    try {
      const response = await fetch(`${service.url}/app/settings.json`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.json()).toEqual({ previewFrameOrigins: ['http://127.0.0.1:4173'] });
      const page = await fetch(`${service.url}/app/r/demo/blog`);
      expect(page.headers.get('content-security-policy')).toBe(
        editorCspFor(['http://127.0.0.1:4173']),
      );
      expect(page.headers.get('content-security-policy')).toContain(
        'frame-src http://127.0.0.1:4173;',
      );
    } finally {
      await service.stop();
    }
  });

  it('leaves the API its own headers', async () => {
    const service = await startTestService({ webRoot: root });
    try {
      const response = await fetch(`${service.url}/api/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('permissions-policy')).toBeNull();
      expect((await fetch(`${service.url}/app/`)).headers.get('content-security-policy')).toBe(
        editorHeaders['Content-Security-Policy'],
      );
    } finally {
      await service.stop();
    }
  });
});
