import * as z from 'zod/mini';
import { GitShaSchema, saveModes } from './schemas';

/**
 * Request and response shapes of the additions to the spec that move, copy and delete several
 * items (docs/api-guide.md, "Rename, duplicate and delete several items"). `mode` follows the collection's
 * workflow exactly as PUT's does: `direct` by default, and a locked collection takes only its own.
 */
const ModeSchema = z._default(z.enum(saveModes), 'direct');

export const RenameContentBodySchema = z.object({
  /** The new strict slug (lowercase a-z, 0-9, ".", "_", "-"); never an existing item's. */
  to: z.string(),
  /** The item's current sha on the default branch. */
  sha: GitShaSchema,
  /** `direct`: one commit on the default branch; `branch`: one commit on the new slug's draft branch `cms/{collection}/{to}`. */
  mode: ModeSchema,
});

export const RenameContentResultSchema = z.object({
  /** The item's new path. */
  path: z.string(),
  /** The blob sha, unchanged: a rename moves the same bytes. */
  sha: z.string(),
  /** The path the item had. */
  previousPath: z.string(),
  /** Only for `mode: branch`: the draft branch holding the rename; open its pull request. */
  branch: z.optional(z.string()),
});
export type RenameContentResult = z.infer<typeof RenameContentResultSchema>;

export const DuplicateContentBodySchema = z.object({
  /** The copy's strict slug; never an existing item's. */
  to: z.string(),
  /** `direct`: one commit on the default branch; `branch`: a new-item draft `cms/{collection}/{to}`. */
  mode: ModeSchema,
});

export const DuplicateContentResultSchema = z.object({
  /** The copy's path. */
  path: z.string(),
  /** The copy's blob sha: the source's, as the bytes are the same. */
  sha: z.string(),
  /** Only for `mode: branch`: the new item's draft branch; open its pull request. */
  branch: z.optional(z.string()),
});
export type DuplicateContentResult = z.infer<typeof DuplicateContentResultSchema>;

export const maxDeletions = 100;

export const DeletionsBodySchema = z.object({
  /** The collection every item belongs to. */
  collection: z.string(),
  /** 1 to 100 distinct items, each with its current sha on the default branch. */
  items: z
    .array(z.object({ slug: z.string(), sha: GitShaSchema }))
    .check(z.minLength(1, 'items: at least one item'), z.maxLength(maxDeletions, `items: at most ${maxDeletions} items`)),
  /** `direct`: one commit on the default branch; `branch`: one draft branch `cms/{collection}/_deletions` holding every deletion. */
  mode: ModeSchema,
});
export type DeletionsBody = z.infer<typeof DeletionsBodySchema>;

export const DeletionsResultSchema = z.object({
  /** The deleted files' paths, in the order the items were sent. */
  paths: z.array(z.string()),
  /** `direct` only: the commit that deleted them. */
  sha: z.optional(z.string()),
  /** `branch` only: the draft branch holding the deletions; open its pull request. */
  branch: z.optional(z.string()),
});
export type DeletionsResult = z.infer<typeof DeletionsResultSchema>;
