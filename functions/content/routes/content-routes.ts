import { skippedFilesHeader } from '../../../shared/content/schemas';
import { InvalidInputError } from '../../../shared/errors';
import { actingOn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { ContentDeps } from '../deps';
import { collectionOf, itemOf } from './item-request';
import { pageHeaders } from './page-headers';
import { retryAfterHeader } from '../../../shared/content/list-schemas';

type Route<Id> = Extract<RoutesOfGroup<'content'>, { id: Id }>;

export const listContent: RouteFn<Route<'listContent'>, ContentDeps> = async (request, deps) => {
  const { params, query: all, headers } = request;
  // The locale picks the files listed; the rest is the page asked for (list-schemas.ts).
  const { locale, ...query } = all;
  const listed = await deps.lists.list({
    ...collectionOf(request),
    ...(locale !== undefined && { locale }),
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
    ...(listed.page && pageHeaders(deps.publicUrl, params, all, listed.page)),
  };
  return { status: 200, body: listed.items, headers: page };
};

export const listSkippedFiles: RouteFn<Route<'listSkippedFiles'>, ContentDeps> = async (
  request,
  deps,
) => ({ status: 200, body: (await deps.reads.files(collectionOf(request))).skipped });

export const getTranslationReport: RouteFn<Route<'getTranslationReport'>, ContentDeps> = async (
  request,
  deps,
) => ({ status: 200, body: await deps.translations.report(collectionOf(request)) });

export const getContent: RouteFn<Route<'getContent'>, ContentDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.reads.get({
    ...itemOf(request),
    branch: request.query.branch,
    ref: request.query.ref,
    ...(request.query.locale !== undefined && { locale: request.query.locale }),
  }),
});

export const putContent: RouteFn<Route<'putContent'>, ContentDeps> = async (request, deps) => {
  // The commit is not part of the spec's answer.
  const { locale } = request.query;
  const { commit, ...saved } = await deps.writes.put({
    ...itemOf(request),
    ...(locale !== undefined && { locale }),
    input: request.body,
  });
  return { status: 200, body: saved };
};

export const deleteContent: RouteFn<Route<'deleteContent'>, ContentDeps> = async (
  request,
  deps,
) => {
  const { sha, mode, locale, set } = request.query;
  const { commit, ...deleted } = await deps.writes.delete({
    ...itemOf(request),
    ...(locale !== undefined && { locale }),
    sha,
    mode,
    set,
  });
  return { status: 200, body: deleted };
};

export const renameContent: RouteFn<Route<'renameContent'>, ContentDeps> = async (
  request,
  deps,
) => {
  // One item in several locales: its slug is the same in each, so it moves in all of them at once.
  if (request.query.locale !== undefined)
    throw new InvalidInputError(
      'locale: a translated item is renamed in all its locales at once; send no locale',
    );
  return {
    status: 200,
    body: await deps.moves.rename({ ...itemOf(request), input: request.body }),
  };
};

export const duplicateContent: RouteFn<Route<'duplicateContent'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.moves.duplicate({ ...itemOf(request), input: request.body }),
});

export const createTranslation: RouteFn<Route<'createTranslation'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 201,
  body: await deps.translationCreates.create({ ...itemOf(request), input: request.body }),
});

export const deleteContentItems: RouteFn<Route<'deleteContentItems'>, ContentDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.deletions.deleteMany({ ...actingOn(request), input: request.body }),
});
