import { inRepoScope } from '../../../shared/auth/caller';
import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ActivityDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'activity'>, { id: Id }>;

export const listRepoActivity: RouteFn<Route<'listRepoActivity'>, ActivityDeps> = async (
  { caller, params, query },
  deps,
) => {
  // The provider's own access first: a repository the caller cannot see on GitHub is 404.
  await deps.permissions(signedIn(caller).userId, params.repo);
  return {
    status: 200,
    body: await deps.activityLog.ofRepo({
      fullName: params.repo,
      limit: query.limit,
      cursor: query.cursor,
    }),
  };
};

export const listMyActivity: RouteFn<Route<'listMyActivity'>, ActivityDeps> = async (
  { caller, query },
  deps,
) => {
  const user = signedIn(caller);
  const page = await deps.activityLog.ofUser({
    userId: user.userId,
    limit: query.limit,
    cursor: query.cursor,
  });
  if (user.kind !== 'token') return { status: 200, body: page };
  // A token sees its user's records only where its scope reaches.
  const records = page.records.filter((record) =>
    record.repo === undefined ? user.repos.includes('*') : inRepoScope(user.repos, record.repo),
  );
  return { status: 200, body: { ...page, records } };
};
