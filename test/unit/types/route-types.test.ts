import { describe, expectTypeOf, it } from 'vitest';
import type { RouteFn, RouteRequest, RouteResponseOf } from '../../../shared/http/types';
import type { ContentItem } from '../../../shared/content/schemas';
import type { PathParams } from '../../../shared/path-params';
import type { AnyRoute } from '../../../shared/routes';
import type { ApiClient, ClientRouteId, SuccessBody } from '../../../shared/client/api-client';
import type { PrComment, PullRequestSummary } from '../../../shared/pulls/schemas';

/**
 * Checked by the compiler (`tsc --noEmit` runs first in `npm test`): a wrong type here fails the
 * build, and each `@ts-expect-error` fails it when the line it marks starts compiling.
 */
type Route<Id> = Extract<AnyRoute, { id: Id }>;

describe('path parameters are read from the path literal', () => {
  it('names every {segment}', () => {
    expectTypeOf<PathParams<'/api/repos/{repo}/content/{collection}/{slug}'>>().toEqualTypeOf<{
      repo: string;
      collection: string;
      slug: string;
    }>();
    expectTypeOf<PathParams<'/api/repos/{repo}/pulls/{number}/comments'>>().toEqualTypeOf<{
      repo: string;
      number: string;
    }>();
    expectTypeOf<PathParams<'/api/health'>>().toEqualTypeOf<Record<never, never>>();
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>();
  });

  it("types a route request's params from its row", () => {
    const params = {} as RouteRequest<Route<'getContent'>>['params'];
    expectTypeOf(params.slug).toEqualTypeOf<string>();
    // @ts-expect-error getContent has no {number}
    void params.number;
    const tokenParams = {} as RouteRequest<Route<'deleteToken'>>['params'];
    expectTypeOf(tokenParams).toEqualTypeOf<{ tokenId: string }>();
    const none = {} as RouteRequest<Route<'listRepos'>>['params'];
    // @ts-expect-error listRepos has no parameters at all
    void none.repo;
  });
});

describe('route results are typed from the statuses their row declares', () => {
  it('takes a 2xx body that fits the schema of its status', () => {
    const answer: RouteResponseOf<Route<'getContent'>> = { status: 200, body: {} as ContentItem };
    expectTypeOf(answer).toExtend<{ status: number }>();
    const created: RouteResponseOf<Route<'createComment'>> = {
      status: 201,
      body: { id: 1, author: 'a', body: 'b', avatarUrl: 'https://x/a.png', createdAt: 'c' },
    };
    expectTypeOf(created).toExtend<{ status: 201 }>();
    expectTypeOf<RouteResponseOf<Route<'createComment'>>['status']>().toEqualTypeOf<
      201 | 400 | 404
    >();
  });

  it('refuses an undeclared shape or status', () => {
    // @ts-expect-error getContent answers an item, not { ok }
    const wrongShape: RouteResponseOf<Route<'getContent'>> = { status: 200, body: { ok: true } };
    const wrongStatus: RouteResponseOf<Route<'createComment'>> = {
      // @ts-expect-error createComment answers 201, not 200
      status: 200,
      body: { id: 1, author: 'a', body: 'b', avatarUrl: 'https://x/a.png', createdAt: 'c' },
    };
    // @ts-expect-error logout answers JSON, not a page
    const wrongKind: RouteResponseOf<Route<'logout'>> = { status: 200, html: '<p>bye</p>' };
    // @ts-expect-error a route function too: listRepos answers connections
    const wrongFn: RouteFn<Route<'listRepos'>, unknown> = async () => ({
      status: 200,
      body: [{ name: 'x' }],
    });
    expectTypeOf([wrongShape, wrongStatus, wrongKind, wrongFn]).not.toBeNever();
  });

  it('keeps redirects with cookies and HTML pages', () => {
    const redirect: RouteResponseOf<Route<'login'>> = {
      status: 302,
      headers: { location: '/' },
      cookies: ['a=b'],
    };
    const page: RouteResponseOf<Route<'reviewDevice'>> = {
      status: 200,
      html: '<p>hi</p>',
      headers: {},
    };
    // @ts-expect-error a redirect carries no body
    const redirectWithBody: RouteResponseOf<Route<'login'>> = { status: 302, body: { ok: true } };
    expectTypeOf([redirect, page, redirectWithBody]).not.toBeNever();
  });
});

describe('the client is typed from the route table', () => {
  // Never sent: only the types are under test.
  const api = { call: async () => undefined } as unknown as ApiClient;

  it("answers the 2xx schema's output", () => {
    expectTypeOf(
      api.call('getContent', { params: { repo: 'o/n', collection: 'posts', slug: 'a' } }),
    ).resolves.toEqualTypeOf<ContentItem>();
    expectTypeOf(api.call('listPulls', { params: { repo: 'o/n' } })).resolves.toEqualTypeOf<
      PullRequestSummary[]
    >();
    expectTypeOf<SuccessBody<'createComment'>>().toEqualTypeOf<PrComment>();
  });

  it('asks for exactly the params, query and body of the row', () => {
    api.call('getContent', {
      params: { repo: 'o/n', collection: 'posts', slug: 'a' },
      query: { branch: 'cms/posts/a' },
    });
    api.call('getPull', { params: { repo: 'o/n', number: 3 } });
    api.call('listRepos');
    api.call('startDevice');
    // @ts-expect-error getContent needs its slug
    api.call('getContent', { params: { repo: 'o/n', collection: 'posts' } });
    // @ts-expect-error getConfig needs params at all
    api.call('getConfig');
    api.call('deleteContent', {
      params: { repo: 'o/n', collection: 'posts', slug: 'a' },
      // @ts-expect-error deleteContent needs query.sha
      query: {},
    });
    // @ts-expect-error createComment's body is { body }
    api.call('createComment', { params: { repo: 'o/n', number: 1 }, body: { text: 'hi' } });
    // @ts-expect-error listRepos takes no body
    api.call('listRepos', { body: { fullName: 'o/n' } });
  });

  it('calls only routes that answer JSON', () => {
    expectTypeOf<'login'>().not.toExtend<ClientRouteId>();
    expectTypeOf<'reviewDevice'>().not.toExtend<ClientRouteId>();
    // @ts-expect-error no such route
    api.call('getNothing');
  });
});
