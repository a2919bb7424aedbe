import { callerOptions } from '../../shared/http/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { activityRoutes } from '../../shared/route-table/activity';
import type { ActivityDeps } from './deps';
import { listMyActivity, listRepoActivity } from './routes/activity-routes';

export const makeActivityHandler = (deps: ActivityDeps) =>
  makeGroupHandler({
    table: activityRoutes,
    routes: { listRepoActivity, listMyActivity },
    ...callerOptions(deps),
  });
