import type { MiddlewareObj } from '@middy/core';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { permissionsOf, type RouteDef } from './route-def';
import { inRepoScope, type Caller } from '../auth/caller';
import type { CmsContext, HttpEvent, HttpResult } from './types';

/**
 * The route table's `access` decides: sessions bypass permissions (never the provider's own
 * access control, which every provider call still meets); tokens need the permission and the
 * repo in scope (every permission of a list); session-only routes refuse tokens.
 */
export function checkAccess(route: RouteDef, params: Record<string, string>, caller: Caller): void {
  const access = route.access;
  if (access === 'none') return;
  if (caller.kind === 'anonymous') throw new UnauthenticatedError('Sign in or send an API token');
  if (access === 'authenticated' || caller.kind === 'session') return;
  if (access === 'session')
    throw new ForbiddenError('This route accepts only a browser session, not an API token');
  const missing = (permissionsOf(access) ?? []).filter(
    (permission) => !caller.permissions.includes(permission),
  );
  if (missing.length > 0)
    throw new ForbiddenError(
      `This API token lacks the ${missing.join(' and ')} permission${missing.length > 1 ? 's' : ''}`,
    );
  if (params.repo !== undefined && !inRepoScope(caller.repos, params.repo)) {
    throw new ForbiddenError(`Repository ${params.repo} is outside this API token's scope`);
  }
}

export const authorise = (): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  before: async ({ context }) => {
    const { route, params, caller } = context.cms;
    if (route) checkAccess(route, params, caller);
  },
});
