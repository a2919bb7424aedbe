import { describe, expect, it, vi } from 'vitest';
import { createApiClient, HttpError, pathOf, queryOf } from '../../../shared/client/api-client';

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** A fetch that records what it was sent and answers `status` with `text`. */
function fakeFetch(status = 200, text = '{"ok":true}') {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method,
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
      credentials: init?.credentials,
    });
    return new Response(text === '' ? null : text, { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

describe('the shared API client builds requests from the route table', () => {
  it('sends {repo} as owner%2Fname in one segment and encodes every other parameter', async () => {
    // Arrange
    const { fetch, sent } = fakeFetch();
    const api = createApiClient({ baseUrl: 'http://cms.test', fetch });

    // Act
    await api.call('getContent', {
      params: { repo: 'demo/blog', collection: 'posts', slug: 'a b' },
    });
    await api.call('getPull', { params: { repo: 'demo/my.site', number: 12 } });
    await api.call('deleteToken', { params: { tokenId: 'x/y' } });

    // Assess
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://cms.test/api/repos/demo%2Fblog/content/posts/a%20b',
      'GET http://cms.test/api/repos/demo%2Fmy.site/pulls/12',
      'DELETE http://cms.test/api/tokens/x%2Fy',
    ]);
  });

  it('encodes the query and leaves out undefined values', async () => {
    // Arrange
    const { fetch, sent } = fakeFetch();
    const api = createApiClient({ fetch });
    const item = { repo: 'demo/blog', collection: 'posts', slug: 'hello' };

    // Act
    await api.call('getContent', { params: item, query: { branch: 'cms/posts/hello' } });
    await api.call('getContent', { params: item, query: { branch: undefined } });
    await api.call('deleteContent', {
      params: item,
      query: { sha: 'a'.repeat(40), mode: 'branch' },
    });

    // Assess
    expect(sent.map((request) => request.url)).toEqual([
      '/api/repos/demo%2Fblog/content/posts/hello?branch=cms%2Fposts%2Fhello',
      '/api/repos/demo%2Fblog/content/posts/hello',
      `/api/repos/demo%2Fblog/content/posts/hello?sha=${'a'.repeat(40)}&mode=branch`,
    ]);
    expect(queryOf({ q: 'a b&c' })).toBe('?q=a+b%26c');
    expect(pathOf('/api/repos/{repo}/pulls/{number}', { repo: 'o/n', number: 3 })).toBe(
      '/api/repos/o%2Fn/pulls/3',
    );
    expect(() => pathOf('/api/repos/{repo}', {})).toThrow('Missing path parameter repo');
  });

  it("sends a JSON body with its content type, and the client's headers on every request", async () => {
    // Arrange
    const { fetch, sent } = fakeFetch(201, '{"id":1}');
    const api = createApiClient({
      fetch,
      headers: { authorization: 'Bearer t' },
      credentials: 'same-origin',
    });

    // Act
    const answer = await api.call('createComment', {
      params: { repo: 'demo/blog', number: 4 },
      body: { body: 'Looks good' },
    });
    await api.call('listRepos');

    // Assess
    expect(answer).toEqual({ id: 1 });
    expect(sent[0]).toEqual({
      url: '/api/repos/demo%2Fblog/pulls/4/comments',
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: 'Bearer t',
        'content-type': 'application/json',
      },
      body: '{"body":"Looks good"}',
      credentials: 'same-origin',
    });
    expect(sent[1]).toMatchObject({
      method: 'GET',
      body: undefined,
      headers: { accept: 'application/json', authorization: 'Bearer t' },
    });
  });

  it('leaves out an optional body entirely', async () => {
    // Arrange
    const { fetch, sent } = fakeFetch();
    const api = createApiClient({ fetch });

    // Act
    await api.call('startDevice');

    // Assess
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/auth/device', body: undefined });
    expect(sent[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('the shared API client maps failures', () => {
  it("throws an HttpError with the status and the service's {error} text", async () => {
    // Arrange
    const { fetch } = fakeFetch(404, '{"error":"Collection not found: posts"}');
    const api = createApiClient({ fetch });

    // Act
    const failure = await api
      .call('listContent', { params: { repo: 'demo/blog', collection: 'posts' } })
      .catch((error: unknown) => error);

    // Assess
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      status: 404,
      message: 'Collection not found: posts',
      body: { error: 'Collection not found: posts' },
    });
  });

  it('keeps a body that is not JSON as its text, and says the status when there is no {error}', async () => {
    // Arrange
    const { fetch } = fakeFetch(502, '<html>Bad gateway</html>');
    const api = createApiClient({ fetch });

    // Act
    const failure = await api.call('listRepos').catch((error: unknown) => error);

    // Assess
    expect(failure).toMatchObject({
      status: 502,
      message: 'The service answered 502',
      body: '<html>Bad gateway</html>',
    });
  });

  it('lets each client throw its own errors, told which route failed', async () => {
    // Arrange
    const { fetch } = fakeFetch(409, '{"merged":false,"reason":"conflicts"}');
    const failed = vi.fn(
      (status: number, body: unknown, call: { id: string; method: string; path: string }) =>
        new Error(`${call.id} ${call.method} ${call.path} ${status} ${JSON.stringify(body)}`),
    );
    const api = createApiClient({ fetch, failed });

    // Act
    const failure = await api
      .call('mergePull', { params: { repo: 'demo/blog', number: 7 } })
      .catch((error: unknown) => error);

    // Assess
    expect((failure as Error).message).toBe(
      'mergePull PUT /api/repos/demo%2Fblog/pulls/7/merge 409 {"merged":false,"reason":"conflicts"}',
    );
  });

  it('hands a network failure to `unreachable`, or rethrows it', async () => {
    // Arrange
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;

    // Act
    const plain = await createApiClient({ fetch: down })
      .call('getHealth')
      .catch((error: unknown) => error);
    const mapped = await createApiClient({
      fetch: down,
      unreachable: (cause) => new Error(`down: ${(cause as Error).message}`),
    })
      .call('getHealth')
      .catch((error: unknown) => error);

    // Assess
    expect(plain).toBeInstanceOf(TypeError);
    expect((mapped as Error).message).toBe('down: fetch failed');
  });

  it('answers undefined for an empty 2xx body', async () => {
    // Arrange
    const { fetch } = fakeFetch(200, '');

    // Act
    const answer = await createApiClient({ fetch }).call('getHealth');

    // Assess
    expect(answer).toBeUndefined();
  });
});
