import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { LocaleSchema } from './i18n/i18n-config';
import { ItemTranslationsSchema } from './i18n/translation-schemas';

/**
 * Request and response shapes of the content routes, exactly as the spec's tables give them.
 * Kept apart from the domain code so the route table pulls in no YAML parser.
 */
const FrontmatterSchema = z.record(z.string(), z.unknown());

/** How zod names a JSON value's type in its words (`received array`). */
const jsonTypeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Frontmatter as a client sends it: any JSON object, passed on as the very object JSON.parse made.
 * zod's record and object schemas build a new object and leave out a `__proto__` key (assigning
 * it would set the prototype), which silently dropped a value the user sent; `__proto__`,
 * `constructor` and `prototype` are data here like any other key, at every depth. Refused with
 * FrontmatterSchema's words, and documented as it is (json-schema.ts). Marked pure: the editor
 * imports this module for a constant, and its bundle drops what it does not use.
 */
export const SentFrontmatterSchema = /* @__PURE__ */ z.unknown().check(
  z.superRefine((value, ctx) => {
    if (jsonTypeOf(value) !== 'object')
      ctx.issues.push({
        code: 'custom',
        message: `Invalid input: expected record, received ${jsonTypeOf(value)}`,
        input: value,
      });
  }),
) as unknown as z.ZodMiniType<Record<string, unknown>>;

/** A git object id: 40 hex digits (SHA-1), or 64 for SHA-256 repositories. Each use takes its own `.clone()` where it is described on its own (schemaDocs). */
export const GitShaSchema = z
  .string()
  .check(
    z.regex(
      /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i,
      'expected a git object id (40 or 64 hexadecimal digits)',
    ),
  );

/**
 * Why an item cannot be edited as a record of fields (an addition to the spec's ContentItem):
 * - `invalid-frontmatter`: the YAML does not parse; `frontmatter` is empty, and a save that sends
 *   every field replaces the block;
 * - `unsupported-format`: no longer reported (TOML `+++` and JSON frontmatter are read and edited like YAML); kept so that clients written for it still validate;
 * - `too-large`: the frontmatter is over the documented limits and is not parsed; saves are refused;
 * - `symlink`: the path is a symbolic link; it is never followed and never written;
 * - `not-text`: the file is binary.
 */
export const itemProblemCodes = [
  'invalid-frontmatter',
  'unsupported-format',
  'too-large',
  'symlink',
  'not-text',
] as const;
export type ItemProblemCode = (typeof itemProblemCodes)[number];
export const ItemProblemSchema = z.object({
  code: z.enum(itemProblemCodes),
  message: z.string(),
  line: z.optional(z.int()),
});
export type ItemProblem = z.infer<typeof ItemProblemSchema>;

/** At most this many characters of an item's first problem go into a list (item-problems.ts). */
export const maxProblemMessageLength = 200;

/** What `cms check` finds wrong with an item's fields, as a list carries it: a count and the first. */
export const ItemProblemsSchema = z.object({
  count: z.int(),
  first: z.string(),
});
export type ItemProblems = z.infer<typeof ItemProblemsSchema>;

export const ContentItemSchema = z.object({
  slug: z.string(),
  path: z.string(),
  sha: z.string(),
  frontmatter: FrontmatterSchema,
  heading: z.optional(z.string()),
  body: z.optional(z.string()),
  branch: z.optional(z.string()),
  prNumber: z.optional(z.int()),
  /** A translated collection's item (an addition): the locale of this file. */
  locale: z.optional(z.string()),
  /** A translated collection's single item (an addition): every locale's file and status. */
  translations: z.optional(ItemTranslationsSchema),
  /** A translation just created (an addition): the `translate` fields copied from the default locale. */
  placeholders: z.optional(z.array(z.string())),
  /** Present when the file cannot be edited as fields; see ItemProblemSchema. */
  problem: z.optional(ItemProblemSchema),
  problems: z.optional(ItemProblemsSchema),
  rawFrontmatter: z.optional(z.string()),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const GetContentQuerySchema = z.object({
  locale: z.optional(LocaleSchema.clone()),
  ref: z.optional(z.string()),
  branch: z.optional(z.string()),
});

/** `?locale=` of the routes of one item or one collection: a translated collection's locale. */
export const LocaleQuerySchema = z.object({ locale: z.optional(LocaleSchema.clone()) });

export const saveModes = ['direct', 'branch'] as const;
export type SaveMode = (typeof saveModes)[number];

/** At most this many characters in a commit message a person writes on save. */
export const maxCommitMessageLength = 5_000;

/**
 * A commit message written on save (an addition): a summary line and, after a blank line, an
 * optional description, as git wants them. No NUL or control characters but line breaks and tabs
 * (git stops at NUL; the others would hide text in `git log`). Blank means "the generated one".
 */
export const CommitMessageSchema = z.string().check(
  z.maxLength(maxCommitMessageLength, `expected at most ${maxCommitMessageLength} characters`),
  // eslint-disable-next-line no-control-regex -- the very characters refused
  z.refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), {
    message: 'expected no control characters but line breaks and tabs',
  }),
);

/** A change set's name (set-branch.ts): lowercase letters, digits and "-", 1 to 64. */
export const SetNameSchema = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9][a-z0-9-]{0,63}$/,
      'expected 1 to 64 lowercase letters a-z, digits and "-", starting with a letter or digit',
    ),
  );

/** `set` takes the place of `mode`: a write into a change set always goes to the set's branch. */
export const setNotWithBranchMode = z.refine<{ mode: string; set?: string }>(
  (value) => value.set === undefined || value.mode !== 'branch',
  {
    message:
      'set: a write into a change set goes to its branch; leave out mode (set and mode are exclusive)',
  },
);

export const PutContentBodySchema = z
  .object({
    frontmatter: SentFrontmatterSchema,
    body: z.string(),
    sha: z.optional(GitShaSchema),
    mode: z._default(z.enum(saveModes), 'direct'),
    message: z.optional(CommitMessageSchema),
    path: z.optional(z.string().check(z.maxLength(200, 'expected at most 200 characters'))),
    set: z.optional(SetNameSchema.clone()),
    applyShared: z.optional(z.boolean()),
  })
  .check(setNotWithBranchMode);
export type PutContentBody = z.infer<typeof PutContentBodySchema>;

/** A shared field of a translated item and the other locales it concerns (i18n/shared-fields.ts). */
export const SharedChangeSchema = z.object({
  field: z.string(),
  locales: z.array(z.string()),
});

export const PutContentResultSchema = z.object({
  sha: z.string(),
  path: z.string(),
  branch: z.optional(z.string()),
  unchanged: z.optional(z.literal(true)),
  protectedBranch: z.optional(z.literal(true)),
  sharedChanges: z.optional(z.array(SharedChangeSchema)),
  sharedApplied: z.optional(z.array(SharedChangeSchema)),
});
export type PutContentResult = z.infer<typeof PutContentResultSchema>;

export const DeleteContentQuerySchema = z
  .object({
    sha: GitShaSchema.clone(),
    mode: z._default(z.enum(saveModes), 'direct'),
    locale: z.optional(LocaleSchema.clone()),
    set: z.optional(SetNameSchema.clone()),
  })
  .check(setNotWithBranchMode);

export const DeleteContentResultSchema = z.object({
  ok: z.literal(true),
  branch: z.optional(z.string()),
});

/**
 * Why a file of the collection's directory is not listed (an addition to the spec):
 * - `invalid-name`: its name cannot be an item (empty, `.`/`..`, `.git`, control characters, a backslash);
 * - `name-too-long`: its name's encoded slug would be over 200 characters;
 * - `other-extension`: a markdown file with another extension than the collection's `path`;
 * - `not-markdown`: not a `.md`, `.mdx` or `.markdown` file;
 * - `subfolder`: a folder, in a collection of single files;
 * - `not-a-bundle`: in a page-bundle collection, a file beside the bundles or a folder without the bundle's file;
 * - `submodule`: a git submodule;
 * - `duplicate-slug`: another file of the collection gives the same slug (`a.md` and `a/index.md`
 *   in a collection of several layouts): both are left out, each naming the other, until one is
 *   renamed or deleted.
 */
export const skipReasons = [
  'invalid-name',
  'name-too-long',
  'other-extension',
  'not-markdown',
  'subfolder',
  'not-a-bundle',
  'submodule',
  'duplicate-slug',
] as const;
export const SkippedFileSchema = z.object({
  path: z.string(),
  reason: z.enum(skipReasons),
  message: z.string(),
});
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

export { skippedFilesHeader } from './list-headers';

const localeQueryDescription =
  "An addition, for a translated collection (one with `i18n`): the locale's file of the item, e.g. `fr` (the default locale when absent). A locale the collection does not have, or any `locale` on an untranslated collection, answers 400 naming its locales";

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const contentDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(SentFrontmatterSchema, {
    description:
      "Every frontmatter field of the item, as the save should leave it: any keys (the collection's fields are checked by their types); lines of fields not changed stay byte-identical",
  });
  document(ItemProblemSchema, {
    properties: {
      code: 'invalid-frontmatter (the YAML does not parse), too-large (over the limits; saves refused), symlink, not-text (binary), unsupported-format (no longer reported)',
      message: 'The problem in words',
      line: '1-based line of the file where the frontmatter fails to parse, when known',
    },
  });
  document(ItemProblemsSchema, {
    properties: {
      count: 'How many field problems the item has',
      first: `The first of them, as \`cms check\` says it (at most ${maxProblemMessageLength} characters)`,
    },
    examples: [{ count: 2, first: 'frontmatter.title: Required' }],
  });
  document(ContentItemSchema, {
    properties: {
      slug: 'File name without the extension (for page bundles, `{slug}/index.md`, the folder name). A name that is not a strict slug (`About-Us.md`, `_index.md`) is served under its encoding: `_`, then each UTF-8 byte kept when it is a-z, 0-9 or "-", else written `_` and two lowercase hex digits (`About-Us` → `__41bout-_55s`). New items need a strict slug',
      path: "The file's path in the repository",
      sha: "The file's blob sha: send it back to update or delete",
      frontmatter: 'The parsed frontmatter, every key as in the file',
      heading:
        "An addition to the spec, in lists only: the text of the body's first heading (markup dropped, at most 200 characters), present when the frontmatter has no `title` and the body has a heading, so a list can name the item as the site does",
      body: 'Only when a single item is fetched',
      branch: 'Only when the item has a draft branch with an open pull request',
      prNumber: 'Only when the item has a draft branch with an open pull request: its number',
      locale:
        "An addition, single-item reads of a translated collection (one with `i18n`) only: the locale this file is, the one asked with `?locale=` or the collection's default",
      translations:
        "An addition, single-item reads of a translated collection only: every locale of the collection (this one included) with its file on the default branch and its status against the default locale's file. Costs no GitHub round trip of its own when the statuses are known (kept by blob pair); otherwise at most two GraphQL round trips of git history",
      placeholders:
        'An addition, in the answer of `POST …/{slug}/translations` only: the `translate` fields copied from the default locale because they are required; they still need translating',
      problem: 'Present when the file cannot be edited as fields: why',
      problems:
        "An addition, in lists only (any branch or ref): present when the item's fields break the collection's definitions (a type, a required field, an option), the checks `cms check` and the pull request check make that need no other file; relations and media are not checked here",
      rawFrontmatter:
        "Single-item reads with a problem: the frontmatter block's raw text, so a person can see and fix it",
    },
    examples: [
      {
        slug: '2024-02-14-hello-world',
        path: 'content/posts/2024-02-14-hello-world.md',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
        frontmatter: { title: 'Hello, world', date: '2024-02-14', tags: ['news'] },
        body: 'Our first post.\n',
        branch: 'cms/posts/2024-02-14-hello-world',
        prNumber: 12,
      },
    ],
  });
  document(GetContentQuerySchema, {
    properties: {
      branch:
        'Read the item on this branch (its draft branch, say); the default branch when absent',
      ref: 'An addition: read the item as it was at this version, a full commit sha (from its history) or a branch name; the answer has the same shape. Not with `branch`',
      locale: localeQueryDescription,
    },
  });
  document(PutContentBodySchema, {
    properties: {
      body: 'The markdown body, as the file should hold it after the frontmatter',
      sha: 'Omit to create; the current sha to update',
      mode: '`direct` (default) commits to the default branch; `branch` commits to the draft branch `cms/{collection}/{slug}`; a locked collection takes only its own',
      message:
        'The commit message (an addition): a summary line, then optionally a blank line and a description; at most 5,000 characters, no control characters but line breaks and tabs. Absent or blank: `Update {collection}/{slug}` (or `Create …`), as without it. The CMS adds a last line naming who saved (`Saved in the CMS by @login.`) either way',
      path: "An addition, for a collection of several `path` patterns: the pattern a new item's file takes (e.g. `{slug}/index.md`), one of the collection's (else 400 naming them); the first when absent. An existing item keeps its file: sent on an update, it must be that file's pattern",
      set: "An addition: the name of a change set (POST /api/repos/{repo}/sets) to save into: the commit goes to its branch `cms/_sets/{name}`, and `sha` is the set's copy of the file (the default branch's until the set changes it). Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when the item has its own draft `cms/{collection}/{slug}` or is in another open set (both named), or the set is full (100 items)",
      applyShared:
        'An addition, for a translated collection with fields marked `"i18n": "shared"`: true writes this save\'s values of every shared field into each other locale\'s existing file of the item that holds another value, in the same commit (only those values change in those files; no translation is created). On the default branch, or on the draft branch the save goes to. One of those files changed meanwhile answers 409 and nothing is written',
    },
    examples: [
      {
        frontmatter: { title: 'Hello, world', date: '2024-02-14', tags: ['news'] },
        body: 'Our first post, edited.\n',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
        mode: 'branch',
      },
    ],
  });
  document(PutContentResultSchema, {
    properties: {
      sha: "The file's new blob sha (send it with the next save)",
      path: "The file's path in the repository",
      branch:
        'Only when the save went to a draft branch (`mode: branch`), or would have and the branch exists',
      unchanged:
        "An addition to the spec: present (true) when the save would have written the bytes already there. No commit was made (and no draft branch created); `sha` is the file's current sha",
      protectedBranch:
        'An addition: present (true) when a direct save met a default branch kept to pull requests (branch protection or a ruleset) and was saved as a draft on `branch` instead: open its pull request to publish it',
      sharedChanges:
        'An addition, for a translated collection: present when the save changed a field marked `"i18n": "shared"` that other locales\' files of the item hold with another value; each entry names the field and those locales. Nothing was written to them: save again with `applyShared: true` to make them equal',
      sharedApplied:
        "An addition: present when `applyShared` wrote shared fields into other locales' files, in the same commit as the save; each entry names the field and the locales written",
    },
    examples: [
      {
        sha: '8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b',
        path: 'content/posts/2024-02-14-hello-world.md',
        branch: 'cms/posts/2024-02-14-hello-world',
      },
    ],
  });
  document(SharedChangeSchema, {
    properties: {
      field: 'The shared field, as the collection names it',
      locales:
        "The other locales whose file of the item holds (or, in `sharedApplied`, held) another value, in the collection's order",
    },
    examples: [{ field: 'date', locales: ['fr', 'de'] }],
  });
  document(DeleteContentQuerySchema, {
    properties: {
      locale: localeQueryDescription,
      mode: 'An addition to the spec. `direct` (the default) commits the deletion to the default branch; `branch` commits it to the draft branch `cms/{collection}/{slug}`, to be published by its pull request. A collection locked to `pr` takes only `branch`, one locked to `direct` only `direct`',
      set: "An addition: delete the item in this change set (its branch `cms/_sets/{name}`), published with the set; `sha` is the set's copy of the file. Takes the place of `mode` (leave it out). 404/409 as for a save into a set",
    },
  });
  document(LocaleQuerySchema, { properties: { locale: localeQueryDescription } });
  document(DeleteContentResultSchema, {
    properties: {
      ok: 'Deleted',
      branch:
        'Only for `mode=branch`: the draft branch now holding the deletion; open or update its pull request',
    },
    examples: [{ ok: true }],
  });
  document(SkippedFileSchema, {
    properties: {
      path: "The entry's path in the repository (a folder's path for folders)",
      reason: 'Why it is not listed, as a code (see SkippedFile)',
      message: 'The same in words',
    },
    examples: [
      {
        path: 'content/posts/notes.txt',
        reason: 'not-markdown',
        message: 'notes.txt is not a .md, .mdx or .markdown file',
      },
    ],
  });
});
