import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../cli/lib/http';
import { ApiError as CliApiError, CliError, exitCodes } from '../../../cli/lib/errors';
import { getMe } from '../../../web/src/api/auth';
import { ApiError, onSessionEnded } from '../../../web/src/api/client';
import { getItem } from '../../../web/src/api/content';
import { mergePull } from '../../../web/src/api/pulls';

const answering = (status: number, text: string) =>
  vi.fn(async () => new Response(text || null, { status }));

describe("the editor's client keeps its errors", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onSessionEnded(undefined);
  });

  it('sends same-origin requests with {repo} as one segment', async () => {
    // Arrange
    const fetch = answering(200, '{"slug":"hello"}');
    vi.stubGlobal('fetch', fetch);

    // Act
    const item = await getItem('demo/blog', 'posts', 'hello', 'cms/posts/hello');

    // Assess
    expect(item).toEqual({ slug: 'hello' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/repos/demo%2Fblog/content/posts/hello?branch=cms%2Fposts%2Fhello',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('throws ApiError with the {error} text, the reason of a 409, or words for a page that is not JSON', async () => {
    // Arrange
    vi.stubGlobal('fetch', answering(404, '{"error":"Item not found"}'));
    const notFound = await getItem('demo/blog', 'posts', 'gone').catch((error: unknown) => error);
    vi.stubGlobal('fetch', answering(409, '{"merged":false,"reason":"conflicts"}'));
    const conflict = await mergePull('demo/blog', 3).catch((error: unknown) => error);
    vi.stubGlobal('fetch', answering(502, '<html>proxy</html>'));
    const proxy = await getItem('demo/blog', 'posts', 'x').catch((error: unknown) => error);

    // Assess
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({
      status: 404,
      message: 'Item not found',
      body: { error: 'Item not found' },
    });
    expect(conflict).toMatchObject({
      status: 409,
      message: 'The draft conflicts with the latest version on the main branch.',
      body: { merged: false, reason: 'conflicts' },
    });
    expect(proxy).toMatchObject({
      status: 502,
      message: 'GitHub did not answer as expected. Try again in a moment.',
      body: undefined,
    });
  });

  it('ends the session on a 401, except from /api/auth/me', async () => {
    // Arrange
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal('fetch', answering(401, '{"error":"Not signed in"}'));

    // Act
    await getMe().catch(() => undefined);
    const afterMe = ended.mock.calls.length;
    await getItem('demo/blog', 'posts', 'hello').catch(() => undefined);

    // Assess
    expect(afterMe).toBe(0);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('says the service could not be reached, and lets an abort through', async () => {
    // Arrange
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const down = await getItem('demo/blog', 'posts', 'hello').catch((error: unknown) => error);
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw abort;
      }),
    );
    const aborted = await getItem('demo/blog', 'posts', 'hello').catch((error: unknown) => error);

    // Assess
    expect(down).toMatchObject({
      name: 'ApiError',
      status: 0,
      message: 'The service could not be reached. Check your connection and try again.',
    });
    expect(aborted).toBe(abort);
  });
});

describe("the CLI's client keeps its errors", () => {
  it('sends its token and user agent', async () => {
    // Arrange
    const fetch = answering(200, '[]');
    const api = createApi({
      url: 'http://cms.test',
      token: 'cms_x',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });

    // Act
    await api.call('listPulls', { params: { repo: 'demo/blog' } });

    // Assess
    expect(fetch).toHaveBeenCalledWith(
      'http://cms.test/api/repos/demo%2Fblog/pulls',
      expect.objectContaining({
        method: 'GET',
        headers: {
          accept: 'application/json',
          'user-agent': 'cms-cli',
          authorization: 'Bearer cms_x',
        },
      }),
    );
  });

  it('throws its ApiError with the exit code of the status and the {error} text', async () => {
    // Arrange
    const api = (status: number, text: string) =>
      createApi({
        url: 'http://cms.test',
        fetch: answering(status, text) as unknown as typeof fetch,
      });

    // Act
    const conflict = await api(409, '{"error":"The file changed"}')
      .call('getConfig', { params: { repo: 'demo/blog' } })
      .catch((error: unknown) => error);
    const denied = await api(403, '{"error":"The token lacks repos:read"}')
      .call('listRepos')
      .catch((error: unknown) => error);
    const proxy = await api(502, 'Bad gateway')
      .call('listRepos')
      .catch((error: unknown) => error);

    // Assess
    expect(conflict).toBeInstanceOf(CliApiError);
    expect(conflict).toMatchObject({
      status: 409,
      message: 'The file changed',
      exitCode: exitCodes.conflict,
    });
    expect(denied).toMatchObject({
      status: 403,
      message: 'The token lacks repos:read',
      exitCode: exitCodes.auth,
    });
    expect(proxy).toMatchObject({
      status: 502,
      message: 'The service answered 502: Bad gateway',
      exitCode: exitCodes.error,
    });
  });

  it('says which service it cannot reach', async () => {
    // Arrange
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    });

    // Act
    const failure = await createApi({
      url: 'http://127.0.0.1:1',
      fetch: down as unknown as typeof fetch,
    })
      .call('getMe')
      .catch((error: unknown) => error);

    // Assess
    expect(failure).toBeInstanceOf(CliError);
    expect(failure).toMatchObject({
      message: 'Cannot reach http://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
      exitCode: exitCodes.error,
    });
  });
});
