import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ReposDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'repos'>, { id: Id }>;

export const listRepos: RouteFn<Route<'listRepos'>, ReposDeps> = async ({ caller }, deps) => ({
  status: 200,
  body: await deps.repoAdmin.list(signedIn(caller)),
});

export const connectRepo: RouteFn<Route<'connectRepo'>, ReposDeps> = async (
  { caller, body },
  deps,
) => {
  const user = signedIn(caller);
  await deps.repoAdmin.connect({ userId: user.userId, login: user.login, fullName: body.fullName });
  return { status: 201, body: { ok: true } };
};

export const disconnectRepo: RouteFn<Route<'disconnectRepo'>, ReposDeps> = async (
  { caller, params },
  deps,
) => {
  await deps.repoAdmin.disconnect(signedIn(caller).userId, params.repo);
  return { status: 200, body: { ok: true } };
};

/** Read fresh from the default branch (one round trip), so the answer is never an old config. */
export const getConfig: RouteFn<Route<'getConfig'>, ReposDeps> = async (
  { caller, params },
  deps,
) => {
  const view = await deps.reader.read({
    userId: signedIn(caller).userId,
    fullName: params.repo,
    wants: () => ({}),
  });
  return { status: 200, body: view.config };
};
