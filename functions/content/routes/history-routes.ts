import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ContentDeps } from '../deps';
import { itemOf } from './item-request';

type Route<Id> = Extract<RoutesOfGroup<'content'>, { id: Id }>;

export const getContentHistory: RouteFn<Route<'getContentHistory'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.history.log({ ...itemOf(request), ...request.query }),
});

export const compareContentVersions: RouteFn<Route<'compareContentVersions'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.versions.compare({ ...itemOf(request), ...request.query }),
});

export const revertContentVersion: RouteFn<Route<'revertContentVersion'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.revert.revert({
    ...itemOf(request),
    ...(request.query.locale !== undefined && { locale: request.query.locale }),
    input: request.body,
  }),
});

export const restoreContentVersion: RouteFn<Route<'restoreContentVersion'>, ContentDeps> = async (
  request,
  deps,
) => {
  // The commit is not part of the answer, as for a save.
  const { commit, ...restored } = await deps.versions.restore({
    ...itemOf(request),
    ...(request.query.locale !== undefined && { locale: request.query.locale }),
    input: request.body,
  });
  return { status: 200, body: restored };
};
