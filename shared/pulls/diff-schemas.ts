import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

/** A change request's review diff: one entry per item (or other file), field by field. */
/** One change inside an object or list field (value-diff.ts). */
export const ValueChangeSchema = z.object({
  path: z.string(),
  oldValue: z.optional(z.unknown()),
  newValue: z.optional(z.unknown()),
});

export const ContentDiffFieldSchema = z.object({
  name: z.string(),
  oldValue: z.optional(z.unknown()),
  newValue: z.optional(z.unknown()),
  changed: z.boolean(),
  changes: z.optional(z.array(ValueChangeSchema)),
});
export type ContentDiffField = z.infer<typeof ContentDiffFieldSchema>;

export const contentDiffTypes = ['added', 'modified', 'deleted'] as const;

export const changedFileStatuses = ['added', 'modified', 'removed', 'renamed'] as const;

/** A changed file that is not a content item, as the provider reports it (an addition to the spec's ContentDiff). */
export const ChangedFileSchema = z.object({
  status: z.enum(changedFileStatuses),
  previousPath: z.optional(z.string()),
  binary: z.optional(z.boolean()),
});

export const ContentDiffSchema = z.object({
  collection: z.string(),
  slug: z.string(),
  type: z.enum(contentDiffTypes),
  frontmatter: z.object({ fields: z.array(ContentDiffFieldSchema) }),
  body: z.object({ oldBody: z.string(), newBody: z.string() }),
  path: z.optional(z.string()),
  /** A translated collection's item: the locale of this file (an addition). */
  locale: z.optional(z.string()),
  previousSlug: z.optional(z.string()),
  previousPath: z.optional(z.string()),
  file: z.optional(ChangedFileSchema),
});
export type ContentDiff = z.infer<typeof ContentDiffSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const diffDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(ValueChangeSchema, {
    properties: {
      path: 'Where inside the field, e.g. `title` or `[1].url`',
      oldValue: 'The value before; absent when it was added',
      newValue: 'The value after; absent when it was removed',
    },
  });
  document(ContentDiffFieldSchema, {
    properties: {
      name: 'The frontmatter field',
      oldValue: 'Absent when the field is not in the old version',
      newValue: 'Absent when the field is not in the new version',
      changed: 'Whether its value differs',
      changes:
        'An addition to the spec: for a changed field whose old and new values are both objects or both lists, the values that changed inside it. `path` is relative to the field (`title` of `seo`, `[1].url` of `links`); `oldValue` is absent for an added value, `newValue` for a removed one',
    },
  });
  document(ChangedFileSchema, {
    properties: {
      status: 'What happened to the file, as the provider reports it',
      previousPath: 'The old path of a renamed file',
      binary: "True when either side is binary: `body` is then '' on that side",
    },
  });
  document(ContentDiffSchema, {
    properties: {
      collection: "'' for a file that is not a content item",
      slug: "'' for a file that is not a content item",
      type: '`added`, `modified` or `deleted`',
      frontmatter: 'The frontmatter, field by field',
      'frontmatter.fields': 'Every field of either side, compared one by one',
      body: "'' for the side where the file does not exist; the whole text for a file that is not an item",
      'body.oldBody': 'The body before',
      'body.newBody': 'The body after',
      path: "The changed file's path in the repository",
      locale:
        'An addition, for an item of a translated collection (one with `i18n`): the locale this file is; a draft may hold the item in several locales, one entry each',
      previousSlug:
        "An addition to the spec, for an item that was renamed (a draft of the new slug that deletes the old item's file; `type` is `modified`, fields and body are diffed old against new): the slug and the path the item had",
      previousPath: 'With previousSlug: the path the item had',
      file: 'Present for a file that is not a content item: every file a pull request changes is listed',
    },
    examples: [
      {
        collection: 'posts',
        slug: '2024-02-14-hello-world',
        type: 'modified',
        frontmatter: {
          fields: [
            { name: 'title', oldValue: 'Hello', newValue: 'Hello, world', changed: true },
            { name: 'date', oldValue: '2024-02-14', newValue: '2024-02-14', changed: false },
          ],
        },
        body: { oldBody: 'Our first post.\n', newBody: 'Our first post, edited.\n' },
        path: 'content/posts/2024-02-14-hello-world.md',
      },
    ],
  });
});
