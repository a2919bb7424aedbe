import { CallbackQuerySchema, MeSchema } from '../auth/schemas';
import { OkSchema } from '../schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The session group's rows: GitHub sign-in, the callback, who is signed in, sign-out. */
export const sessionRoutes = [
  {
    id: 'getMe',
    method: 'GET',
    path: '/api/auth/me',
    group: 'session',
    access: 'none',
    summary: 'Get who the session belongs to',
    description: 'Who the session cookie belongs to, if anyone.',
    responses: { 200: { description: 'Session state', schema: MeSchema } },
  },
  {
    id: 'login',
    method: 'GET',
    path: '/auth/login',
    group: 'session',
    access: 'none',
    throttle: 'credential',
    summary: 'Start a browser sign-in with GitHub',
    description: 'Starts sign-in: redirects to the provider with OAuth state and PKCE (S256).',
    responses: { 302: { description: "Redirect to the provider's authorization page" } },
  },
  {
    id: 'callback',
    method: 'GET',
    path: '/auth/callback',
    group: 'session',
    access: 'none',
    throttle: 'credential',
    summary: 'Finish a browser sign-in (OAuth callback)',
    description:
      'OAuth callback: checks state, exchanges the code, sets cms_session, redirects to /app.',
    query: CallbackQuerySchema,
    responses: {
      302: { description: 'Signed in; redirect to /app' },
      400: error('Missing or wrong state, or the provider refused the sign-in'),
      502: error('The provider could not be reached'),
    },
  },
  {
    id: 'logout',
    method: 'POST',
    path: '/auth/logout',
    group: 'session',
    access: 'none',
    summary: 'Sign out the browser session',
    description: 'Ends the session server-side and clears the cookie.',
    responses: { 200: { description: 'Signed out', schema: OkSchema } },
  },
] as const satisfies readonly RouteDef[];
