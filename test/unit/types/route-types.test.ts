import { describe, expectTypeOf, it } from 'vitest';
import type { RouteRequest } from '../../../shared/http/types';
import type { PathParams } from '../../../shared/path-params';
import type { AnyRoute } from '../../../shared/routes';

/**
 * Checked by the compiler (`tsc --noEmit` runs first in `npm test`): a wrong type here fails the
 * build, and each `@ts-expect-error` fails it when the line it marks starts compiling.
 */
type Route<Id> = Extract<AnyRoute, { id: Id }>;

describe('path parameters are read from the path literal', () => {
  it('names every {segment}', () => {
    expectTypeOf<PathParams<'/api/repos/{repo}/content/{collection}/{slug}'>>().toEqualTypeOf<{ repo: string; collection: string; slug: string }>();
    expectTypeOf<PathParams<'/api/repos/{repo}/pulls/{number}/comments'>>().toEqualTypeOf<{ repo: string; number: string }>();
    expectTypeOf<PathParams<'/api/health'>>().toEqualTypeOf<Record<never, never>>();
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>();
  });

  it('types a route request\'s params from its row', () => {
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
