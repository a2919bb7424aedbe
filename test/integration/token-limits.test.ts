import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { answerDevicePage } from './cli-support';

/** The size of a token's scope and the number of tokens a user holds are bounded: clear 400s, never a 500. */
let service: TestService;
let api: ApiClient;
let demo: string;
let bob: string;

beforeAll(async () => {
  ({
    service,
    api,
    session: demo,
    sessions: { bob },
  } = await signedInService({ users: ['demo', 'bob'], repos: [] }));
});
afterAll(async () => {
  await service?.stop();
});

const body = (repos: string[]) => ({ name: 'limits', repos, permissions: ['content:read'] });
const names = (count: number) => Array.from({ length: count }, (_, n) => `demo/site-${n}`);

describe('the repos of a token', () => {
  it('accepts 100 repositories and answers 400 for 101, naming the limit', async () => {
    expect((await api.post('/api/tokens', body(names(100)), { session: demo })).status).toBe(201);
    const response = await api.post('/api/tokens', body(names(101)), { session: demo });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'body.repos: repos must list at most 100 repositories; use ["*"] for all of them',
    );
  });

  it('answers 400 (not 500) for 30,000 repositories, and stores nothing', async () => {
    const before = (await api.get('/api/tokens', { session: demo })).body.length;
    const response = await api.post('/api/tokens', body(names(30_000)), { session: demo });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/at most 100 repositories/);
    expect((await api.get('/api/tokens', { session: demo })).body).toHaveLength(before);
  });

  it('collapses duplicates compared case-insensitively, keeping the first spelling and the order', async () => {
    const response = await api.post(
      '/api/tokens',
      body(['Demo/Blog', 'demo/docs', 'demo/blog', 'DEMO/BLOG', 'demo/Docs']),
      { session: demo },
    );
    expect(response.status).toBe(201);
    expect(response.body.repos).toEqual(['Demo/Blog', 'demo/docs']);
    expect(
      (await api.get('/api/tokens', { session: demo })).body.find(
        (t: { tokenId: string }) => t.tokenId === response.body.tokenId,
      ).repos,
    ).toEqual(['Demo/Blog', 'demo/docs']);
    expect((await api.get('/api/repos', { token: response.body.token })).status).toBe(403); // scope kept; permissions unchanged
  });

  it('refuses "*" mixed with names, in either order', async () => {
    for (const repos of [
      ['*', 'demo/blog'],
      ['demo/blog', '*'],
      ['*', '*'],
    ]) {
      const response = await api.post('/api/tokens', body(repos), { session: demo });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(
        'body.repos: "*" (every repository) cannot be combined with repository names',
      );
    }
  });
});

describe('active tokens per user', () => {
  let made: Awaited<ReturnType<ApiClient['createToken']>>[];

  it('allows 50 active tokens and answers 400 for the 51st, naming the limit', async () => {
    // Arrange: 49 that never expire and one that expires in a minute
    made = [];
    for (let n = 0; n < 49; n += 1)
      made.push(await api.createToken(bob, { permissions: ['content:read'], name: `bob ${n}` }));
    await api.createToken(bob, { permissions: ['content:read'], expiresIn: 60, name: 'short' });

    // Act + Assess: full
    const refused = await api.post('/api/tokens', body(['*']), { session: bob });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^You already have 50 active API tokens, the most one user may hold; revoke one/,
    );
    expect((await api.get('/api/tokens', { session: bob })).body).toHaveLength(50);
  });

  it('frees a place when a token expires', async () => {
    service.advanceClock(61_000);
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(201);
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(400);
  });

  it('frees a place when a token is revoked, by the session or by itself', async () => {
    expect((await api.delete(`/api/tokens/${made[0]!.tokenId}`, { session: bob })).status).toBe(
      200,
    );
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(201);
    expect((await api.delete('/api/auth/token', { token: made[1]!.token })).status).toBe(200);
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(201);
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(400);
  });

  it("leaves another user's tokens out of the count", async () => {
    expect((await api.post('/api/tokens', body(['*']), { session: demo })).status).toBe(201);
  });

  it('a device approval by a user at the limit answers 400 naming it, and the code is used up', async () => {
    const started = (await api.post('/auth/device', { permissions: ['content:read'] })).body;
    await answerDevicePage(started.verificationUri, started.userCode, 'bob', 'approve');
    service.advanceClock(5_000);
    const answer = await api.post('/auth/device/token', { deviceCode: started.deviceCode });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/50 active API tokens/);
    service.advanceClock(5_000);
    expect((await api.post('/auth/device/token', { deviceCode: started.deviceCode })).body).toEqual(
      { status: 'expired' },
    );
    expect((await api.get('/api/tokens', { session: bob })).body).toHaveLength(50);
  });

  it('counts with one query, not by reading the tokens out', async () => {
    service.dynamo.resetRequestCount();
    expect((await api.post('/api/tokens', body(['*']), { session: bob })).status).toBe(400);
    expect(service.dynamo.requestCount()).toBe(3); // the session, the count, the audit record of the refused write
  });
});
