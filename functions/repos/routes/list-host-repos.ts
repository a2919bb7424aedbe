import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ReposDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'repos'>, { id: 'listHostRepos' }>;

/** Asked with the caller's own provider token: GitHub decides what the caller can see; a token's scope narrows it. */
export const listHostRepos: RouteFn<Route, ReposDeps> = async ({ caller }, deps) => ({
  status: 200,
  body: await deps.reach.hostRepos(signedIn(caller)),
});
