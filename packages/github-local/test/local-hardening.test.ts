import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost } from '../src/request-guards';
import { DEFAULT_MAX_BODY_BYTES, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../src/server';
import { formFields, oauthPost, startTestHost, TEST_CALLBACK_URL, type TestHost } from './helpers';
import { socketRequest } from './support/raw-socket';

/**
 * The host is safe to run next to a browser: a web page cannot reach it through DNS rebinding
 * (Host check), post its sign-in or device-approval forms from another site, have it redirect a
 * code to an unregistered address, or hold it with oversized bodies.
 */
let host: TestHost;
let port: string;
beforeAll(async () => {
  host = await startTestHost();
  port = new URL(host.gh.url).port;
});
afterAll(() => host.dispose());

const get = (path: string, hostHeader: string) =>
  socketRequest(host.gh.url, {
    method: 'GET',
    path,
    headers: { host: hostHeader, connection: 'close' },
  });

describe('Host header', () => {
  it('answers 421 with a JSON error when Host is not a loopback name on its port', async () => {
    for (const foreign of [
      `rebind.example:${port}`,
      'rebind.example',
      `127.0.0.1:${Number(port) + 1}`,
      `evil.example@127.0.0.1:${port}`,
      `localhost.:${port}`,
      '',
    ]) {
      const answer = await get('/api/v3/user', foreign);
      expect(answer.status, foreign).toBe(421);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Host') });
    }
  });

  it('serves loopback names and addresses on its port', async () => {
    for (const local of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
    ]) {
      expect((await get('/', local)).status, local).toBe(200);
    }
  });

  it('accepts a configured public host name on any port, and nothing else', () => {
    const rule = { port: 8788, listenHost: '0.0.0.0', extraHostnames: ['cms.example.org'] };
    expect(isAllowedHost('cms.example.org', rule)).toBe(true);
    expect(isAllowedHost('cms.example.org:443', rule)).toBe(true);
    expect(isAllowedHost('0.0.0.0:8788', rule)).toBe(false);
    expect(isAllowedHost('other.example.org', rule)).toBe(false);
    expect(isAllowedHost('192.168.1.5:8788', { ...rule, listenHost: '192.168.1.5' })).toBe(true);
  });
});

describe('cross-site form posts', () => {
  const clientId = () => host.gh.app.clientId;
  const post = (path: string, headers: Record<string, string>, body: Record<string, string>) =>
    fetch(`${host.gh.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });

  it('refuses a device approval posted from another site, and the code stays pending', async () => {
    const issued = await oauthPost(host.gh, '/login/device/code', { client_id: clientId() });
    const form = { user_code: String(issued.user_code), login: 'demo', action: 'approve' };
    const crossSite: Record<string, string>[] = [
      { origin: 'http://rebind.example:8788' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const refused = await post('/login/device', headers, form);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(await refused.json()).toEqual({ error: expect.stringContaining('Cross-site') });
    }
    const poll = await oauthPost(host.gh, '/login/oauth/access_token', {
      client_id: clientId(),
      device_code: String(issued.device_code),
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    });
    expect(poll.error).toBe('authorization_pending');
    const sameOrigin = await post(
      '/login/device',
      { origin: host.gh.url, 'sec-fetch-site': 'same-origin' },
      form,
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses an authorization posted from another site: no code, no redirect', async () => {
    const page = await fetch(
      `${host.gh.url}/login/oauth/authorize?client_id=${clientId()}&redirect_uri=${encodeURIComponent(TEST_CALLBACK_URL)}&state=s`,
    );
    const { hidden } = formFields(await page.text());
    const refused = await post(
      '/login/oauth/authorize',
      { origin: 'http://rebind.example' },
      { ...hidden, login: 'demo' },
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
    const sameOrigin = await post(
      '/login/oauth/authorize',
      { origin: host.gh.url, 'sec-fetch-site': 'same-origin' },
      { ...hidden, login: 'demo' },
    );
    expect(sameOrigin.status).toBe(302);
    expect(sameOrigin.headers.get('location')).toMatch(
      /^http:\/\/127\.0\.0\.1:9999\/auth\/callback\?code=/,
    );
  });
});

describe('redirect_uri', () => {
  const authorize = (query: Record<string, string>) =>
    fetch(
      `${host.gh.url}/login/oauth/authorize?${new URLSearchParams({ client_id: host.gh.app.clientId, ...query }).toString()}`,
      { redirect: 'manual' },
    );

  it('accepts only a registered callback URL, exactly: anything else is an error page, never a redirect', async () => {
    for (const other of [
      'http://rebind.example/auth/callback',
      'http://127.0.0.1:9998/auth/callback',
      'http://127.0.0.1:9999/auth/callback/more',
      'http://127.0.0.1:9999/auth/callback?x=1',
      'http://127.0.0.1:9999/auth/',
      'http://localhost:9999/auth/callback',
    ]) {
      const answer = await authorize({ redirect_uri: other, state: 's' });
      expect(answer.status, other).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.text()).toContain('not a registered callback URL');
    }
    const posted = await fetch(`${host.gh.url}/login/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: host.gh.app.clientId,
        redirect_uri: 'http://rebind.example/cb',
        login: 'demo',
      }).toString(),
    });
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
  });

  it('uses the first registered callback when redirect_uri is left out', async () => {
    const answer = await authorize({ state: 's' });
    expect(answer.status).toBe(200);
    expect(formFields(await answer.text()).hidden.redirect_uri).toBe(TEST_CALLBACK_URL);
  });
});

describe('request bodies and time-outs', () => {
  it('answers 413 to a declared Content-Length over the limit without waiting for the body', async () => {
    const answer = await socketRequest(host.gh.url, {
      method: 'POST',
      path: '/api/graphql',
      headers: {
        host: `127.0.0.1:${port}`,
        'content-type': 'application/json',
        'content-length': String(DEFAULT_MAX_BODY_BYTES + 1),
      },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('too large') });
    expect(answer.closed).toBe(true);
  });

  it('answers 413 and closes the connection once a streamed body crosses the limit', async () => {
    const answer = await socketRequest(host.gh.url, {
      method: 'POST',
      path: '/api/graphql',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      streamBytes: DEFAULT_MAX_BODY_BYTES + 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('gives headers and whole requests short time-outs', () => {
    expect(host.gh.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(host.gh.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});
