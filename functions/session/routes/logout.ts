import { sessionCookieName } from '../../../shared/http/authenticate';
import { clearCookie } from '../../../shared/http/cookies';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import { cookieSecurity, type SessionDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'session'>, { id: 'logout' }>;

/** Deletes the session server-side, so a copied cookie is worthless afterwards. */
export const logout: RouteFn<Route, SessionDeps> = async ({ cookies }, deps) => {
  const sessionId = cookies[sessionCookieName];
  if (sessionId) await deps.sessions.delete(sessionId);
  return {
    status: 200,
    body: { ok: true },
    cookies: [clearCookie(sessionCookieName, cookieSecurity(deps))],
  };
};
