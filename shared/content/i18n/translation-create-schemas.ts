import * as z from 'zod/mini';
import { schemaDocs } from '../../schemas';
import { CommitMessageSchema, saveModes } from '../schemas';
import { LocaleSchema } from './i18n-config';

/** `POST …/content/{collection}/{slug}/translations`: the locale to create, and how to commit it. */
export const CreateTranslationBodySchema = z.object({
  locale: LocaleSchema.clone(),
  mode: z._default(z.enum(saveModes), 'direct'),
  message: z.optional(CommitMessageSchema.clone()),
});
export type CreateTranslationBody = z.infer<typeof CreateTranslationBodySchema>;

/** What the OpenAPI document says of the body (shared/openapi reads it; other bundles drop it). */
export const translationCreateDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(CreateTranslationBodySchema, {
    properties: {
      locale:
        "The locale to create the translation in: one of the collection's, not its default (e.g. `fr`)",
      mode: '`direct` (default) commits to the default branch; `branch` commits to the draft branch `cms/{collection}/{slug}`, which may hold the item in several locales; a locked collection takes only its own',
      message:
        'The commit message, as PUT takes it; absent or blank: `Translate {collection}/{slug} into {locale}`',
    },
    examples: [{ locale: 'fr', mode: 'direct' }],
  });
});
