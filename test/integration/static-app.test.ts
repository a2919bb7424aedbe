import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway';

let root: string;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
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

  it('falls back to index.html for the SPA\'s own routes', async () => {
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
