import * as z from 'zod/mini';
import { schemaDocs } from '../../schemas';

/** One locale of a translation report: counts, and the slugs that need work (at most 1,000 each). */
export const LocaleReportSchema = z.object({
  current: z.int(),
  outdated: z.int(),
  missing: z.int(),
  pending: z.int(),
  outdatedSlugs: z.array(z.string()),
  missingSlugs: z.array(z.string()),
});

export const TranslationReportSchema = z.object({
  collection: z.string(),
  defaultLocale: z.string(),
  items: z.int(),
  complete: z.boolean(),
  pending: z.int(),
  locales: z.record(z.string(), LocaleReportSchema),
});
export type TranslationReport = z.infer<typeof TranslationReportSchema>;

export const translationStatuses = ['current', 'outdated', 'missing'] as const;

/** One locale's file of an item, in a single item's `translations`. */
export const ItemTranslationSchema = z.object({
  path: z.string(),
  sha: z.nullable(z.string()),
  status: z.enum(translationStatuses),
});
export const ItemTranslationsSchema = z.record(z.string(), ItemTranslationSchema);
export type ItemTranslations = z.infer<typeof ItemTranslationsSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const translationDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(LocaleReportSchema, {
    properties: {
      current: "Items whose translation was changed after (or with) the default locale's file",
      outdated:
        "Items whose default-locale file changed after the translation's last change, by git history on the default branch",
      missing: 'Items of the default locale with no file in this locale',
      pending:
        'Translations whose status is not known yet (a partial report, `complete: false`): counted in neither `current` nor `outdated`',
      outdatedSlugs:
        'The outdated items, by slug in byte order: at most 1,000 (the count is whole)',
      missingSlugs: 'The missing items, by slug in byte order: at most 1,000 (the count is whole)',
    },
  });
  document(ItemTranslationSchema, {
    properties: {
      path: "The locale's file of the item, or where it would be created (the collection's first pattern)",
      sha: "The file's blob sha on the default branch; null when the item has no file in this locale",
      status:
        "`current`; `outdated` when the default locale's file changed after this file's last change (git history on the default branch); `missing` when there is no file. The default locale's own entry is `current`",
    },
    examples: [
      {
        path: 'docs/src/content/docs/fr/guides/i18n.mdx',
        sha: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9',
        status: 'outdated',
      },
    ],
  });
  document(TranslationReportSchema, {
    properties: {
      collection: 'The collection',
      defaultLocale: 'The locale translations are made from and compared with',
      items: 'How many items the default locale has',
      complete:
        'False when the request ran out of time before every status was read from git history: what it read is kept, so asking again continues',
      pending: 'How many statuses, over all locales, are not known yet (0 when `complete`)',
      locales: 'Each other locale of the collection, with its counts and lists',
    },
    examples: [
      {
        collection: 'docs',
        defaultLocale: 'en',
        items: 25,
        complete: true,
        pending: 0,
        locales: {
          es: {
            current: 7,
            outdated: 2,
            missing: 16,
            pending: 0,
            outdatedSlugs: ['helpers', 'writing'],
            missingSlugs: ['commands', 'configuration'],
          },
        },
      },
    ],
  });
});
