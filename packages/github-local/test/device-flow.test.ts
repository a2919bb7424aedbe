import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, oauthPost, startTestHost, type TestHost } from './helpers';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

describe('device flow', () => {
  let host: TestHost;
  let clientId: string;

  beforeAll(async () => {
    host = await startTestHost();
    clientId = host.gh.app.clientId;
  });
  afterAll(() => host.dispose());

  async function start() {
    const before = host.gh.requestCount();
    const issued = await oauthPost(host.gh, '/login/device/code', { client_id: clientId });
    expect(host.gh.requestCount()).toBe(before + 1);
    return issued as {
      device_code: string;
      user_code: string;
      verification_uri: string;
      expires_in: number;
      interval: number;
    };
  }

  const poll = (deviceCode: string) =>
    oauthPost(host.gh, '/login/oauth/access_token', {
      client_id: clientId,
      device_code: deviceCode,
      grant_type: DEVICE_GRANT,
    });

  async function submit(userCode: string, login: string, action: 'approve' | 'deny') {
    const res = await fetch(`${host.gh.url}/login/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_code: userCode, login, action }).toString(),
    });
    return { status: res.status, html: await res.text() };
  }

  it("issues a device code with GitHub's fields", async () => {
    const issued = await start();
    expect(issued.user_code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(issued.verification_uri).toBe(`${host.gh.url}/login/device`);
    expect(issued).toMatchObject({ expires_in: 900, interval: 5 });
    expect(issued.device_code).toMatch(/^[0-9a-f]{40}$/);
  });

  it('shows a page with one form: user_code, login and approve/deny buttons', async () => {
    const html = await (await fetch(`${host.gh.url}/login/device`)).text();
    expect(html.match(/<form method="post"/g)).toHaveLength(1);
    expect(html).toMatch(/<input type="text" id="user_code" name="user_code"/);
    expect(html).toMatch(/<select id="login" name="login">/);
    expect(html).toContain('name="action" value="approve"');
    expect(html).toContain('name="action" value="deny"');
  });

  it('goes pending → slow_down on a fast poll → approved → token, once', async () => {
    const issued = await start();
    expect(await poll(issued.device_code)).toMatchObject({ error: 'authorization_pending' });
    const slow = await poll(issued.device_code);
    expect(slow).toMatchObject({ error: 'slow_down', interval: 10 });
    host.clock.advance(10_000);
    expect(await poll(issued.device_code)).toMatchObject({ error: 'authorization_pending' });

    const approved = await submit(
      issued.user_code.toLowerCase().replace('-', ''),
      'alice',
      'approve',
    );
    expect(approved.status).toBe(200);
    expect(approved.html).toContain('approved');
    host.clock.advance(10_000);
    const tokens = await poll(issued.device_code);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 28800 });
    expect((await api(host.gh, '/user', { token: String(tokens.access_token) })).body.login).toBe(
      'alice',
    );

    host.clock.advance(10_000);
    expect(await poll(issued.device_code)).toMatchObject({ error: 'incorrect_device_code' });
    // Device-flow refresh tokens may be refreshed without the client secret (GitHub's rule).
    const refreshed = await oauthPost(host.gh, '/login/oauth/access_token', {
      client_id: clientId,
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refreshed.access_token).toMatch(/^ghu_/);
  });

  it('answers access_denied after a deny', async () => {
    const issued = await start();
    const denied = await submit(issued.user_code, 'demo', 'deny');
    expect(denied.html).toContain('denied');
    expect(await poll(issued.device_code)).toMatchObject({ error: 'access_denied' });
    host.clock.advance(10_000);
    expect(await poll(issued.device_code)).toMatchObject({ error: 'incorrect_device_code' });
  });

  it('answers expired_token after 15 minutes, and the page refuses the code', async () => {
    const issued = await start();
    host.clock.advance(900_000);
    expect(await poll(issued.device_code)).toMatchObject({ error: 'expired_token' });
    const late = await submit(issued.user_code, 'demo', 'approve');
    expect(late.status).toBe(404);
    expect(late.html).toContain('expired');
  });

  it('rejects unknown device codes and wrong client ids', async () => {
    expect(await poll('f'.repeat(40))).toMatchObject({ error: 'incorrect_device_code' });
    const issued = await start();
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', {
        client_id: 'Iv1.other',
        device_code: issued.device_code,
        grant_type: DEVICE_GRANT,
      }),
    ).toMatchObject({
      error: 'incorrect_client_credentials',
    });
    expect(
      await oauthPost(host.gh, '/login/device/code', { client_id: 'Iv1.other' }),
    ).toMatchObject({ error: 'incorrect_client_credentials' });
  });

  it('locks the page for a minute after 10 wrong codes', async () => {
    host.clock.advance(61_000); // earlier tests' wrong codes fall out of the one-minute window
    const issued = await start();
    for (let i = 0; i < 10; i += 1)
      expect((await submit('ZZZZ-ZZZZ', 'bob', 'approve')).status).toBe(404);
    expect((await submit(issued.user_code, 'bob', 'approve')).status).toBe(429);
    host.clock.advance(61_000);
    expect((await submit(issued.user_code, 'bob', 'approve')).status).toBe(200);
  });
});
