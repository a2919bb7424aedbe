import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ContentDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'content'>, { id: Id }>;

export const beatPresence: RouteFn<Route<'beatPresence'>, ContentDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.presence.beat({
      userId: user.userId,
      login: user.login,
      fullName: params.repo,
      collection: params.collection,
      slug: params.slug,
      sha: body.sha,
      ...(body.branch !== undefined && { branch: body.branch }),
    }),
  };
};

export const leavePresence: RouteFn<Route<'leavePresence'>, ContentDeps> = async (
  { caller, params },
  deps,
) => {
  await deps.presence.leave({
    userId: signedIn(caller).userId,
    fullName: params.repo,
    collection: params.collection,
    slug: params.slug,
  });
  return { status: 200, body: { ok: true } };
};

export const listPresence: RouteFn<Route<'listPresence'>, ContentDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.presence.ofCollection({
    userId: signedIn(caller).userId,
    fullName: params.repo,
    collection: params.collection,
  }),
});
