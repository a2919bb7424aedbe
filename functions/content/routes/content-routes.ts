import { skippedFilesHeader } from '../../../shared/content/schemas';
import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ContentDeps } from '../deps';
import { pageHeaders } from './page-headers';
import { retryAfterHeader } from '../../../shared/content/list-schemas';

type Route<Id> = Extract<RoutesOfGroup<'content'>, { id: Id }>;

export const listContent: RouteFn<Route<'listContent'>, ContentDeps> = async (
  { caller, params, query, headers },
  deps,
) => {
  const listed = await deps.lists.list({
    userId: signedIn(caller).userId,
    fullName: params.repo,
    collection: params.collection,
    query,
    acceptEncoding: headers['accept-encoding'],
  });
  if (listed.kind === 'building') {
    const retry: Record<string, string> = { [retryAfterHeader]: String(listed.retryAfterSeconds) };
    return {
      status: 503,
      body: { error: listed.message, progress: listed.progress },
      headers: retry,
    };
  }
  const page: Record<string, string> = {
    [skippedFilesHeader]: String(listed.skipped),
    ...(listed.page && pageHeaders(deps.publicUrl, params, query, listed.page)),
  };
  return { status: 200, body: listed.items, headers: page };
};

export const listSkippedFiles: RouteFn<Route<'listSkippedFiles'>, ContentDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: (await deps.reads.files(signedIn(caller).userId, params.repo, params.collection)).skipped,
});

export const getContent: RouteFn<Route<'getContent'>, ContentDeps> = async (
  { caller, params, query },
  deps,
) => ({
  status: 200,
  body: await deps.reads.get(
    signedIn(caller).userId,
    params.repo,
    params.collection,
    params.slug,
    query.branch,
  ),
});

export const putContent: RouteFn<Route<'putContent'>, ContentDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  // The commit is not part of the spec's answer.
  const { commit, ...saved } = await deps.writes.put(
    user.userId,
    user.login,
    params.repo,
    params.collection,
    params.slug,
    body,
  );
  return { status: 200, body: saved };
};

export const deleteContent: RouteFn<Route<'deleteContent'>, ContentDeps> = async (
  { caller, params, query },
  deps,
) => {
  const user = signedIn(caller);
  const { commit, ...deleted } = await deps.writes.delete(
    user.userId,
    user.login,
    params.repo,
    params.collection,
    params.slug,
    query.sha,
    query.mode,
  );
  return { status: 200, body: deleted };
};

export const renameContent: RouteFn<Route<'renameContent'>, ContentDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.moves.rename(
      user.userId,
      user.login,
      params.repo,
      params.collection,
      params.slug,
      body,
    ),
  };
};

export const duplicateContent: RouteFn<Route<'duplicateContent'>, ContentDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.moves.duplicate(
      user.userId,
      user.login,
      params.repo,
      params.collection,
      params.slug,
      body,
    ),
  };
};

export const deleteContentItems: RouteFn<Route<'deleteContentItems'>, ContentDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.deletions.deleteMany(user.userId, user.login, params.repo, body),
  };
};
