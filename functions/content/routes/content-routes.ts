import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ContentDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'content'>, { id: Id }>;


export const listContent: RouteFn<Route<'listContent'>, ContentDeps> = async ({ caller, params }, deps) => ({
  status: 200,
  body: await deps.reads.list(signedIn(caller).userId, params.repo, params.collection),
});

export const getContent: RouteFn<Route<'getContent'>, ContentDeps> = async ({ caller, params, query }, deps) => ({
  status: 200,
  body: await deps.reads.get(signedIn(caller).userId, params.repo, params.collection, params.slug, query.branch),
});

export const putContent: RouteFn<Route<'putContent'>, ContentDeps> = async ({ caller, params, body }, deps) => {
  const user = signedIn(caller);
  return { status: 200, body: await deps.writes.put(user.userId, user.login, params.repo, params.collection, params.slug, body) };
};

export const deleteContent: RouteFn<Route<'deleteContent'>, ContentDeps> = async ({ caller, params, query }, deps) => {
  const user = signedIn(caller);
  return { status: 200, body: await deps.writes.delete(user.userId, user.login, params.repo, params.collection, params.slug, query.sha, query.mode) };
};
