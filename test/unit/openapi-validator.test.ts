import { describe, expect, it } from 'vitest';
import {
  OpenApiMismatchError,
  responseValidator,
  type ObservedResponse,
} from '../support/openapi-validator';

const json = 'application/json; charset=utf-8';
const answer = (
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType: string | null = json,
  headers: Record<string, string> = {},
): ObservedResponse => ({
  method,
  path,
  status,
  contentType,
  text: typeof body === 'string' ? body : JSON.stringify(body),
  headers,
});
const list = '/api/repos/demo%2Fblog/content/posts';
const listed = { 'x-skipped-files': '0' };
const mediaFile = '/api/repos/demo%2Fblog/media/file?path=static/images/a.png';
const problemOf = (observed: ObservedResponse) => responseValidator().problemOf(observed);

const item = {
  slug: 'hello',
  path: 'content/posts/hello.md',
  sha: 'a'.repeat(40),
  frontmatter: { title: 'Hello' },
};

describe('the response validator', () => {
  it('accepts an answer whose operation declares the status and whose body fits', () => {
    expect(problemOf(answer('GET', list, 200, [item], json, listed))).toBeUndefined();
    expect(
      problemOf(
        answer('GET', '/api/repos/demo/blog/content/posts/hello?branch=x', 200, {
          ...item,
          body: '# Hi',
        }),
      ),
    ).toBeUndefined();
  });

  it('rejects a body that does not fit: a missing field, a wrong type, an undeclared field', () => {
    const { sha: _sha, ...withoutSha } = item;
    expect(problemOf(answer('GET', list, 200, [withoutSha], json, listed))).toMatch(
      /must have required property 'sha'/,
    );
    expect(
      problemOf(
        answer('GET', '/api/repos/demo%2Fblog/content/posts/hello', 200, {
          ...item,
          prNumber: 'one',
        }),
      ),
    ).toMatch(/body\/prNumber must be integer/);
    expect(problemOf(answer('GET', '/api/health', 200, { status: 'ok', uptime: 3 }))).toMatch(
      /must NOT have additional properties/,
    );
  });

  it('throws an OpenApiMismatchError naming the request, the answer and the problem', () => {
    const act = () =>
      responseValidator().assertValid(answer('GET', '/api/health', 200, { healthy: true }));
    expect(act).toThrow(OpenApiMismatchError);
    expect(act).toThrow(
      /GET \/api\/health answered 200 \{"healthy":true\}\n {2}the body does not fit the schema: body must have required property 'status'/,
    );
  });

  it('rejects a status the operation does not declare', () => {
    expect(problemOf(answer('GET', '/api/health', 409, { error: 'x' }))).toMatch(
      /status 409 is not declared for operation getHealth \(declared: 200, 429, 500, 503\)/,
    );
    expect(problemOf(answer('GET', '/api/health', 401, { error: 'x' }))).toMatch(/not declared/);
  });

  it('accepts the generic error answers on the routes they apply to, with the Error body only', () => {
    expect(
      problemOf(answer('GET', '/api/repos/demo%2Fblog/pulls', 401, { error: 'Sign in' })),
    ).toBeUndefined();
    expect(
      problemOf(
        answer('PUT', '/api/repos/demo%2Fblog/content/posts/x', 415, { error: 'Content-Type' }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(answer('GET', '/api/repos/demo%2Fblog/pulls', 401, { message: 'Sign in' })),
    ).toMatch(/required property 'error'/);
  });

  it("accepts API Gateway's own {message} answers where the document says it gives them, and nowhere else", () => {
    expect(
      problemOf(
        answer('PUT', '/api/repos/demo%2Fblog/content/posts/x', 413, {
          message: 'Request Entity Too Large',
        }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(
        answer('GET', '/api/repos/demo%2Fblog/content/posts', 500, {
          message: 'Internal Server Error',
        }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(answer('GET', '/api/health', 503, { message: 'Service Unavailable' })),
    ).toBeUndefined();
    expect(
      problemOf(
        answer('GET', '/api/repos/demo%2Fblog/content/posts', 503, {
          error: 'The request did not finish in time and was stopped; try again',
        }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(
        answer('PUT', '/api/repos/demo%2Fblog/content/posts/x', 415, {
          message: 'Unsupported Media Type',
        }),
      ),
    ).toMatch(/required property 'error'/);
  });

  it('wants 404 for a path no route has and 405 for a known path under another method, with {error}', () => {
    expect(problemOf(answer('GET', '/api/nope', 404, { error: 'Not Found' }))).toBeUndefined();
    expect(problemOf(answer('GET', '/api/nope', 200, { ok: true }))).toMatch(
      /no operation has GET \/api\/nope: expected 404, got 200/,
    );
    expect(
      problemOf(answer('PATCH', '/api/health', 405, { error: 'Method PATCH is not allowed here' })),
    ).toBeUndefined();
    expect(problemOf(answer('PATCH', '/api/health', 404, { error: 'x' }))).toMatch(/expected 405/);
  });

  it('wants JSON where a schema is declared, and no body where none is', () => {
    expect(problemOf(answer('GET', '/api/health', 200, '{"status":"ok"}', 'text/plain'))).toMatch(
      /expected application\/json, got text\/plain/,
    );
    expect(problemOf(answer('GET', '/api/health', 200, 'ok'))).toMatch(/not JSON/);
    expect(
      problemOf(
        answer('GET', '/auth/login', 302, '', null, {
          location: 'https://github.test/login/oauth/authorize',
        }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(answer('GET', '/auth/login', 302, 'Found', 'text/plain', { location: '/' })),
    ).toMatch(/declares no body/);
  });

  it('wants the headers an answer always carries, integers where declared, and no undeclared header a client acts on', () => {
    expect(problemOf(answer('GET', list, 200, [item]))).toMatch(
      /declares the x-skipped-files header required for 200, but it was not sent/,
    );
    expect(
      problemOf(answer('GET', list, 200, [item], json, { 'x-skipped-files': 'none' })),
    ).toMatch(/the x-skipped-files header is "none", not an integer/);
    expect(problemOf(answer('GET', '/auth/login', 302, '', null))).toMatch(
      /location header required/,
    );
    expect(
      problemOf(
        answer('GET', '/api/repos/demo%2Fblog/config', 503, { error: 'Slow down' }, json, {
          'retry-after': '60',
        }),
      ),
    ).toBeUndefined();
    expect(
      problemOf(
        answer('GET', '/api/health', 503, { error: 'Slow down' }, json, { 'Retry-After': '60' }),
      ),
    ).toMatch(/getHealth sends retry-after with 503 without declaring it/);
  });

  it('wants a media file typed as one of the declared types, with its ETag, and a 304 with the ETag and no Location', () => {
    const file = { etag: '"abc"', 'content-disposition': 'inline; filename="a.png"' };
    expect(problemOf(answer('GET', mediaFile, 200, 'PNG…', 'image/png', file))).toBeUndefined();
    expect(problemOf(answer('GET', mediaFile, 200, 'text', 'text/html', file))).toMatch(
      /declares image\/png, .*application\/octet-stream for 200, got text\/html/,
    );
    expect(
      problemOf(
        answer('GET', mediaFile, 200, 'PNG…', 'image/png', {
          'content-disposition': file['content-disposition'],
        }),
      ),
    ).toMatch(/etag header required/);
    expect(problemOf(answer('GET', mediaFile, 304, '', null, { etag: '"abc"' }))).toBeUndefined();
    expect(
      problemOf(answer('GET', mediaFile, 304, '', null, { etag: '"abc"', location: '/elsewhere' })),
    ).toMatch(/sends location with 304 without declaring it/);
  });
});
