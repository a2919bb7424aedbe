import * as z from 'zod/mini';
import { filePathProblem } from '../content/repo-path';
import { GitShaSchema } from '../content/schemas';
import { maxUploadBytes } from './upload-staging';

/** The media routes' bodies and answers (an addition to the spec), for the route table and the OpenAPI document. */

export const maxMediaPageSize = 100;

/** A file path in the repository taken by a route (`static/images/cover.png`): refused before any round trip when it could leave the repository (repo-path.ts). */
export const RepoFilePathSchema = z.string().check(
  z.superRefine((path, ctx) => {
    const problem = filePathProblem(path);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: path });
  }),
);

const DraftTargetSchema = z.object({
  collection: z.string(),
  /** The item's slug: the upload goes to its draft branch `cms/{collection}/{slug}` (created from the default branch when missing). */
  slug: z.string(),
});

export const ListMediaQuerySchema = z.object({
  /** The collection whose media directory to list (its own `media`, else the repository's); the repository's when absent. */
  collection: z.optional(z.string()),
  /** A branch to list from (a draft's `cms/{collection}/{slug}`); the default branch when absent. */
  ref: z.optional(z.string()),
  /** From the previous page's `nextCursor`. */
  cursor: z.optional(z.string()),
  /** Files per page, 1 to 100 (50 by default). */
  limit: z._default(z.coerce.number().check(z.int('expected an integer'), z.minimum(1), z.maximum(maxMediaPageSize)), 50),
});

export const MediaFileSchema = z.object({
  name: z.string(),
  /** In the repository: `static/images/cover.png`. */
  path: z.string(),
  /** Where the site serves it: what an image field stores (`/images/cover.png`). */
  publicPath: z.string(),
  size: z.number(),
  /** Guessed from the extension for listings (no bytes are read); uploads and reads check the bytes. */
  type: z.string(),
  /** The blob sha: send it as `replace.sha` or to DELETE. */
  sha: z.string(),
});

export const MediaPageSchema = z.object({
  /** The media directory listed and the path the site serves it at. */
  directory: z.string(),
  publicPath: z.string(),
  files: z.array(MediaFileSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});

export const BeginUploadBodySchema = z.object({
  /** The file name as the person chose it; checked and slugged as the commit will be. */
  name: z.string(),
  /** The exact number of bytes that will be PUT (1 to 25 MiB). */
  size: z.number().check(z.int('expected an integer')),
  /** What the client believes it is; the commit checks the bytes themselves. */
  contentType: z.string().check(z.regex(/^[\w.+-]+\/[\w.+-]+$/, 'expected a media type such as image/png'), z.maxLength(100)),
});

export const UploadTicketSchema = z.object({
  uploadId: z.string(),
  /** PUT exactly `size` bytes here, with `headers`, before `expiresAt`; then POST …/media with `uploadId`. */
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  /** The largest upload accepted, in bytes. */
  maxBytes: z.number(),
});

export const CommitMediaBodySchema = z.object({
  uploadId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The file name; slugged (`My Photo.JPG` → `my-photo.jpg`). */
  name: z.string(),
  /** The collection whose media directory receives the file; the repository's `media` when absent. */
  collection: z.optional(z.string()),
  /** Commit to this item's draft branch instead of the default branch (its collection's media directory). */
  draft: z.optional(DraftTargetSchema),
  /** Replace the file of that name, guarded by its current sha; without it an existing name is a 409. */
  replace: z.optional(z.object({ sha: GitShaSchema })),
});

export const CommittedMediaSchema = z.object({
  path: z.string(),
  publicPath: z.string(),
  sha: z.string(),
  size: z.number(),
  /** From the bytes. */
  contentType: z.string(),
  commit: z.string(),
  /** The draft branch the commit went to, for `draft` uploads. */
  branch: z.optional(z.string()),
});

export const MediaFileQuerySchema = z.object({
  /** The file's path in the repository (`static/images/cover.png`); only files inside a configured media directory are served. */
  path: RepoFilePathSchema,
  /** A branch to read from (a draft's); the default branch when absent. */
  ref: z.optional(z.string()),
});

export const DeleteMediaQuerySchema = z.object({
  path: RepoFilePathSchema,
  /** The file's current blob sha. */
  sha: GitShaSchema,
  /** Delete on this draft branch (`cms/{collection}/{slug}`, which must exist) instead of the default branch. */
  ref: z.optional(z.string()),
});

export const DeletedMediaSchema = z.object({ ok: z.literal(true), commit: z.string(), branch: z.optional(z.string()) });

export const uploadLimitWords = `${maxUploadBytes / 1024 / 1024} MiB`;
