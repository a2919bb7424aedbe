import { findUser } from './access';
import { privateUser } from './rest-shapes';
import { restError, type RestRoute } from './rest-router';

export const userRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/user',
    auth: 'user',
    handle(ctx, req) {
      const user = req.caller.kind === 'user' ? findUser(ctx, req.caller.login) : undefined;
      if (!user) return restError(401, 'Bad credentials');
      return { status: 200, body: privateUser(ctx, user) };
    },
  },
];
