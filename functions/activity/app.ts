import { callerOptions } from '../../shared/http/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { routesOfGroup } from '../../shared/routes';
import type { ActivityDeps } from './deps';
import { listMyActivity, listRepoActivity } from './routes/activity-routes';

export const makeActivityHandler = (deps: ActivityDeps) =>
  makeGroupHandler({ table: routesOfGroup('activity'), routes: { listRepoActivity, listMyActivity }, ...callerOptions(deps) });
