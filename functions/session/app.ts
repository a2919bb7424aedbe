import { callerOptions } from '../../shared/http/base-deps';
import { sessionRoutes } from '../../shared/route-table/session';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { SessionDeps } from './deps';
import { callback } from './routes/callback';
import { getMe } from './routes/get-me';
import { login } from './routes/login';
import { logout } from './routes/logout';

export const makeSessionHandler = (deps: SessionDeps) =>
  makeGroupHandler({
    table: sessionRoutes,
    routes: { getMe, login, callback, logout },
    ...callerOptions(deps),
  });
