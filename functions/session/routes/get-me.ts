import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { SessionDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'session'>, { id: 'getMe' }>;

/** Who is signed in. API tokens count too: they act as the user who created them. */
export const getMe: RouteFn<Route, SessionDeps> = async ({ caller }) => ({
  status: 200,
  body:
    caller.kind === 'anonymous'
      ? { authenticated: false }
      : { authenticated: true, username: caller.login },
});
