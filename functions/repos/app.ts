import { callerOptions } from '../../shared/http/base-deps';
import { routesOfGroup } from '../../shared/routes';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ReposDeps } from './deps';
import { listHostRepos } from './routes/list-host-repos';
import { connectRepo, disconnectRepo, getConfig, listRepos } from './routes/repo-routes';

export const makeReposHandler = (deps: ReposDeps) =>
  makeGroupHandler({ table: routesOfGroup('repos'), routes: { listHostRepos, listRepos, connectRepo, disconnectRepo, getConfig }, ...callerOptions(deps) });
