import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import {
  api,
  authorizeAs,
  formFields,
  oauthPost,
  pkcePair,
  startTestHost,
  TEST_CALLBACK_URL,
  type TestHost,
} from './helpers';

const REDIRECT = TEST_CALLBACK_URL;

describe('OAuth web flow', () => {
  let host: TestHost;
  let client: { client_id: string; client_secret: string };

  beforeAll(async () => {
    host = await startTestHost();
    client = { client_id: host.gh.app.clientId, client_secret: host.gh.app.clientSecret };
  });
  afterAll(() => host.dispose());

  async function codeFor(login: string, challenge?: string, state = 'st-123') {
    const query: Record<string, string> = {
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      state,
    };
    if (challenge)
      Object.assign(query, { code_challenge: challenge, code_challenge_method: 'S256' });
    const { location, code } = await authorizeAs(host.gh, login, query);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe(state);
    return code ?? '';
  }

  it('shows one plain form listing the seeded users and carrying the request', async () => {
    const { challenge } = pkcePair();
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${host.gh.url}/login/oauth/authorize?${query.toString()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html.match(/<form method="post"/g)).toHaveLength(1);
    const { hidden, selectOptions } = formFields(html);
    expect(selectOptions.login).toEqual(['demo', 'alice', 'bob']);
    expect(hidden).toEqual({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(html).toMatch(/<button type="submit"/);
  });

  it('answers 400 for an unknown client_id or a bad redirect_uri', async () => {
    const bad = await fetch(
      `${host.gh.url}/login/oauth/authorize?client_id=Iv1.nope&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(bad.status).toBe(400);
    const noRedirect = await fetch(
      `${host.gh.url}/login/oauth/authorize?client_id=${client.client_id}&redirect_uri=javascript:alert(1)`,
    );
    expect(noRedirect.status).toBe(400);
  });

  it('exchanges a code with the right PKCE verifier for an expiring token pair', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor('alice', challenge);
    const before = host.gh.requestCount();
    const tokens = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(host.gh.requestCount()).toBe(before + 1);
    expect(tokens).toMatchObject({
      expires_in: 28800,
      refresh_token_expires_in: 15897600,
      token_type: 'bearer',
      scope: '',
    });
    expect(tokens.access_token).toMatch(/^ghu_[A-Za-z0-9]{36}$/);
    expect(tokens.refresh_token).toMatch(/^ghr_[A-Za-z0-9]{76}$/);
    const me = await api(host.gh, '/user', { token: String(tokens.access_token) });
    expect(me.status).toBe(200);
    expectGitHubResponse('GET', '/user', 200, me.body);
    expect(me.body.login).toBe('alice');
  });

  it('rejects a wrong verifier, a missing verifier, a reused code and a wrong redirect_uri', async () => {
    const { verifier, challenge } = pkcePair();
    const wrongVerifier = await codeFor('demo', challenge);
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', {
        ...client,
        code: wrongVerifier,
        code_verifier: pkcePair().verifier,
      }),
    ).toMatchObject({
      error: 'bad_verification_code',
    });
    // A failed attempt uses the code up: even the right verifier cannot redeem it afterwards.
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', {
        ...client,
        code: wrongVerifier,
        code_verifier: verifier,
      }),
    ).toMatchObject({
      error: 'bad_verification_code',
    });

    const noVerifier = await codeFor('demo', challenge);
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', { ...client, code: noVerifier }),
    ).toMatchObject({ error: 'bad_verification_code' });

    const reused = await codeFor('demo', challenge);
    const first = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      code: reused,
      code_verifier: verifier,
    });
    expect(first.access_token).toBeDefined();
    const second = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      code: reused,
      code_verifier: verifier,
    });
    expect(second).toMatchObject({
      error: 'bad_verification_code',
      error_description: expect.any(String),
      error_uri: expect.any(String),
    });

    const wrongRedirect = await codeFor('demo', challenge);
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', {
        ...client,
        code: wrongRedirect,
        code_verifier: verifier,
        redirect_uri: 'http://127.0.0.1:9999/other',
      }),
    ).toMatchObject({ error: 'redirect_uri_mismatch' });
  });

  it('rejects wrong client credentials and expired codes', async () => {
    const code = await codeFor('demo');
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', {
        ...client,
        client_secret: 'wrong',
        code,
      }),
    ).toMatchObject({
      error: 'incorrect_client_credentials',
    });
    const late = await codeFor('demo');
    host.clock.advance(10 * 60 * 1000 + 1);
    expect(
      await oauthPost(host.gh, '/login/oauth/access_token', { ...client, code: late }),
    ).toMatchObject({ error: 'bad_verification_code' });
  });

  it('accepts JSON bodies and answers form-encoded unless JSON is asked for', async () => {
    const code = await codeFor('bob');
    const res = await fetch(`${host.gh.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...client, code }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(await res.text());
    expect(form.get('access_token')).toMatch(/^ghu_/);
    expect(form.get('token_type')).toBe('bearer');
  });

  it('rotates tokens on refresh: old refresh and access tokens stop working, refreshCount counts', async () => {
    const first = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      code: await codeFor('demo'),
    });
    const before = host.gh.refreshCount();
    const second = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(first.refresh_token),
    });
    expect(second.access_token).toMatch(/^ghu_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(host.gh.refreshCount()).toBe(before + 1);
    expect((await api(host.gh, '/user', { token: String(second.access_token) })).status).toBe(200);
    expect((await api(host.gh, '/user', { token: String(first.access_token) })).status).toBe(401);
    const reuse = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(first.refresh_token),
    });
    expect(reuse).toMatchObject({ error: 'bad_refresh_token' });
    expect(host.gh.refreshCount()).toBe(before + 2);
    const noSecret = await oauthPost(host.gh, '/login/oauth/access_token', {
      client_id: client.client_id,
      grant_type: 'refresh_token',
      refresh_token: String(second.refresh_token),
    });
    expect(noSecret).toMatchObject({ error: 'incorrect_client_credentials' });
    // The malformed attempt did not burn the refresh token.
    const third = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(second.refresh_token),
    });
    expect(third.access_token).toMatch(/^ghu_/);
  });

  it('expires access tokens after 8 hours (401 Bad credentials), while the refresh token still works', async () => {
    const tokens = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      code: await codeFor('alice'),
    });
    host.clock.advance(8 * 3600 * 1000 + 1000);
    const res = await api(host.gh, '/user', { token: String(tokens.access_token) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    });
    expectGitHubResponse('GET', '/user', 401, res.body);
    const renewed = await oauthPost(host.gh, '/login/oauth/access_token', {
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect((await api(host.gh, '/user', { token: String(renewed.access_token) })).status).toBe(200);
  });

  it("expireAccessTokens(login) expires only that user's access tokens", async () => {
    const demo = host.gh.issueUserToken('demo');
    const bob = host.gh.issueUserToken('bob');
    host.gh.expireAccessTokens('demo');
    expect((await api(host.gh, '/user', { token: demo.access_token })).status).toBe(401);
    expect((await api(host.gh, '/user', { token: bob.access_token })).status).toBe(200);
  });

  it('redirects with error=access_denied from the cancel link', async () => {
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      state: 's1',
    });
    const html = await (
      await fetch(`${host.gh.url}/login/oauth/authorize?${query.toString()}`)
    ).text();
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1]?.replace(/&#38;/g, '&') ?? '';
    const url = new URL(cancel);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('s1');
  });
});
