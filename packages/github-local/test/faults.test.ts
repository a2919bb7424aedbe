import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, startTestHost, type TestHost } from './helpers';

describe('fault injection and the request log', () => {
  let host: TestHost;
  let token: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());
  beforeEach(() => host.gh.resetRequestCount());

  const graphql = (query: string, operationName?: string) =>
    fetch(`${host.gh.url}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, ...(operationName ? { operationName } : {}) }),
    });

  it('fails the next N matching requests with a 5xx, then serves normally; faulted requests count', async () => {
    host.gh.injectFaults(
      { count: 2, kind: 'status', status: 503 },
      { pathPrefix: '/api/v3/repos/demo/blog' },
    );
    const other = await api(host.gh, '/user', { token });
    expect(other.status).toBe(200);
    const first = await api(host.gh, '/repos/demo/blog', { token });
    const second = await api(host.gh, '/repos/demo/blog/git/ref/heads/main', { token });
    const third = await api(host.gh, '/repos/demo/blog', { token });
    expect([first.status, second.status, third.status]).toEqual([503, 503, 200]);
    expect(first.body).toEqual({ message: 'Service Unavailable' });
    expect(host.gh.requestCount()).toBe(4);
    expect(host.gh.requestLog()).toEqual([
      { method: 'GET', path: '/api/v3/user', status: 200 },
      { method: 'GET', path: '/api/v3/repos/demo/blog', status: 503 },
      { method: 'GET', path: '/api/v3/repos/demo/blog/git/ref/heads/main', status: 503 },
      { method: 'GET', path: '/api/v3/repos/demo/blog', status: 200 },
    ]);
  });

  it('holds the next matching request unanswered until released, then serves it; others pass meanwhile', async () => {
    const held = host.gh.holdRequest({ method: 'get', pathPrefix: '/api/v3/repos/demo/blog' });
    let answered = false;
    const reading = api(host.gh, '/repos/demo/blog', { token }).then((answer) => {
      answered = true;
      return answer;
    });
    expect(await held.reached).toEqual({
      method: 'GET',
      path: '/api/v3/repos/demo/blog',
      status: 0,
    });
    expect((await api(host.gh, '/user', { token })).status).toBe(200);
    expect(answered).toBe(false);
    held.release();
    expect((await reading).status).toBe(200);
    expect((await api(host.gh, '/repos/demo/blog', { token })).status).toBe(200);
    expect(host.gh.requestLog().map((entry) => `${entry.path} ${entry.status}`)).toEqual([
      '/api/v3/repos/demo/blog 200',
      '/api/v3/user 200',
      '/api/v3/repos/demo/blog 200',
    ]);
  });

  it('filters by method, and fails GraphQL as GitHub does (502 with an errors body)', async () => {
    host.gh.injectFaults({ count: 1, kind: 'status', status: 500 }, { method: 'put' });
    expect((await api(host.gh, '/repos/demo/blog', { token })).status).toBe(200);
    const put = await api(host.gh, '/repos/demo/blog/contents/x.md', {
      token,
      method: 'PUT',
      body: { message: 'x', content: 'eA==' },
    });
    expect(put.status).toBe(500);
    expect(put.body).toEqual({ message: 'Server Error' });

    host.gh.injectFaults({ count: 1, kind: 'status', status: 502 }, { pathPrefix: '/api/graphql' });
    const failed = await graphql('query Viewer { viewer { login } }');
    expect(failed.status).toBe(502);
    const body = (await failed.json()) as { data: unknown; errors: { message: string }[] };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.message).toMatch(/^Something went wrong while executing your query/);
    const ok = await graphql('query A { viewer { login } } query B { viewer { login } }', 'B');
    expect(ok.status).toBe(200);
    expect(host.gh.requestLog().slice(-2)).toEqual([
      { method: 'POST', path: '/api/graphql', status: 502, graphqlOperation: 'Viewer' },
      { method: 'POST', path: '/api/graphql', status: 200, graphqlOperation: 'B' },
    ]);
  });

  it('filters GraphQL requests by the operation they run', async () => {
    host.gh.injectFaults({ count: 1, kind: 'status', status: 502 }, { graphqlOperation: 'B' });
    expect((await graphql('query A { viewer { login } }')).status).toBe(200);
    expect(
      (await graphql('query A { viewer { login } } query B { viewer { login } }', 'B')).status,
    ).toBe(502);
    expect((await graphql('query B { viewer { login } }')).status).toBe(200);
  });

  it("answers the secondary rate limit with 403, Retry-After and GitHub's message (REST and GraphQL)", async () => {
    host.gh.injectFaults({ count: 2, kind: 'secondary-rate-limit', retryAfterSeconds: 7 });
    const rest = await api(host.gh, '/repos/demo/blog', { token });
    expect(rest.status).toBe(403);
    expect(rest.headers.get('retry-after')).toBe('7');
    expect(rest.body.message).toMatch(
      /^You have exceeded a secondary rate limit\. Please wait a few minutes before you try again\./,
    );
    expect(rest.body.message).toContain(rest.headers.get('x-github-request-id'));
    const gql = await graphql('{ viewer { login } }');
    expect(gql.status).toBe(403);
    expect(gql.headers.get('retry-after')).toBe('7');
    expect((await graphql('{ viewer { login } }')).status).toBe(200);
  });

  it('answers the primary rate limit as GitHub does: REST 403, GraphQL 200 with RATE_LIMITED, both with the reset time', async () => {
    host.gh.injectFaults({ count: 2, kind: 'rate-limit', resetInSeconds: 600 });
    const before = Math.floor(Date.now() / 1000);
    const rest = await api(host.gh, '/repos/demo/blog', { token });
    expect(rest.status).toBe(403);
    expect(rest.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(rest.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(before + 600);
    expect(rest.body.message).toMatch(/^API rate limit exceeded for /);
    const gql = await graphql('{ viewer { login } }');
    expect(gql.status).toBe(200);
    expect(gql.headers.get('x-ratelimit-resource')).toBe('graphql');
    expect((await gql.json()).errors).toEqual([
      { type: 'RATE_LIMITED', message: expect.stringMatching(/^API rate limit exceeded/) },
    ]);
    expect((await graphql('{ viewer { login } }')).status).toBe(200);
  });

  it('holds a request, then drops the connection without an answer', async () => {
    host.gh.injectFaults(
      { count: 1, kind: 'timeout', ms: 150 },
      { method: 'GET', pathPrefix: '/api/v3/repos' },
    );
    const started = Date.now();
    await expect(api(host.gh, '/repos/demo/blog', { token })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await api(host.gh, '/repos/demo/blog', { token })).status).toBe(200);
    expect(host.gh.requestLog().map((entry) => entry.status)).toEqual([0, 200]);
    expect(host.gh.requestCount()).toBe(2);
  });

  it('keeps faults armed until used, in order, and resets the log with the counter', async () => {
    host.gh.injectFaults({ count: 1, kind: 'status', status: 500 }, { pathPrefix: '/api/v3/user' });
    host.gh.injectFaults({ count: 1, kind: 'status', status: 502 });
    expect((await api(host.gh, '/repos/demo/blog', { token })).status).toBe(502);
    expect((await api(host.gh, '/user', { token })).status).toBe(500);
    expect((await api(host.gh, '/user', { token })).status).toBe(200);
    expect(host.gh.requestLog()).toHaveLength(3);
    host.gh.resetRequestCount();
    expect(host.gh.requestLog()).toEqual([]);
    expect(() => host.gh.injectFaults({ count: 0, kind: 'status', status: 500 })).toThrow(/count/);
  });
});
