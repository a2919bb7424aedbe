import type { MiddlewareObj } from '@middy/core';
import { UnauthenticatedError } from '../errors';
import type { Caller } from '../auth/caller';
import type { AlsoRead } from '../auth/credential-read';
import { freshnessKeys } from '../freshness/repo-freshness';
import { indexStateKeys } from '../content/collection-index/index-state';
import { keys } from '../store/keys';
import type { RouteDef } from './route-def';
import type { CmsContext, HttpEvent, HttpResult } from './types';

export const sessionCookieName = 'cms_session';

/** How a group turns credentials into a caller; groups pass only what they can verify. */
export interface CallerResolver {
  /** The session behind a `cms_session` cookie value, or undefined when unknown or ended. */
  session(
    sessionId: string,
    alsoRead?: AlsoRead,
  ): Promise<Extract<Caller, { kind: 'session' }> | undefined>;
  /** The caller behind a bearer API token; throws UnauthenticatedError when it is not valid. */
  token?(token: string, alsoRead?: AlsoRead): Promise<Extract<Caller, { kind: 'token' }>>;
}

/**
 * `Authorization: Bearer …` wins over the cookie. Routes open to everyone never fail here (a
 * stale cookie must not break `/api/health`); every other route answers 401 for bad credentials.
 * A failure to look the credentials up (the table unavailable) fails every route alike.
 */
export const authenticate = (
  resolver: CallerResolver,
): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  before: async ({ event, context }) => {
    const state = context.cms;
    const open = state.route?.access === 'none';
    try {
      state.caller = await resolveCaller(
        resolver,
        event.headers.authorization,
        state.cookies[sessionCookieName],
        readAheadFor(state.params, state.route),
      );
    } catch (error) {
      // Only bad credentials make an open route's caller anonymous; a store that cannot answer
      // is not "signed out" and goes on to the error mapper (logged, 5xx).
      if (!open || !(error instanceof UnauthenticatedError)) throw error;
      state.caller = { kind: 'anonymous' };
    }
  },
});

/**
 * Every route on a repository reads the caller's user record and the repository's connection
 * next (the provider token, whether it is connected), and a list the records of its collection's
 * freshness (the same keys `RepoFreshness.keys` names) and its index state: they are read with the credential when
 * its owner is already known, in one request to the table instead of two.
 */
const readAheadFor = (
  params: Record<string, string>,
  route: RouteDef | undefined,
): AlsoRead | undefined => {
  const { repo, collection } = params;
  if (repo === undefined) return undefined;
  if (route?.readAhead === 'collectionTree' && collection !== undefined) {
    return (userId) => [
      keys.user(userId),
      keys.connection(repo),
      ...freshnessKeys(repo, collection, userId),
      ...indexStateKeys(repo, collection),
    ];
  }
  return (userId) => [keys.user(userId), keys.connection(repo)];
};

async function resolveCaller(
  resolver: CallerResolver,
  authorization: string | undefined,
  cookie: string | undefined,
  alsoRead: AlsoRead | undefined,
): Promise<Caller> {
  if (authorization !== undefined) {
    const match = /^Bearer ([^\s]+)$/.exec(authorization.trim());
    if (!match?.[1])
      throw new UnauthenticatedError('Authorization header must be "Bearer <API token>"');
    if (!resolver.token) throw new UnauthenticatedError('Invalid API token');
    return resolver.token(match[1], alsoRead);
  }
  if (cookie) return (await resolver.session(cookie, alsoRead)) ?? { kind: 'anonymous' };
  return { kind: 'anonymous' };
}
