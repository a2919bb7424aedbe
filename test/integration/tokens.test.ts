import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;
let alice: string;

beforeAll(async () => {
  ({
    service,
    api,
    session: demo,
    sessions: { alice },
  } = await signedInService({ users: ['demo', 'alice'], repos: [] }));
});
afterAll(async () => {
  await service?.stop();
});

const valid = {
  name: 'CI deploy',
  repos: ['demo/blog'],
  permissions: ['content:read', 'content:write'],
  expiresIn: 3600,
};

describe('POST /api/tokens', () => {
  it('creates a token shown once, in the cms_{id}.{hmac} format', async () => {
    const before = Date.now();
    const { status, body } = await api.post('/api/tokens', valid, { session: demo });
    expect(status).toBe(201);
    expect(body.token).toMatch(/^cms_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(body.token.slice(4, 26)).toBe(body.tokenId);
    expect(body).toMatchObject({
      name: 'CI deploy',
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write'],
      lastUsedAt: null,
    });
    expect(Date.parse(body.expiresAt) - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts expiresIn null (never expires) and ["*"]', async () => {
    const { status, body } = await api.post(
      '/api/tokens',
      { ...valid, repos: ['*'], expiresIn: null },
      { session: demo },
    );
    expect(status).toBe(201);
    expect(body.expiresAt).toBeNull();
  });

  it.each([
    [{ ...valid, name: '' }, /name/],
    [{ ...valid, name: 'x'.repeat(101) }, /name/],
    [{ ...valid, repos: [] }, /repos/],
    [{ ...valid, repos: ['not-a-repo'] }, /repos/],
    [{ ...valid, repos: ['*', 'demo/blog'] }, /repos/],
    [{ ...valid, permissions: [] }, /permissions/],
    [{ ...valid, permissions: ['content:admin'] }, /permissions/],
    [{ ...valid, expiresIn: 0 }, /expiresIn/],
    [{ ...valid, expiresIn: 1.5 }, /expiresIn/],
    [{ ...valid, expiresIn: '60' }, /expiresIn/],
    [{ repos: ['*'], permissions: ['content:read'] }, /name/],
  ])('answers 400 naming the field for %j', async (input, field) => {
    const { status, body } = await api.post('/api/tokens', input, { session: demo });
    expect(status).toBe(400);
    expect(body.error).toMatch(field);
  });

  it('refuses a cross-origin cookie POST (CSRF), accepts Sec-Fetch-Site same-origin', async () => {
    expect(
      (await api.post('/api/tokens', valid, { session: demo, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect((await api.post('/api/tokens', valid, { session: demo, origin: null })).status).toBe(
      403,
    );
    const sameOrigin = await fetch(`${service.url}/api/tokens`, {
      method: 'POST',
      headers: {
        cookie: `cms_session=${demo}`,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify(valid),
    });
    expect(sameOrigin.status).toBe(201);
  });
});

describe('using, listing and revoking tokens', () => {
  it('lets a token act as its creator and records lastUsedAt', async () => {
    const { token, tokenId } = await api.createToken(alice, { permissions: ['repos:read'] });
    expect((await api.get('/api/auth/me', { token })).body).toEqual({
      authenticated: true,
      username: 'alice',
    });
    const listed = (await api.get('/api/tokens', { session: alice })).body.find(
      (t: { tokenId: string }) => t.tokenId === tokenId,
    );
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lists only the signed-in user's tokens, never a secret", async () => {
    const { tokenId } = await api.createToken(alice, {
      permissions: ['content:read'],
      name: 'alice-only',
    });
    const demoList = await api.get('/api/tokens', { session: demo });
    expect(demoList.status).toBe(200);
    expect(demoList.body.map((t: { tokenId: string }) => t.tokenId)).not.toContain(tokenId);
    const aliceList = await api.get('/api/tokens', { session: alice });
    expect(aliceList.body.map((t: { tokenId: string }) => t.tokenId)).toContain(tokenId);
    expect(JSON.stringify(aliceList.body)).not.toMatch(/cms_[A-Za-z0-9_-]{22}\./);
    for (const summary of aliceList.body) expect(summary).not.toHaveProperty('token');
  });

  it('rejects a revoked token on the very next request; another user cannot revoke it (404)', async () => {
    const { token, tokenId } = await api.createToken(alice, { permissions: ['repos:read'] });
    expect((await api.delete(`/api/tokens/${tokenId}`, { session: demo })).status).toBe(404);
    expect((await api.get('/api/github/repos', { token })).status).not.toBe(401);
    expect((await api.delete(`/api/tokens/${tokenId}`, { session: alice })).body).toEqual({
      ok: true,
    });
    const after = await api.get('/api/github/repos', { token });
    expect(after.status).toBe(401);
    expect((await api.delete(`/api/tokens/${tokenId}`, { session: alice })).status).toBe(404);
  });

  it('rejects an expired token with 401', async () => {
    const { token } = await api.createToken(alice, { permissions: ['repos:read'], expiresIn: 1 });
    // The service's clock, not a real wait: the token's second has passed.
    service.advanceClock(1_100);
    const response = await api.get('/api/github/repos', { token });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/expired|revoked/);
  });

  it('refuses every /api/tokens route to an API token (403)', async () => {
    const { token, tokenId } = await api.createToken(demo, {
      permissions: [
        'content:read',
        'content:write',
        'content:delete',
        'content:publish',
        'config:read',
        'repos:read',
      ],
    });
    expect((await api.get('/api/tokens', { token })).status).toBe(403);
    expect((await api.post('/api/tokens', valid, { token })).status).toBe(403);
    expect((await api.delete(`/api/tokens/${tokenId}`, { token })).status).toBe(403);
  });

  it('verifies a token with one DynamoDB read (plus one write at most once a minute)', async () => {
    const { token } = await api.createToken(demo, { permissions: ['repos:read'] });
    service.dynamo.resetRequestCount();
    await api.get('/api/auth/me', { token });
    const first = service.dynamo.requestCount();
    service.dynamo.resetRequestCount();
    await api.get('/api/auth/me', { token });
    const second = service.dynamo.requestCount();
    expect(first).toBe(2);
    expect(second).toBe(1);
  });
});

describe('DELETE /api/auth/token (a token revokes itself)', () => {
  let token: string;
  let tokenId: string;
  let other: Awaited<ReturnType<ApiClient['createToken']>>;

  it('revokes the token it is sent with, answering {ok: true}', async () => {
    // Arrange
    ({ token, tokenId } = await api.createToken(alice, { permissions: ['content:read'] }));
    other = await api.createToken(alice, { permissions: ['content:read'] });

    // Act
    const revoked = await api.delete('/api/auth/token', { token });

    // Assess
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
  });

  it('treats the revoked token as no credential from the very next request (401)', async () => {
    const after = await api.get('/api/auth/me', { token });
    expect(after.status).toBe(200); // open route: a dead token is anonymous there
    expect(after.body).toEqual({ authenticated: false });
    expect((await api.get('/api/github/repos', { token })).status).toBe(401);
  });

  it('answers 401 to the revoked token revoking itself again', async () => {
    const again = await api.delete('/api/auth/token', { token });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/revoked or expired/);
  });

  it("leaves the user's other tokens listed and working", async () => {
    const listed = (await api.get('/api/tokens', { session: alice })).body.map(
      (t: { tokenId: string }) => t.tokenId,
    );
    expect(listed).not.toContain(tokenId);
    expect(listed).toContain(other.tokenId);
    expect((await api.get('/api/github/repos', { token: other.token })).status).toBe(200);
  });

  it('answers 400 to a browser session (it revokes API tokens only) and 401 without credentials', async () => {
    const withSession = await api.delete('/api/auth/token', { session: alice });
    expect(withSession.status).toBe(400);
    expect(withSession.body.error).toMatch(/revokes API tokens only/);
    expect((await api.get('/api/auth/me', { session: alice })).body).toEqual({
      authenticated: true,
      username: 'alice',
    });
    const anonymous = await api.delete('/api/auth/token');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: expect.any(String) });
  });
});
