import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { GitShaSchema, saveModes, CommitMessageSchema } from '../content/schemas';
import { LocaleSchema } from '../content/i18n/i18n-config';

/**
 * The shapes of an item's history, its versions compared, and a restore (additions to the spec).
 * Kept apart from the domain code so the route table and the editor pull in none of it.
 */
export const maxHistoryLimit = 100;
export const defaultHistoryLimit = 30;

export const HistoryQuerySchema = z.object({
  limit: z.optional(
    z.coerce
      .number()
      .check(
        z.int('must be an integer from 1 to 100'),
        z.minimum(1, 'must be an integer from 1 to 100'),
        z.maximum(maxHistoryLimit, 'must be an integer from 1 to 100'),
      ),
  ),
  cursor: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9_-]{1,4000}$/,
          'is not a cursor this history gave (take `next` from the previous page)',
        ),
      ),
  ),
  branch: z.optional(z.string()),
  locale: z.optional(LocaleSchema.clone()),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const VersionAuthorSchema = z.object({
  login: z.nullable(z.string()),
  name: z.nullable(z.string()),
});

export const ItemVersionSchema = z.object({
  sha: z.string(),
  date: z.string(),
  message: z.string(),
  author: VersionAuthorSchema,
  slug: z.string(),
  path: z.string(),
  blob: z.nullable(z.string()),
  cms: z.optional(
    z.object({ action: z.string(), by: z.string(), schedule: z.optional(z.string()) }),
  ),
  changeRequest: z.optional(z.object({ number: z.int(), branch: z.string() })),
});
export type ItemVersion = z.infer<typeof ItemVersionSchema>;

export const ItemHistorySchema = z.object({
  versions: z.array(ItemVersionSchema),
  next: z.nullable(z.string()),
});
export type ItemHistory = z.infer<typeof ItemHistorySchema>;

export const CompareQuerySchema = z.object({
  from: z.string(),
  to: z.optional(z.string()),
  locale: z.optional(LocaleSchema.clone()),
});

export const RestoreBodySchema = z.object({
  version: GitShaSchema.clone(),
  sha: z.optional(GitShaSchema.clone()),
  mode: z.optional(z.enum(saveModes)),
  message: z.optional(CommitMessageSchema.clone()),
});
export type RestoreBody = z.infer<typeof RestoreBodySchema>;

export const RevertBodySchema = z.object({
  version: GitShaSchema.clone(),
  title: z.optional(z.string().check(z.maxLength(256, 'must be at most 256 characters'))),
});
export type RevertBody = z.infer<typeof RevertBodySchema>;

export const RevertResultSchema = z.object({
  branch: z.optional(z.string()),
  number: z.optional(z.int()),
  htmlUrl: z.optional(z.string()),
  unchanged: z.optional(z.literal(true)),
});
export type RevertResult = z.infer<typeof RevertResultSchema>;

export const historyDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(HistoryQuerySchema, {
    properties: {
      limit: 'How many versions per page: 1 to 100, 30 by default',
      cursor: 'The `next` of the previous page; absent for the newest versions',
      branch:
        'The history of the item on this branch (its draft branch, say); the default branch when absent',
      locale:
        "An addition, for a translated collection: the version history of that locale's file of the item, e.g. `fr` (the default locale's when absent). A locale the collection does not have, or any on an untranslated collection, answers 400",
    },
  });
  document(ItemVersionSchema, {
    properties: {
      sha: 'The commit (read this version with `GET …/{slug}?ref=<sha>`)',
      date: "The author's date of the commit (ISO 8601)",
      message: 'The whole commit message',
      author: "The commit's author",
      'author.login': "The GitHub account of the author's email; null when no account has it",
      'author.name': 'The name the commit gives',
      slug: "The item's slug in this version: another slug than today's before a rename",
      path: "The item's file in this version",
      blob: "The file's blob sha in this version; null for the commit that deleted it",
      cms: 'Present when the commit was made through the CMS: what it did and for whom',
      'cms.action': 'Saved, Published, Renamed, Deleted, Restored, Reverted…, as the message says',
      'cms.by': 'The login of the CMS user the commit was made for',
      'cms.schedule':
        "Present when a schedule published it (`action` is `Published on schedule`): the schedule's id",
      changeRequest:
        'Present when the commit came through a pull request (a published draft): its number and branch',
      'changeRequest.number': 'The pull request number',
      'changeRequest.branch': 'Its head branch (`cms/{collection}/{slug}` for the CMS’s drafts)',
    },
    examples: [
      {
        sha: '9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b',
        date: '2024-02-15T09:30:00Z',
        message: 'Fix the title (#12)\n\nPublished in the CMS by @alice.',
        author: { login: 'alice', name: 'Alice Martin' },
        slug: '2024-02-14-hello-world',
        path: 'content/posts/2024-02-14-hello-world.md',
        blob: '3f786850e387550fdab836ed7e6dc881de23001b',
        cms: { action: 'Published', by: 'alice' },
        changeRequest: { number: 12, branch: 'cms/posts/2024-02-14-hello-world' },
      },
    ],
  });
  document(ItemHistorySchema, {
    properties: {
      versions: 'The commits that changed the item, newest first',
      next: 'The cursor of the next page (send it as `cursor`); null on the last page',
    },
  });
  document(CompareQuerySchema, {
    properties: {
      from: 'The older version: a full commit sha, or a branch name',
      to: 'The newer version: a full commit sha, or a branch name; the default branch when absent',
      locale:
        "An addition, for a translated collection: compare that locale's file of the item (the default locale's when absent); 400 for a locale the collection does not have",
    },
  });
  document(RevertBodySchema, {
    properties: {
      version:
        "The commit whose change to the item is undone: a published change request's commit (a version with `changeRequest`), or any version that changed the item",
      title: 'The change request\'s title; absent or blank: `Undo "<the version\'s summary>"`',
    },
    examples: [{ version: '9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b' }],
  });
  document(RevertResultSchema, {
    properties: {
      branch: 'The draft branch holding the undo, `cms/{collection}/{slug}`',
      number: 'The change request opened for it',
      htmlUrl: 'The change request on GitHub',
      unchanged:
        "Present (true) when the item already holds none of the version's changes: no branch, no change request",
    },
    examples: [
      {
        branch: 'cms/posts/2024-02-14-hello-world',
        number: 13,
        htmlUrl: 'https://github.com/acme/site/pull/13',
      },
    ],
  });
  document(RestoreBodySchema, {
    properties: {
      version: 'The commit whose copy of the item comes back (a `sha` of the history)',
      sha: "The item's current blob sha (the file's `sha`), guarding against a change meanwhile; absent when the item no longer exists",
      mode: "`direct` commits to the default branch, `branch` to the draft branch `cms/{collection}/{slug}`; absent: the collection's workflow (`pr` collections: `branch`). A locked collection takes only its own",
      message: 'The commit message; absent or blank: `Restore {collection}/{slug} to <short sha>`',
    },
    examples: [
      {
        version: '9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      },
    ],
  });
});
