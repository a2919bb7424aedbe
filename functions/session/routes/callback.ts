import { timingSafeEqual } from 'node:crypto';
import { sessionLifetimeSeconds } from '../../../shared/auth/sessions';
import { sessionCookieName } from '../../../shared/http/authenticate';
import { clearCookie, serializeCookie } from '../../../shared/http/cookies';
import { InvalidInputError } from '../../../shared/errors';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import { callbackUrl, cookieSecurity, oauthCookieName, type SessionDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'session'>, { id: 'callback' }>;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The provider sends the browser back here. Nothing is created unless the state matches the
 * cookie set by /auth/login and is still live (single use); then a new session id is issued
 * and any session the browser had is ended.
 */
export const callback: RouteFn<Route, SessionDeps> = async ({ query, cookies }, deps) => {
  if (query.error)
    throw new InvalidInputError(
      `Sign-in was not completed at GitHub (${query.error}); start again at /auth/login`,
    );
  const cookieState = cookies[oauthCookieName];
  if (!query.state || !cookieState || !sameSecret(query.state, cookieState)) {
    throw new InvalidInputError(
      'Sign-in state is missing or does not match this browser; start again at /auth/login',
    );
  }
  if (!query.code) throw new InvalidInputError('query.code: Required');
  const codeVerifier = await deps.oauthStates.take(query.state);
  if (!codeVerifier)
    throw new InvalidInputError(
      'Sign-in state has expired or was already used; start again at /auth/login',
    );

  const tokens = await deps.oauth.exchangeCode({
    code: query.code,
    codeVerifier,
    redirectUri: callbackUrl(deps),
  });
  const user = await deps.gitHost.getViewer(tokens.accessToken);
  const userId = await deps.users.saveSignIn(user, tokens);
  const previous = cookies[sessionCookieName];
  if (previous) await deps.sessions.delete(previous);
  const sessionId = await deps.sessions.create({ userId, login: user.login });

  const security = cookieSecurity(deps);
  return {
    status: 302,
    headers: { location: '/app/' },
    cookies: [
      serializeCookie(sessionCookieName, sessionId, {
        ...security,
        maxAgeSeconds: sessionLifetimeSeconds,
      }),
      clearCookie(oauthCookieName, { ...security, path: '/auth' }),
    ],
  };
};
