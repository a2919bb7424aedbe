import { actingOn, signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { PullsDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'pulls'>, { id: Id }>;

export const createSet: RouteFn<Route<'createSet'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.setActions.create({ ...actingOn(request), input: request.body }),
});

export const listSets: RouteFn<Route<'listSets'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.setActions.list(signedIn(caller).userId, params.repo),
});

export const removeSetItem: RouteFn<Route<'removeSetItem'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.setActions.removeItem({
    ...actingOn(request),
    name: request.params.name,
    collection: request.params.collection,
    slug: request.params.slug,
  }),
});
