import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith } from './collaboration-helpers';
import { api, signAppJwt, startTestHost, type TestHost } from './helpers';

describe('REST conventions', () => {
  let host: TestHost;
  let token: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  it('sends the headers GitHub clients read', async () => {
    const res = await api(host.gh, '/repos/demo/blog', { token });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-github-request-id')).toMatch(
      /^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/,
    );
    expect(res.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(res.headers.get('x-ratelimit-resource')).toBe('core');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(
      Number(res.headers.get('x-ratelimit-used')) +
        Number(res.headers.get('x-ratelimit-remaining')),
    ).toBe(5000);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{64}"$/);
  });

  it('answers 304 to a matching If-None-Match without spending rate limit, but counts the round trip', async () => {
    const first = await api(host.gh, '/repos/demo/docs', { token });
    const etag = first.headers.get('etag') ?? '';
    const used = Number(first.headers.get('x-ratelimit-used'));
    const before = host.gh.requestCount();
    const cached = await api(host.gh, '/repos/demo/docs', {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    expect(cached.body).toBeUndefined();
    expect(cached.headers.get('etag')).toBe(etag);
    expect(Number(cached.headers.get('x-ratelimit-used'))).toBe(used);
    expect(host.gh.requestCount()).toBe(before + 1);
    const again = await api(host.gh, '/repos/demo/docs', { token });
    expect(Number(again.headers.get('x-ratelimit-used'))).toBe(used + 1);
  });

  it('gives different users different ETags for the same resource', async () => {
    const alice = host.gh.issueUserToken('alice').access_token;
    const a = await api(host.gh, '/repos/demo/blog', { token });
    const b = await api(host.gh, '/repos/demo/blog', {
      token: alice,
      headers: { 'if-none-match': a.headers.get('etag') ?? '' },
    });
    expect(b.status).toBe(200);
  });

  it('answers 401 Bad credentials for unknown tokens in both header schemes', async () => {
    for (const authorization of ['Bearer ghu_unknown', 'token ghu_unknown']) {
      const res = await api(host.gh, '/repos/demo/blog', { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    }
    const scheme = await api(host.gh, '/user', { headers: { authorization: `token ${token}` } });
    expect(scheme.status).toBe(200);
  });

  it('hides private repositories from anonymous callers and asks them to authenticate on /user', async () => {
    const repo = await api(host.gh, '/repos/demo/blog');
    expect(repo.status).toBe(404);
    expectGitHubResponse('GET', '/repos/{owner}/{repo}', 404, repo.body);
    const user = await api(host.gh, '/user');
    expect(user.status).toBe(401);
    expect(user.body.message).toBe('Requires authentication');
    expectGitHubResponse('GET', '/user', 401, user.body);
    const unknown = await api(host.gh, '/repos/demo/missing', { token });
    expect(unknown.status).toBe(404);
  });

  it('answers 404 for routes it does not implement and 400 for unreadable JSON', async () => {
    const res = await api(host.gh, '/no/such/endpoint', { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not Found');
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId, {}, host.clock.now());
    const bad = await fetch(`${host.gh.apiUrl}/app/installations/3001/access_tokens`, {
      method: 'POST',
      body: '{',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Problems parsing JSON' });
  });

  it('serves only endpoints a client of this project calls: ones nothing calls answer 404', async () => {
    // Removed because neither the service's adapters (shared/adapters/github/), local mode nor any test
    // outside the host's own endpoint tests used them; see the README's "What is served".
    const head = await branchWith(host.gh, 'demo', 'blog', 'unserved', { 'unserved.md': 'x' });
    const pull = await api(host.gh, '/repos/demo/blog/pulls', {
      token,
      method: 'POST',
      body: { title: 'Unserved', head: 'unserved', base: 'main' },
    });
    expect(pull.status).toBe(201);
    const unserved: [string, string, unknown?][] = [
      ['GET', '/repos/demo/blog/git/matching-refs/heads/'],
      ['GET', `/repos/demo/blog/commits/${head}/statuses`],
      ['GET', `/repos/demo/blog/pulls/${pull.body.number}/commits`],
    ];
    const answers = [];
    for (const [method, path, body] of unserved) {
      const res = await api(host.gh, path, { token, method, body });
      answers.push(`${method} ${path}: ${res.status} ${res.body.message}`);
    }
    expect(answers).toEqual(unserved.map(([method, path]) => `${method} ${path}: 404 Not Found`));
  });

  it('counts API round trips only (not pages), and resets', async () => {
    host.gh.resetRequestCount();
    await api(host.gh, '/user', { token });
    await fetch(host.gh.url);
    await fetch(`${host.gh.url}/login/device`);
    await api(host.gh, '/repos/demo/blog', { token });
    expect(host.gh.requestCount()).toBe(2);
    host.gh.resetRequestCount();
    expect(host.gh.requestCount()).toBe(0);
  });
});
