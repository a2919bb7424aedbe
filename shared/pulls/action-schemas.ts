import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { draftBlockReasons, publishBlockReasons, PublishBlockerSchema } from './blocker-schemas';

/** The answers of a change request's actions: ready / in progress, publish, close, update, rebase. */
/** The review state after marking a draft ready for review or moving it back to in progress. */
export const DraftStateResultSchema = z.object({ ok: z.literal(true), draft: z.boolean() });

/**
 * An addition: a save that landed on the draft branch while it was being published or closed. It is
 * not in what was published, and the branch is never deleted with it: the branch stays (after a
 * publish, carried onto the published commit, so its review shows only that save; `headSha` is
 * where it is now), and a draft pull request is opened for it (`number`; null when none could be
 * opened, e.g. one is open already).
 */
export const KeptBranchSchema = z.object({
  branch: z.string(),
  headSha: z.string(),
  number: z.nullable(z.int()),
  message: z.string(),
});
export type KeptBranch = z.infer<typeof KeptBranchSchema>;

export const MergeResultSchema = z.object({
  sha: z.string(),
  merged: z.literal(true),
  keptBranch: z.optional(KeptBranchSchema),
});
/** 200 of a close: `{ok: true}`, and `keptBranch` when a save landed on the draft meanwhile. */
export const ClosePullResultSchema = z.object({
  ok: z.literal(true),
  keptBranch: z.optional(KeptBranchSchema),
});
/** Stable reasons of a refused merge or update: `conflicts`, or why the pull request is not a genuine draft. */
export const refusalReasons = ['conflicts', ...draftBlockReasons] as const;
/**
 * Why a merge was refused, always a code (its words are in `error`): the spec's `conflicts`; a
 * draftBlockReasons value (not a genuine draft); additions a client may treat as any other reason:
 * `already-merged` (merged before, by another publish or on GitHub), `closed`, `head-moved` (a save
 * landed on the draft after it was read: reload and publish again), a publishBlockReasons value
 * (what branch protection still asks: the first of `publishBlockers`), `refused` (another refusal
 * of GitHub's, in its words).
 */
export const mergeRefusalReasons = [
  ...refusalReasons,
  'already-merged',
  'closed',
  'head-moved',
  ...publishBlockReasons,
  'refused',
] as const;
/** 409 of a merge: `{merged: false, reason}` as the spec has it, with the refusal in words in `error`. */
export const MergeConflictSchema = z.object({
  merged: z.literal(false),
  reason: z.enum(mergeRefusalReasons),
  error: z.optional(z.string()),
  publishBlockers: z.optional(z.array(PublishBlockerSchema)),
});
/**
 * 409 of an update: `reason` `conflicts` with `fields` naming the frontmatter fields (and `body`)
 * that conflict, when known; or a draftBlockReasons value with `error` in words.
 */
export const UpdateConflictSchema = z.object({
  ok: z.literal(false),
  reason: z.optional(z.enum(refusalReasons)),
  fields: z.optional(z.array(z.string())),
  paths: z.optional(z.array(z.string())),
  files: z.optional(z.array(z.string())),
  error: z.optional(z.string()),
});
/** 409 of a rebase (and of marking ready / back to in progress): the pull request is not open, or (with `reason`) not a genuine draft. */
export const RebaseRefusalSchema = z.object({
  error: z.string(),
  reason: z.optional(z.enum(draftBlockReasons)),
});

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const pullActionDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(DraftStateResultSchema, {
    properties: {
      ok: 'Done',
      draft: 'true: a GitHub draft pull request ("In progress"); false: ready for review',
    },
    examples: [{ ok: true, draft: false }],
  });
  document(KeptBranchSchema, {
    properties: {
      branch: 'The draft branch that was kept',
      headSha: 'Where it points now',
      number: 'The draft pull request opened for the save; null when none could be opened',
      message: 'What happened, in words to show the person',
    },
  });
  document(MergeResultSchema, {
    properties: {
      sha: 'The published commit on the default branch',
      merged: 'Published',
      keptBranch: 'An addition: a save that landed on the draft meanwhile, kept on its branch',
    },
    examples: [{ sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391', merged: true }],
  });
  document(ClosePullResultSchema, {
    properties: {
      ok: 'Closed',
      keptBranch: 'An addition: a save that landed on the draft meanwhile, kept on its branch',
    },
    examples: [{ ok: true }],
  });
  document(MergeConflictSchema, {
    properties: {
      merged: 'Not merged',
      reason: 'Why, as a code (see MergeConflict)',
      error: 'Why, in words to show the person',
      publishBlockers:
        'An addition: when branch protection refuses it, everything still missing (the first is `reason`)',
    },
    examples: [
      {
        merged: false,
        reason: 'conflicts',
        error:
          'The draft conflicts with the default branch: update or rebase it, then publish again',
      },
    ],
  });
  document(UpdateConflictSchema, {
    properties: {
      ok: 'Not updated',
      reason: '`conflicts`, or why it is not a genuine draft',
      fields: 'With `conflicts`: the frontmatter fields in conflict, and `body`',
      paths:
        'With `fields`, when a conflict lies inside an object or list field: every conflict by its deepest path (`seo.title`, `links[1].url`, `body`)',
      files:
        'An addition, for a change set (which holds many items): the files in conflict. Take an item out of the set (DELETE …/sets/{name}/items/…) or edit it to match, then update again',
      error: 'Why, in words',
    },
    examples: [{ ok: false, reason: 'conflicts', fields: ['title'] }],
  });
  document(RebaseRefusalSchema, {
    properties: {
      error: 'Why, in words',
      reason: 'When it is not a genuine draft: why, as a code',
    },
    examples: [{ error: 'Pull request #12 is not open' }],
  });
});
