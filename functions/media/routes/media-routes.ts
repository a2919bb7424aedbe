import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { MediaDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'media'>, { id: Id }>;

export const listMedia: RouteFn<Route<'listMedia'>, MediaDeps> = async (
  { caller, params, query },
  deps,
) => ({
  status: 200,
  body: await deps.library.list(signedIn(caller).userId, params.repo, query),
});

export const beginMediaUpload: RouteFn<Route<'beginMediaUpload'>, MediaDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 201,
  body: await deps.uploads.begin(signedIn(caller).userId, params.repo, body),
});

export const commitMedia: RouteFn<Route<'commitMedia'>, MediaDeps> = async (
  { caller, params, body },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 201,
    body: await deps.uploads.commit(user.userId, user.login, params.repo, body),
  };
};

/** The bytes under their own type, never sniffed, in a sandbox: a file can never act as a page of the service. */
const fileHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

export const getMediaFile: RouteFn<Route<'getMediaFile'>, MediaDeps> = async (
  { caller, params, query, headers },
  deps,
) => {
  const read = await deps.library.read(signedIn(caller).userId, params.repo, {
    ...query,
    ifNoneMatch: headers['if-none-match'],
  });
  const cache = { 'cache-control': 'private, max-age=300', etag: read.etag };
  if (read.kind === 'not-modified') return { status: 304, headers: { ...fileHeaders, ...cache } };
  // The signed URL is short-lived: the redirect itself is never cached.
  if (read.kind === 'redirect')
    return {
      status: 302,
      headers: { ...fileHeaders, location: read.url, 'cache-control': 'no-store' },
    };
  return {
    status: 200,
    binary: read.bytes,
    headers: {
      ...fileHeaders,
      ...cache,
      'content-type': read.headers.contentType,
      'content-disposition': read.headers.contentDisposition,
      'content-length': String(read.bytes.length),
    },
  };
};

export const deleteMediaFile: RouteFn<Route<'deleteMediaFile'>, MediaDeps> = async (
  { caller, params, query },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.deletions.remove(user.userId, user.login, params.repo, query),
  };
};
