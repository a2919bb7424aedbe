import { describe, expect, it } from 'vitest';
import { matchPath, matchRoute } from '../../shared/http/route-match';
import { routes } from '../../shared/routes';

describe('matchPath', () => {
  const template = '/api/repos/{repo}/content/{collection}/{slug}';

  it('matches {repo} as two decoded segments, as API Gateway delivers it', () => {
    expect(matchPath(template, '/api/repos/demo/blog/content/posts/hello')).toEqual({
      repo: 'demo/blog',
      collection: 'posts',
      slug: 'hello',
    });
  });

  it('matches {repo} as one segment holding %2F, in either case', () => {
    expect(matchPath(template, '/api/repos/demo%2Fblog/content/posts/hello')).toMatchObject({
      repo: 'demo/blog',
    });
    expect(matchPath(template, '/api/repos/demo%2fblog/content/posts/hello')).toMatchObject({
      repo: 'demo/blog',
    });
  });

  it('never decodes other segments (no double decoding)', () => {
    expect(matchPath(template, '/api/repos/demo/blog/content/posts/a%252Fb')).toMatchObject({
      slug: 'a%252Fb',
    });
  });

  it('refuses extra, missing and empty segments', () => {
    expect(matchPath(template, '/api/repos/demo/blog/content/posts/a/b')).toBeUndefined();
    expect(matchPath(template, '/api/repos/demo/blog/content/posts')).toBeUndefined();
    expect(matchPath(template, '/api/repos/demo/blog/content/posts/')).toBeUndefined();
    expect(matchPath('/api/health', '/api/health/')).toBeUndefined();
  });
});

describe('matchRoute', () => {
  it('finds a route of the table by method and path', () => {
    const outcome = matchRoute(routes, 'GET', '/api/health');
    expect(outcome.kind === 'match' && outcome.match.route.id).toBe('getHealth');
  });

  it('answers method_not_allowed with the allowed methods for a known path', () => {
    expect(matchRoute(routes, 'DELETE', '/api/health')).toEqual({
      kind: 'method_not_allowed',
      allowed: ['GET'],
    });
  });

  it('prefers exact templates, then lets a final parameter take the rest of the path', () => {
    const table = [
      {
        id: 'a',
        method: 'GET',
        path: '/api/x/{id}',
        group: 'content',
        access: 'none',
        summary: '',
        description: '',
        responses: {},
      },
      {
        id: 'b',
        method: 'GET',
        path: '/api/x/{id}/diff',
        group: 'content',
        access: 'none',
        summary: '',
        description: '',
        responses: {},
      },
    ] as const;
    const exact = matchRoute(table, 'GET', '/api/x/1/diff');
    expect(exact.kind === 'match' && exact.match.route.id).toBe('b');
    const greedy = matchRoute(table, 'GET', '/api/x/1/other');
    expect(greedy.kind === 'match' && greedy.match).toMatchObject({
      route: { id: 'a' },
      params: { id: '1/other' },
    });
  });

  it('answers not_found for an unknown path', () => {
    expect(matchRoute(routes, 'GET', '/api/nope')).toEqual({ kind: 'not_found' });
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => `${route.method} ${route.path}`)).size).toBe(
      routes.length,
    );
  });
});
