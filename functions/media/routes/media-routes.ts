import { actingOn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { MediaDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'media'>, { id: Id }>;

export const listMedia: RouteFn<Route<'listMedia'>, MediaDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.library.list({ ...actingOn(request), input: request.query }),
});

export const beginMediaUpload: RouteFn<Route<'beginMediaUpload'>, MediaDeps> = async (
  request,
  deps,
) => ({
  status: 201,
  body: await deps.uploads.begin({ ...actingOn(request), input: request.body }),
});

export const commitMedia: RouteFn<Route<'commitMedia'>, MediaDeps> = async (request, deps) => ({
  status: 201,
  body: await deps.uploads.commit({ ...actingOn(request), input: request.body }),
});

/** The bytes under their own type, never sniffed, in a sandbox: a file can never act as a page of the service. */
const fileHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

export const getMediaFile: RouteFn<Route<'getMediaFile'>, MediaDeps> = async (request, deps) => {
  const read = await deps.library.read({
    ...actingOn(request),
    input: { ...request.query, ifNoneMatch: request.headers['if-none-match'] },
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
  request,
  deps,
) => ({
  status: 200,
  body: await deps.deletions.remove({ ...actingOn(request), input: request.query }),
});
