import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startGateway } from '../../infra/local/gateway';
import { exposedHostWarning } from '../../infra/local/host-check';
import { socketRequest } from '../../packages/github-local/test/support/raw-socket';
import { apiClient } from '../support/api-client';
import { startSignIn, startTestService, type TestService } from '../support/local-service';

/**
 * Local mode is safe to run next to a browser: neither server answers a request addressed to a
 * foreign name (DNS rebinding), the host's authorize page redirects only to the service's
 * registered callback, bodies over the limit are refused as soon as they cross it, and `npm
 * start` says when HOST exposes both servers to the network.
 */
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
}, 60_000);
afterAll(() => service?.stop());

const portOf = (url: string) => new URL(url).port;
const get = (baseUrl: string, requestPath: string, host: string) =>
  socketRequest(baseUrl, {
    method: 'GET',
    path: requestPath,
    headers: { host, connection: 'close' },
  });

describe('Host header (DNS rebinding)', () => {
  it('the service answers 421 with a JSON error to a foreign Host, and serves loopback names on its port', async () => {
    const port = portOf(service.url);
    for (const foreign of [
      `rebind.example:${port}`,
      `rebind.example`,
      `localhost:${Number(port) + 1}`,
      `127.0.0.1.rebind.example:${port}`,
    ]) {
      const answer = await get(service.url, '/api/health', foreign);
      expect(answer.status, foreign).toBe(421);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Host') });
    }
    for (const local of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `editor.localhost:${port}`,
    ]) {
      expect((await get(service.url, '/api/health', local)).status, local).toBe(200);
    }
  });

  it('the local GitHub host answers 421 to a foreign Host too, while the service still reaches it', async () => {
    const port = portOf(service.github.url);
    const answer = await get(service.github.url, '/login/device', `rebind.example:${port}`);
    expect(answer.status).toBe(421);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Host') });
    expect((await get(service.github.url, '/login/device', `localhost:${port}`)).status).toBe(200);
    // Sign-in goes through the service → host → service round trip.
    expect(await apiClient(service.url).signIn('alice')).toBeTruthy();
  });

  it("both answer the configured public URL's host name, and the callback registered is the public one", async () => {
    const proxied = await startTestService({ publicUrl: 'https://cms.example.test' });
    try {
      expect((await get(proxied.url, '/api/health', 'cms.example.test')).status).toBe(200);
      expect(
        (await get(proxied.github.url, '/', `cms.example.test:${portOf(proxied.github.url)}`))
          .status,
      ).toBe(200);
      expect((await get(proxied.url, '/api/health', 'other.example.test')).status).toBe(421);
      const login = await fetch(`${proxied.url}/auth/login`, { redirect: 'manual' });
      const authorize = new URL(login.headers.get('location') ?? '');
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        'https://cms.example.test/auth/callback',
      );
      expect((await fetch(authorize)).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  }, 60_000);
});

describe('the registered callback', () => {
  it("the authorize page refuses any redirect_uri but the service's callback, without redirecting", async () => {
    const steps = await startSignIn(service.url, 'demo');
    expect(steps.callbackUrl.startsWith(`${service.url}/auth/callback?code=`)).toBe(true);
    const query = new URL(steps.authorizeUrl).searchParams;
    for (const other of [
      'http://rebind.example/auth/callback',
      `${service.url}/auth/callback/x`,
      `${service.url}/api/tokens`,
    ]) {
      query.set('redirect_uri', other);
      const answer = await fetch(
        `${service.github.url}/login/oauth/authorize?${query.toString()}`,
        { redirect: 'manual' },
      );
      expect(answer.status, other).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
  });
});

describe('request bodies and time-outs', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway({ handlers: {}, port: 0, maxBodyBytes: 64 * 1024 });
  });
  afterAll(() => gateway?.close());
  const host = () => `127.0.0.1:${portOf(gateway.url)}`;

  it('answers 413 as API Gateway does to a declared Content-Length over the limit, without waiting for the body', async () => {
    const answer = await socketRequest(gateway.url, {
      method: 'POST',
      path: '/api/tokens',
      headers: { host: host(), 'content-length': String(64 * 1024 + 1) },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request Entity Too Large' });
    expect(answer.closed).toBe(true);
  });

  it('answers 413 and closes the connection once a streamed body crosses the limit', async () => {
    const answer = await socketRequest(gateway.url, {
      method: 'POST',
      path: '/api/tokens',
      headers: { host: host() },
      streamBytes: 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    // Refused at the limit: far fewer bytes were sent than the client meant to send.
    expect(answer.sent).toBeLessThan(1024 * 1024);
  });

  it('gives headers and whole requests short time-outs on both servers', () => {
    expect(gateway.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(gateway.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    expect(service.github.server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(service.github.server.requestTimeout).toBeLessThanOrEqual(60_000);
  });
});

describe('npm start with a non-loopback HOST', () => {
  it('warns on stderr that both servers are reachable from the network', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-start-'));
    const root = path.resolve(import.meta.dirname, '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '0.0.0.0',
        PORT: '0',
        GITHUB_LOCAL_PORT: '0',
        CMS_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('ready in')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`start exited (${code}): ${stderr}`)));
    });
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
    expect(stderr).toContain(exposedHostWarning('0.0.0.0'));
    expect(exposedHostWarning('0.0.0.0')).toMatch(/reachable from the network/);
    for (const loopback of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(exposedHostWarning(loopback)).toBeUndefined();
  }, 60_000);
});
