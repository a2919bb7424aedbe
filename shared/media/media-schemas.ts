import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { filePathProblem } from '../content/repo-path';
import { GitShaSchema, SetNameSchema } from '../content/schemas';
import { maxUploadBytes } from '../ports/upload-staging';

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
  slug: z.string(),
});

export const ListMediaQuerySchema = z.object({
  collection: z.optional(z.string()),
  ref: z.optional(z.string()),
  cursor: z.optional(z.string()),
  limit: z._default(
    z.coerce
      .number()
      .check(z.int('expected an integer'), z.minimum(1), z.maximum(maxMediaPageSize)),
    50,
  ),
});

export const MediaFileSchema = z.object({
  name: z.string(),
  path: z.string(),
  publicPath: z.string(),
  size: z.number(),
  type: z.string(),
  sha: z.string(),
});

export const MediaPageSchema = z.object({
  directory: z.string(),
  publicPath: z.string(),
  files: z.array(MediaFileSchema),
  nextCursor: z.nullable(z.string()),
});

export const BeginUploadBodySchema = z.object({
  name: z.string(),
  size: z.number().check(z.int('expected an integer')),
  contentType: z
    .string()
    .check(
      z.regex(/^[\w.+-]+\/[\w.+-]+$/, 'expected a media type such as image/png'),
      z.maxLength(100),
    ),
  set: z.optional(SetNameSchema.clone()),
});

export const UploadTicketSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number(),
});

export const CommitMediaBodySchema = z
  .object({
    uploadId: z.string().check(z.minLength(1), z.maxLength(200)),
    name: z.string(),
    collection: z.optional(z.string()),
    draft: z.optional(DraftTargetSchema),
    set: z.optional(SetNameSchema.clone()),
    replace: z.optional(z.object({ sha: GitShaSchema.clone() })),
  })
  .check(
    // `set` takes the place of `draft`, as it takes the place of a save's `mode`.
    z.refine((value) => value.set === undefined || value.draft === undefined, {
      message:
        'set: a write into a change set goes to its branch; leave out draft (set and draft are exclusive)',
    }),
  );

export const CommittedMediaSchema = z.object({
  path: z.string(),
  publicPath: z.string(),
  sha: z.string(),
  size: z.number(),
  contentType: z.string(),
  commit: z.string(),
  branch: z.optional(z.string()),
});

export const MediaFileQuerySchema = z.object({
  path: RepoFilePathSchema.clone(),
  ref: z.optional(z.string()),
});

export const DeleteMediaQuerySchema = z.object({
  path: RepoFilePathSchema.clone(),
  sha: GitShaSchema.clone(),
  ref: z.optional(z.string()),
});

export const DeletedMediaSchema = z.object({
  ok: z.literal(true),
  commit: z.string(),
  branch: z.optional(z.string()),
});

export const uploadLimitWords = `${maxUploadBytes / 1024 / 1024} MiB`;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const mediaDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(DraftTargetSchema, {
    properties: {
      collection: "The item's collection",
      slug: "The item's slug: the upload goes to its draft branch `cms/{collection}/{slug}` (created from the default branch when missing)",
    },
  });
  document(ListMediaQuerySchema, {
    properties: {
      collection:
        "The collection whose media directory to list (its own `media`, else the repository's); the repository's when absent",
      ref: "A branch to list from (a draft's `cms/{collection}/{slug}`); the default branch when absent",
      cursor: "From the previous page's `nextCursor`",
      limit: 'Files per page, 1 to 100 (50 by default)',
    },
  });
  document(MediaFileSchema, {
    properties: {
      name: 'The file name',
      path: 'In the repository: `static/images/cover.png`',
      publicPath: 'Where the site serves it: what an image field stores (`/images/cover.png`)',
      size: 'Bytes',
      type: 'Guessed from the extension for listings (no bytes are read); uploads and reads check the bytes',
      sha: 'The blob sha: send it as `replace.sha` or to DELETE',
    },
  });
  document(MediaPageSchema, {
    properties: {
      directory: 'The media directory listed and the path the site serves it at',
      publicPath: 'Where the site serves the directory (`/images`)',
      files: 'The files of this page, sorted by name',
      nextCursor: 'Pass as `cursor` for the next page; null on the last page',
    },
    examples: [
      {
        directory: 'static/images',
        publicPath: '/images',
        files: [
          {
            name: 'cover.png',
            path: 'static/images/cover.png',
            publicPath: '/images/cover.png',
            size: 48_213,
            type: 'image/png',
            sha: '3f786850e387550fdab836ed7e6dc881de23001b',
          },
        ],
        nextCursor: null,
      },
    ],
  });
  document(BeginUploadBodySchema, {
    properties: {
      name: 'The file name as the person chose it; checked and slugged as the commit will be',
      size: 'The exact number of bytes that will be PUT (1 to 25 MiB)',
      contentType: 'What the client believes it is; the commit checks the bytes themselves',
      set: 'A change set the file is for (POST /api/repos/{repo}/sets): checked now (404 when it does not exist), so no bytes are sent for a set that is not there; send it again with the commit, which decides where the file lands',
    },
    examples: [{ name: 'Cover.PNG', size: 48_213, contentType: 'image/png' }],
  });
  document(UploadTicketSchema, {
    properties: {
      uploadId: 'Names the staged bytes when committing them (POST …/media)',
      url: 'PUT exactly `size` bytes here, with `headers`, before `expiresAt`; then POST …/media with `uploadId`',
      method: 'Always PUT',
      headers: 'Headers the PUT must carry, as given',
      expiresAt: 'When `url` stops accepting the bytes (ISO 8601; 15 minutes)',
      maxBytes: 'The largest upload accepted, in bytes',
    },
    examples: [
      {
        uploadId: 'u_5b0c1d2e3f4a',
        url: 'https://uploads.example.org/staging/u_5b0c1d2e3f4a?signature=…',
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        expiresAt: '2025-01-02T10:15:00Z',
        maxBytes: 26_214_400,
      },
    ],
  });
  document(CommitMediaBodySchema, {
    properties: {
      uploadId: 'From the ticket of POST …/media/uploads',
      name: 'The file name; slugged (`My Photo.JPG` → `my-photo.jpg`)',
      collection:
        "The collection whose media directory receives the file; the repository's `media` when absent",
      draft:
        "Commit to this item's draft branch instead of the default branch (its collection's media directory)",
      set: "An addition: commit to this change set's branch `cms/_sets/{name}` instead (the media directory `collection` names, else the repository's), published with the set. The set publishes it only once one of its items references it (else `foreign-files`). Takes the place of `draft` (leave it out). 404 when the set does not exist; 409 when it is closed or full (100 items)",
      replace:
        'Replace the file of that name, guarded by its current sha; without it an existing name is a 409',
      'replace.sha': 'The current blob sha of the file to replace',
    },
    examples: [{ uploadId: 'u_5b0c1d2e3f4a', name: 'Cover.PNG' }],
  });
  document(CommittedMediaSchema, {
    properties: {
      path: "The file's path in the repository",
      publicPath: 'What an image or file field stores',
      sha: 'The new blob sha',
      size: 'Bytes',
      contentType: 'From the bytes',
      commit: 'The commit that added it',
      branch: "The draft branch the commit went to, for `draft` uploads; the set's for `set`",
    },
    examples: [
      {
        path: 'static/images/cover.png',
        publicPath: '/images/cover.png',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
        size: 48_213,
        contentType: 'image/png',
        commit: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
      },
    ],
  });
  document(MediaFileQuerySchema, {
    properties: {
      path: "The file's path in the repository (`static/images/cover.png`); only files inside a configured media directory are served",
      ref: "A branch to read from (a draft's); the default branch when absent",
    },
  });
  document(DeleteMediaQuerySchema, {
    properties: {
      path: "The file's path in the repository, inside a media directory",
      sha: "The file's current blob sha",
      ref: 'Delete on this draft branch (`cms/{collection}/{slug}`, which must exist) instead of the default branch',
    },
  });
  document(DeletedMediaSchema, {
    properties: {
      ok: 'Deleted',
      commit: 'The commit that deleted it',
      branch: 'The draft branch the deletion went to, when `ref` named one',
    },
    examples: [{ ok: true, commit: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391' }],
  });
});
