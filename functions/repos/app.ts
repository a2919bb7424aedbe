import { callerOptions } from '../../shared/http/base-deps';
import { reposRoutes } from '../../shared/route-table/repos';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ReposDeps } from './deps';
import { listHostRepos } from './routes/list-host-repos';
import { connectRepo, disconnectRepo, getConfig, listRepos } from './routes/repo-routes';

export const makeReposHandler = (deps: ReposDeps) =>
  makeGroupHandler({
    table: reposRoutes,
    routes: { listHostRepos, listRepos, connectRepo, disconnectRepo, getConfig },
    ...callerOptions(deps),
  });
