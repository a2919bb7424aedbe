import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

/** Why a change request is not published: not a genuine draft or set, or what protection still asks. */
/**
 * Why a pull request on a `cms/{collection}/{slug}` branch is not a genuine draft, so the CMS will
 * not publish, update or rebase it (409) nor delete its branch on close:
 * - `cross-repository`: its head is a branch of another repository (a fork) that merely has the name;
 * - `base-not-default`: it targets a branch other than the default branch;
 * - `foreign-files`: it changes files other than its own item `{directory}/{slug}.md` and the media
 *   its item references (or more than 100 files, or renames or changes the type of the item), or a
 *   file it keeps is not what the CMS writes (a link, an executable, media the upload rules refuse).
 */
export const draftBlockReasons = ['cross-repository', 'base-not-default', 'foreign-files'] as const;
export type DraftBlockReason = (typeof draftBlockReasons)[number];

export const MergeBlockerSchema = z.object({
  reason: z.enum(draftBlockReasons),
  message: z.string(),
});
export type MergeBlocker = z.infer<typeof MergeBlockerSchema>;

export const publishBlockReasons = [
  'reviews',
  'changes-requested',
  'checks-pending',
  'checks-failing',
  'merge-method',
] as const;

/** What the default branch's protection or rulesets still ask before the draft may be published. */
export const PublishBlockerSchema = z.object({
  reason: z.enum(publishBlockReasons),
  message: z.string(),
  check: z.optional(z.string()),
  url: z.optional(z.string()),
});
export type PublishBlocker = z.infer<typeof PublishBlockerSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const blockerDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(MergeBlockerSchema, {
    properties: {
      reason: 'Why it is not a genuine draft (see MergeBlocker)',
      message: 'The same in words, naming the files concerned',
    },
  });
  document(PublishBlockerSchema, {
    properties: {
      reason:
        'What is missing: `reviews` (approvals), `changes-requested`, `checks-pending`, `checks-failing`, `merge-method` (no merge method the service can use is allowed)',
      message: 'The same in words, e.g. Needs 1 more approving review (1 required)',
      check: 'The check concerned (checks-pending, checks-failing)',
      url: 'Where to see that check',
    },
  });
});
