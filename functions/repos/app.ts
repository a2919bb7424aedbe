import { callerOptions } from '../../shared/auth/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { ReposDeps } from './deps';
import { listHostRepos } from './routes/list-host-repos';
import { connectRepo, disconnectRepo, getConfig, listRepos } from './routes/repo-routes';

export const makeReposHandler = (deps: ReposDeps) =>
  makeGroupHandler({ group: 'repos', routes: { listHostRepos, listRepos, connectRepo, disconnectRepo, getConfig }, ...callerOptions(deps) });
