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
