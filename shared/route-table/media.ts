import {
  BeginUploadBodySchema,
  CommitMediaBodySchema,
  CommittedMediaSchema,
  DeletedMediaSchema,
  DeleteMediaQuerySchema,
  ListMediaQuerySchema,
  MediaFileQuerySchema,
  MediaPageSchema,
  UploadTicketSchema,
} from '../media/media-schemas';
import type { RouteDef } from '../http/route-def';
import { mediaTypes } from '../media/media-types';
import { error } from './error-response';

/** The media group's rows: a repository's media files, listed, uploaded, read and deleted (an addition to the spec). */
export const mediaRoutes = [
  {
    id: 'listMedia',
    method: 'GET',
    path: '/api/repos/{repo}/media',
    group: 'media',
    access: 'content:read',
    summary: "List a media directory's files",
    description:
      "An addition to the spec: one page of the files directly inside a media directory (cms.config.json `media`; a collection's own with `collection`), sorted by name, each with its path, the public path an image field stores, size, type (guessed from the extension) and blob sha. One provider round trip per page; `ref` lists a draft branch. A directory not created yet lists empty.",
    query: ListMediaQuerySchema,
    responses: {
      200: { description: 'One page; `nextCursor` is null on the last', schema: MediaPageSchema },
      400: error(
        'A limit outside 1 to 100, a cursor this list did not give, a ref that is not a branch name, an invalid collection name',
      ),
      404: error(
        'Repository not connected, collection not found, or no media directory configured',
      ),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected',
      ),
    },
  },
  {
    id: 'beginMediaUpload',
    method: 'POST',
    path: '/api/repos/{repo}/media/uploads',
    group: 'media',
    access: 'content:write',
    summary: 'Start a media upload (get a signed upload URL)',
    description:
      "An addition to the spec: the first step of an upload. Checks the name (slugged as the commit will: `My Photo.JPG` → `my-photo.jpg`; accepted extensions png, jpg, jpeg, gif, webp, avif, svg, pdf, mp4, m4v, webm) and the size (1 byte to 25 MiB), and answers a ticket: PUT exactly `size` bytes to `url` with `headers` before `expiresAt` (15 minutes), then POST …/media with the `uploadId`. The bytes never pass through the API itself. `set` (an addition) checks now that the change set exists, so no bytes are sent for one that is not there; the commit's own `set` decides where the file lands.",
    body: BeginUploadBodySchema,
    responses: {
      201: { description: 'Where to PUT the bytes', schema: UploadTicketSchema },
      400: error(
        'An empty name, one with "/", "\\\\", control characters or no accepted extension; a size of 0; no media directory configured; a `set` that is not a set name',
      ),
      404: error(
        'Repository not connected, or not visible to you on GitHub; no change set of the name `set` gives',
      ),
      413: error('size is over the 25 MiB limit (the message names it)'),
    },
  },
  {
    id: 'commitMedia',
    method: 'POST',
    path: '/api/repos/{repo}/media',
    group: 'media',
    access: 'content:write',
    summary: 'Commit an uploaded media file',
    description:
      "An addition to the spec: commits an upload's bytes to the media directory (the collection's own, else the repository's) as one commit on the default branch, or on the item's draft branch `cms/{collection}/{slug}` with `draft` (created from the default branch when missing, like a branch save). The type is read from the bytes (magic numbers; SVG by its text) and must match the name's extension. An SVG is parsed as XML (strict, namespace-aware, entities decoded) and accepted only as plain drawing: elements and attributes on an allowlist by namespace URI; no script or foreignObject under any prefix, event handler, DOCTYPE with declarations, processing instruction, or reference outside the file in href, style or CSS (`#id` only, and raster images as data: URLs); the 400 names the first thing refused and its line. Media a draft adds on its branch by other means pass the same rules before the draft can be published. `set: name` commits to that change set's branch `cms/_sets/{name}` instead (it must exist and be open, with room), and the set is published with the file only once one of its items references it. An existing name is never overwritten: 409 names it, unless `replace.sha` is its current sha.",
    body: CommitMediaBodySchema,
    responses: {
      201: {
        description: 'Committed; put `publicPath` in an image or file field',
        schema: CommittedMediaSchema,
      },
      400: error(
        "A bad name; bytes of no accepted type, or of another type than the name's extension; an SVG that is not plain drawing (the message names what it holds and its line, e.g. a script element on line 3); no media directory; an invalid draft slug; `set` with `draft` (they are exclusive)",
      ),
      404: error(
        'Repository not connected, or collection not found; no change set of the name `set` gives',
      ),
      409: error(
        'The name exists (the message gives its path and sha) or was just uploaded by someone else, `replace.sha` is stale or names nothing; the change set `set` is closed or full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict: the upload is committed on top of it',
      ),
      410: error(
        'No staged bytes under this uploadId: never sent, expired, already committed, or issued to someone else',
      ),
    },
  },
  {
    id: 'getMediaFile',
    method: 'GET',
    path: '/api/repos/{repo}/media/file',
    group: 'media',
    access: 'content:read',
    summary: "Get a media file's bytes",
    description:
      "An addition to the spec: a media file's bytes, read with your access (so a private repository's images show in the editor), from the default branch or `ref`. Only files inside a configured media directory are served. Up to 4 MiB inline: Content-Type from the bytes, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; sandbox`, `Content-Disposition` inline for raster images, PDF and video and attachment for SVG and anything else, `Cache-Control: private, max-age=300`, ETag the blob sha (304 on If-None-Match). Larger files: 302 to a signed URL valid 5 minutes.",
    query: MediaFileQuerySchema,
    responses: {
      200: {
        description:
          'The bytes, typed by their Content-Type: the type read from them, application/octet-stream for a file of no accepted type',
        binary: true,
        contentTypes: [
          ...Object.values(mediaTypes).map((type) => type.contentType),
          'application/octet-stream',
        ],
        headers: {
          ETag: {
            description: 'The blob sha, quoted: send it back in If-None-Match',
            type: 'string',
            required: true,
          },
          'Content-Disposition': {
            description:
              'inline (raster images, PDF, video) or attachment (SVG, anything else), with the file name',
            type: 'string',
            required: true,
          },
        },
      },
      302: {
        description: 'Larger than 4 MiB: the bytes are at Location, a signed URL valid 5 minutes',
      },
      304: {
        description: 'Not modified: If-None-Match holds the current ETag; no body',
        headers: {
          ETag: {
            description: 'The blob sha, quoted (the one If-None-Match held)',
            type: 'string',
            required: true,
          },
        },
      },
      400: error(
        'path not a file path inside the repository (empty; a leading "/"; "\\\\"; an empty, "." or ".." segment; a percent-encoded ".", "/" or "\\\\"; control characters or NUL; inside .git), refused before any GitHub round trip; or ref not a branch name',
      ),
      404: error(
        'Not inside a media directory of cms.config.json (whether or not the file exists), or no such file',
      ),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected',
      ),
    },
  },
  {
    id: 'deleteMediaFile',
    method: 'DELETE',
    path: '/api/repos/{repo}/media/file',
    group: 'media',
    access: 'content:delete',
    summary: 'Delete a media file',
    description:
      'An addition to the spec: deletes a media file with one commit, guarded by its sha, on the default branch or on an existing draft branch (`ref`).',
    query: DeleteMediaQuerySchema,
    responses: {
      200: { description: 'Deleted', schema: DeletedMediaSchema },
      400: error(
        'path not a file path inside the repository (as for reading it; refused before any GitHub round trip), sha not a git object id, ref not a draft branch',
      ),
      404: error('Not inside a media directory, no such file, or the draft branch does not exist'),
      409: error(
        'The file changed (its sha is stale, or another commit changed it meanwhile); the branch kept moving (other commits landed first six times): try again',
      ),
    },
  },
] as const satisfies readonly RouteDef[];
