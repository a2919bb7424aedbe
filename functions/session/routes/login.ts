import { pkceChallenge } from '../../../shared/auth/random';
import { oauthStateLifetimeSeconds } from '../../../shared/auth/oauth-states';
import { serializeCookie } from '../../../shared/http/cookies';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import { callbackUrl, cookieSecurity, oauthCookieName, type SessionDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'session'>, { id: 'login' }>;

/** Starts sign-in: a fresh state bound to this browser by a short-lived cookie, PKCE S256. */
export const login: RouteFn<Route, SessionDeps> = async (_request, deps) => {
  const { state, codeVerifier } = await deps.oauthStates.begin();
  const location = deps.oauth.authorizeUrl({
    state,
    codeChallenge: pkceChallenge(codeVerifier),
    redirectUri: callbackUrl(deps),
  });
  return {
    status: 302,
    headers: { location },
    cookies: [
      serializeCookie(oauthCookieName, state, {
        ...cookieSecurity(deps),
        path: '/auth',
        maxAgeSeconds: oauthStateLifetimeSeconds,
      }),
    ],
  };
};
