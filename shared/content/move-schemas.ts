import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { GitShaSchema, saveModes, SetNameSchema, setNotWithBranchMode } from './schemas';

/**
 * Request and response shapes of the additions to the spec that move, copy and delete several
 * items (docs/api-guide.md, "Rename, duplicate and delete several items"). `mode` follows the collection's
 * workflow exactly as PUT's does: `direct` by default, and a locked collection takes only its own.
 */
// One instance per use: each is described on its own (schemaDocs).
const modeSchema = () => z._default(z.enum(saveModes), 'direct');

export const RenameContentBodySchema = z
  .object({
    to: z.string(),
    sha: GitShaSchema.clone(),
    mode: modeSchema(),
    set: z.optional(SetNameSchema.clone()),
  })
  .check(setNotWithBranchMode);

/** A translated item's file in one locale, moved by a rename. */
export const LocaleMoveSchema = z.object({
  locale: z.string(),
  previousPath: z.string(),
  path: z.string(),
});

export const RenameContentResultSchema = z.object({
  path: z.string(),
  sha: z.string(),
  previousPath: z.string(),
  branch: z.optional(z.string()),
  moved: z.optional(z.array(LocaleMoveSchema)),
});
export type RenameContentResult = z.infer<typeof RenameContentResultSchema>;

export const DuplicateContentBodySchema = z
  .object({
    to: z.string(),
    mode: modeSchema(),
    set: z.optional(SetNameSchema.clone()),
  })
  .check(setNotWithBranchMode);

export const DuplicateContentResultSchema = z.object({
  path: z.string(),
  sha: z.string(),
  branch: z.optional(z.string()),
});
export type DuplicateContentResult = z.infer<typeof DuplicateContentResultSchema>;

export const maxDeletions = 100;

export const DeletionsBodySchema = z.object({
  collection: z.string(),
  /** 1 to 100 distinct items, each with its current sha on the default branch. */
  items: z
    .array(z.object({ slug: z.string(), sha: GitShaSchema.clone() }))
    .check(
      z.minLength(1, 'items: at least one item'),
      z.maxLength(maxDeletions, `items: at most ${maxDeletions} items`),
    ),
  mode: modeSchema(),
});
export type DeletionsBody = z.infer<typeof DeletionsBodySchema>;

export const DeletionsResultSchema = z.object({
  paths: z.array(z.string()),
  sha: z.optional(z.string()),
  branch: z.optional(z.string()),
});
export type DeletionsResult = z.infer<typeof DeletionsResultSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const moveDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(RenameContentBodySchema, {
    properties: {
      to: 'The new strict slug (lowercase a-z, 0-9, ".", "_", "-"); never an existing item\'s',
      sha: "The item's current sha on the default branch (with `set`, the set's copy of the file)",
      mode: "`direct`: one commit on the default branch; `branch`: one commit on the new slug's draft branch `cms/{collection}/{to}`",
      set: "An addition: rename the item in this change set (POST /api/repos/{repo}/sets): one commit on its branch `cms/_sets/{name}`, the set's copy moved, published with the set; its review shows one entry for the new slug with `previousSlug`. Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when either slug has its own draft or is in another open set (named), the set is closed, or it is full (100 items); 400 for a page bundle (its other files would be foreign to a set: rename it as a single draft)",
    },
    examples: [
      { to: 'hello-world', sha: '3f786850e387550fdab836ed7e6dc881de23001b', mode: 'direct' },
    ],
  });
  document(LocaleMoveSchema, {
    properties: {
      locale: 'The locale of this file',
      previousPath: 'Its path before the rename',
      path: 'Its path now',
    },
    examples: [
      {
        locale: 'fr',
        previousPath: 'content/fr/guides/install.md',
        path: 'content/fr/guides/setup.md',
      },
    ],
  });
  document(RenameContentResultSchema, {
    properties: {
      moved:
        "An addition, for a translated collection: each locale's file of the item that moved (the default locale's first), with its locale, old path and new path; locales without a file are not listed",
      path: "The item's new path",
      sha: 'The blob sha, unchanged: a rename moves the same bytes',
      previousPath: 'The path the item had',
      branch:
        "Only for `mode: branch`: the draft branch holding the rename; open its pull request. With `set`: the set's branch",
    },
    examples: [
      {
        path: 'content/posts/hello-world.md',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
        previousPath: 'content/posts/2024-02-14-hello-world.md',
      },
    ],
  });
  document(DuplicateContentBodySchema, {
    properties: {
      to: "The copy's strict slug; never an existing item's",
      mode: '`direct`: one commit on the default branch; `branch`: a new-item draft `cms/{collection}/{to}`',
      set: 'An addition: copy the item, as the change set has it, into this set (its branch `cms/_sets/{name}`) as a new item of it, published with the set. Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when `to` has its own draft or is in another open set (named), the set is closed, or it is full (100 items)',
    },
    examples: [{ to: 'hello-world-copy', mode: 'direct' }],
  });
  document(DuplicateContentResultSchema, {
    properties: {
      path: "The copy's path",
      sha: "The copy's blob sha: the source's, as the bytes are the same",
      branch:
        "Only for `mode: branch`: the new item's draft branch; open its pull request. With `set`: the set's branch",
    },
    examples: [
      {
        path: 'content/posts/hello-world-copy.md',
        sha: '3f786850e387550fdab836ed7e6dc881de23001b',
      },
    ],
  });
  document(DeletionsBodySchema, {
    properties: {
      collection: 'The collection every item belongs to',
      items: '1 to 100 distinct items, each with its current sha',
      'items[].slug': "The item's slug",
      'items[].sha': 'Its current sha on the default branch',
      mode: '`direct`: one commit on the default branch; `branch`: one draft branch `cms/{collection}/_deletions` holding every deletion',
    },
    examples: [
      {
        collection: 'posts',
        items: [
          { slug: '2024-02-14-hello-world', sha: '3f786850e387550fdab836ed7e6dc881de23001b' },
        ],
        mode: 'direct',
      },
    ],
  });
  document(DeletionsResultSchema, {
    properties: {
      paths: "The deleted files' paths, in the order the items were sent",
      sha: '`direct` only: the commit that deleted them',
      branch: '`branch` only: the draft branch holding the deletions; open its pull request',
    },
    examples: [
      {
        paths: ['content/posts/2024-02-14-hello-world.md'],
        sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
      },
    ],
  });
});
