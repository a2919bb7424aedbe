import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../infra/local/runtime';
import {
  cookiesOf,
  signIn,
  startSignIn,
  startTestService,
  type TestService,
} from '../support/local-service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

const me = async (session?: string) =>
  (
    await fetch(`${service.url}/api/auth/me`, {
      headers: session ? { cookie: `cms_session=${session}` } : {},
    })
  ).json();

const itemsWithPrefix = async (prefix: string) => {
  const { Items = [] } = await service.dynamo.doc.send(new ScanCommand({ TableName: tableName }));
  return Items.filter((item) => String(item.pk).startsWith(prefix));
};

describe('health', () => {
  it('answers {"status":"ok"} with API security headers, even with junk credentials, and says GitHub\'s deliveries are verified (local mode makes the webhook secret)', async () => {
    const response = await fetch(`${service.url}/api/health`, {
      headers: { authorization: 'Bearer junk', cookie: 'cms_session=junk' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', webhookSecret: true });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sign-in through the provider forms', () => {
  it('sends the browser to the provider with PKCE (S256) and a state bound to a cookie', async () => {
    const steps = await startSignIn(service.url, 'demo');
    expect(steps.loginResponse.status).toBe(302);
    expect(steps.authorizeUrl).toContain(`${service.github.url}/login/oauth/authorize?`);
    const authorize = new URL(steps.authorizeUrl).searchParams;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('state')).toBe(steps.oauthCookie);
    expect(steps.callbackUrl.startsWith(`${service.url}/auth/callback?`)).toBe(true);
  });

  it('signs in as demo and sets a 30-day HttpOnly SameSite=Lax cookie (not Secure on plain http)', async () => {
    const steps = await startSignIn(service.url, 'demo');
    const callback = await fetch(steps.callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `cms_oauth=${steps.oauthCookie}` },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/app/');
    const header = callback.headers
      .getSetCookie()
      .find((value) => value.startsWith('cms_session='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).not.toMatch(/Secure/);
    const session = cookiesOf(callback).cms_session!;
    expect(Buffer.from(session, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await me(session)).toEqual({ authenticated: true, username: 'demo' });
  });

  it('stores the provider tokens encrypted, and the session only as a hash', async () => {
    const session = await signIn(service.url, 'alice');
    const users = await itemsWithPrefix('USER#');
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(String(user.tokens)).toMatch(/^v1\./);
      expect(JSON.stringify(user)).not.toMatch(/gh[ur]_/);
    }
    const sessions = await itemsWithPrefix('SESSION#');
    expect(JSON.stringify(sessions)).not.toContain(session);
  });

  it('issues a new session id at every sign-in and ends the previous one', async () => {
    const first = await signIn(service.url, 'demo');
    const steps = await startSignIn(service.url, 'demo');
    const callback = await fetch(steps.callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `cms_oauth=${steps.oauthCookie}; cms_session=${first}` },
    });
    const second = cookiesOf(callback).cms_session!;
    expect(second).not.toBe(first);
    expect(await me(first)).toEqual({ authenticated: false });
    expect(await me(second)).toEqual({ authenticated: true, username: 'demo' });
  });

  it('answers 400 and creates nothing when the state is missing, wrong, or used twice', async () => {
    const before = (await itemsWithPrefix('SESSION#')).length;
    const steps = await startSignIn(service.url, 'demo');
    const url = new URL(steps.callbackUrl);
    const code = url.searchParams.get('code')!;
    const attempts = [
      fetch(`${service.url}/auth/callback?code=${code}`, {
        redirect: 'manual',
        headers: { cookie: `cms_oauth=${steps.oauthCookie}` },
      }),
      fetch(steps.callbackUrl, { redirect: 'manual' }),
      fetch(steps.callbackUrl, {
        redirect: 'manual',
        headers: { cookie: 'cms_oauth=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      }),
      fetch(`${service.url}/auth/callback?code=${code}&state=other`, {
        redirect: 'manual',
        headers: { cookie: 'cms_oauth=other' },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/state/i);
      expect(cookiesOf(response).cms_session).toBeUndefined();
    }
    const ok = await fetch(steps.callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `cms_oauth=${steps.oauthCookie}` },
    });
    expect(ok.status).toBe(302);
    const replay = await fetch(steps.callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `cms_oauth=${steps.oauthCookie}` },
    });
    expect(replay.status).toBe(400);
    expect((await itemsWithPrefix('SESSION#')).length).toBe(before + 1);
  });

  it('answers 400 when the user cancels at the provider', async () => {
    const response = await fetch(`${service.url}/auth/callback?error=access_denied&state=x`, {
      redirect: 'manual',
      headers: { cookie: 'cms_oauth=x' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('access_denied') });
  });
});

describe('sign-out', () => {
  it('deletes the session server-side so the old cookie no longer works', async () => {
    const session = await signIn(service.url, 'demo');
    const crossSite = await fetch(`${service.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `cms_session=${session}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await me(session)).toEqual({ authenticated: true, username: 'demo' });
    const response = await fetch(`${service.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `cms_session=${session}`, origin: service.url },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie().join()).toMatch(/cms_session=;.*Max-Age=0/);
    expect(await me(session)).toEqual({ authenticated: false });
  });
});

describe('gateway', () => {
  it('answers unknown routes 404 and wrong methods 405 with an Allow header, as JSON', async () => {
    const missing = await fetch(`${service.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
    const wrong = await fetch(`${service.url}/api/health`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('answers malformed percent-encoding with 400', async () => {
    const response = await fetch(`${service.url}/api/%E0%A4%A`);
    expect(response.status).toBe(400);
  });
});
