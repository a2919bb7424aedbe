import * as z from 'zod/mini';

/** Request and response shapes of the pulls (drafts) routes, as the spec's tables give them. */
const nonBlank = (message: string) => z.string().check(z.refine((text) => text.trim() !== '', message));

export const pullStates = ['open', 'closed'] as const;

/** GitHub's MergeStateStatus values (GraphQL). */
export const mergeStateStatuses = ['BEHIND', 'BLOCKED', 'CLEAN', 'DIRTY', 'DRAFT', 'HAS_HOOKS', 'UNKNOWN', 'UNSTABLE'] as const;
/** GitHub's PullRequestReviewDecision values (GraphQL). */
export const reviewDecisions = ['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED'] as const;

export const PullRequestSummarySchema = z.object({
  number: z.int(),
  title: z.string(),
  branch: z.string(),
  state: z.enum(pullStates),
  merged: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Parsed from the branch `cms/{collection}/{slug}`. */
  collection: z.string(),
  slug: z.string(),
  previewUrl: z.optional(z.nullable(z.url())),
  author: z.string(),
  /**
   * Always sent (an addition to the spec, so optional in the shape): true while the pull request is
   * a GitHub draft pull request, the board's "In progress"; false once it is ready for review.
   */
  draft: z.optional(z.boolean()),
  /**
   * Whether it merges without conflicts; null while the provider is still computing it. Sent in the
   * list too (an addition): a draft ready for review with `mergeable: true` is "Ready to publish".
   */
  mergeable: z.optional(z.nullable(z.boolean())),
  /**
   * An addition, always sent (list and detail): GitHub's MergeStateStatus, read in the same query.
   * CLEAN: mergeable, checks passing; HAS_HOOKS: the same with pre-receive hooks (GitHub Enterprise
   * Server); UNSTABLE: mergeable while a check that is not required fails or is pending (GitHub
   * says BLOCKED when a required one does); BLOCKED: the branch's rules refuse the merge (reviews,
   * required checks); BEHIND: a strict rule wants main merged into the draft first (Update);
   * DIRTY: conflicts; DRAFT: a GitHub draft pull request; UNKNOWN: GitHub is still computing it.
   * "Ready to publish" takes CLEAN, HAS_HOOKS or UNSTABLE.
   */
  mergeStateStatus: z.optional(z.enum(mergeStateStatuses)),
  /**
   * An addition, always sent (list and detail): GitHub's review decision under the default
   * branch's rules, which every reader sees (classic protection's review rule only admins may
   * read): REVIEW_REQUIRED, CHANGES_REQUESTED or APPROVED; null when no review is required.
   */
  reviewDecision: z.optional(z.nullable(z.enum(reviewDecisions))),
});
export type PullRequestSummary = z.infer<typeof PullRequestSummarySchema>;

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

export const MergeBlockerSchema = z.object({ reason: z.enum(draftBlockReasons), message: z.string() });
export type MergeBlocker = z.infer<typeof MergeBlockerSchema>;

export const publishBlockReasons = ['reviews', 'changes-requested', 'checks-pending', 'checks-failing', 'merge-method'] as const;

/** What the default branch's protection or rulesets still ask before the draft may be published. */
export const PublishBlockerSchema = z.object({
  reason: z.enum(publishBlockReasons),
  message: z.string(),
  /** The check concerned (checks-pending, checks-failing). */
  check: z.optional(z.string()),
  /** Where to see that check. */
  url: z.optional(z.string()),
});
export type PublishBlocker = z.infer<typeof PublishBlockerSchema>;

export const ReviewStateSchema = z.object({
  /** The default branch is protected (classic protection or a ruleset). */
  protected: z.boolean(),
  requiredApprovingReviews: z.number(),
  requiredChecks: z.array(z.string()),
  /** Reviewers whose latest review approves, and those whose latest review requests changes. */
  approvedBy: z.array(z.string()),
  changesRequestedBy: z.array(z.string()),
  reviews: z.array(z.object({ author: z.string(), state: z.string(), body: z.string(), submittedAt: z.nullable(z.string()) })),
  checks: z.array(z.object({ name: z.string(), state: z.string(), url: z.nullable(z.string()), required: z.boolean() })),
  /** How Publish merges: squash when the repository and the branch allow it, else what they allow; null when nothing is. */
  mergeMethod: z.nullable(z.enum(['squash', 'merge', 'rebase'])),
  /**
   * An addition: GitHub's review decision (as in the summary). When classic protection could not
   * be read (the user is no admin), `requiredApprovingReviews` counts the rulesets only, and a
   * decision of REVIEW_REQUIRED or CHANGES_REQUESTED becomes a `reviews` or `changes-requested`
   * blocker, so the approval classic protection asks for is named before Publish is pressed.
   */
  reviewDecision: z.optional(z.nullable(z.enum(reviewDecisions))),
  /** Empty when the rules let the draft be published now. */
  publishBlockers: z.array(PublishBlockerSchema),
});
export type ReviewState = z.infer<typeof ReviewStateSchema>;

export const PullRequestDetailSchema = z.object({
  ...PullRequestSummarySchema.shape,
  body: z.string(),
  headSha: z.string(),
  baseSha: z.string(),
  htmlUrl: z.url(),
  /**
   * Always sent (an addition to the spec's PullRequestDetail, so optional in the shape): empty for a
   * genuine draft, otherwise why it cannot be published (see MergeBlockerSchema).
   */
  mergeBlockers: z.optional(z.array(MergeBlockerSchema)),
  /**
   * An addition: the review workflow of an open draft, what the default branch's protection and
   * rulesets require and where the draft stands (reviews, checks, blockers, the merge method).
   */
  review: z.optional(ReviewStateSchema),
});
export type PullRequestDetail = z.infer<typeof PullRequestDetailSchema>;

export const CreatePullBodySchema = z.object({
  branch: z.string(),
  title: nonBlank('title must not be empty'),
  body: z.optional(z.string()),
  /**
   * An addition to the spec: true opens the pull request as a GitHub draft pull request ("In
   * progress"); absent or false opens it ready for review, as the spec describes.
   */
  draft: z.optional(z.boolean()),
});
export type CreatePullBody = z.infer<typeof CreatePullBodySchema>;

export const CreatePullResultSchema = z.object({
  number: z.int(),
  htmlUrl: z.url(),
  previewUrl: z.optional(z.nullable(z.url())),
});

/** The review state after marking a draft ready for review or moving it back to in progress. */
export const DraftStateResultSchema = z.object({ ok: z.literal(true), draft: z.boolean() });

/**
 * An addition: a save that landed on the draft branch while it was being published or closed. It is
 * not in what was published, and the branch is never deleted with it: the branch stays (after a
 * publish, carried onto the published commit, so its review shows only that save; `headSha` is
 * where it is now), and a draft pull request is opened for it (`number`; null when none could be
 * opened, e.g. one is open already).
 */
export const KeptBranchSchema = z.object({ branch: z.string(), headSha: z.string(), number: z.nullable(z.int()), message: z.string() });
export type KeptBranch = z.infer<typeof KeptBranchSchema>;

export const MergeResultSchema = z.object({ sha: z.string(), merged: z.literal(true), keptBranch: z.optional(KeptBranchSchema) });
/** 200 of a close: `{ok: true}`, and `keptBranch` when a save landed on the draft meanwhile. */
export const ClosePullResultSchema = z.object({ ok: z.literal(true), keptBranch: z.optional(KeptBranchSchema) });
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
export const mergeRefusalReasons = [...refusalReasons, 'already-merged', 'closed', 'head-moved', ...publishBlockReasons, 'refused'] as const;
/** 409 of a merge: `{merged: false, reason}` as the spec has it, with the refusal in words in `error`. */
export const MergeConflictSchema = z.object({
  merged: z.literal(false),
  reason: z.enum(mergeRefusalReasons),
  error: z.optional(z.string()),
  /** An addition: when branch protection refuses it, everything still missing (the first is `reason`). */
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
  /** With `fields`, when a conflict lies inside an object or list field: every conflict by its deepest path (`seo.title`, `links[1].url`, `body`). */
  paths: z.optional(z.array(z.string())),
  error: z.optional(z.string()),
});
/** 409 of a rebase (and of marking ready / back to in progress): the pull request is not open, or (with `reason`) not a genuine draft. */
export const RebaseRefusalSchema = z.object({ error: z.string(), reason: z.optional(z.enum(draftBlockReasons)) });

/** One change inside an object or list field (value-diff.ts). */
export const ValueChangeSchema = z.object({
  path: z.string(),
  oldValue: z.optional(z.unknown()),
  newValue: z.optional(z.unknown()),
});

export const ContentDiffFieldSchema = z.object({
  name: z.string(),
  /** Absent when the field is not in the old version. */
  oldValue: z.optional(z.unknown()),
  /** Absent when the field is not in the new version. */
  newValue: z.optional(z.unknown()),
  changed: z.boolean(),
  /**
   * An addition to the spec: for a changed field whose old and new values are both objects or both
   * lists, the values that changed inside it. `path` is relative to the field (`title` of `seo`,
   * `[1].url` of `links`); `oldValue` is absent for an added value, `newValue` for a removed one.
   */
  changes: z.optional(z.array(ValueChangeSchema)),
});
export type ContentDiffField = z.infer<typeof ContentDiffFieldSchema>;

export const contentDiffTypes = ['added', 'modified', 'deleted'] as const;

export const changedFileStatuses = ['added', 'modified', 'removed', 'renamed'] as const;

/** A changed file that is not a content item, as the provider reports it (an addition to the spec's ContentDiff). */
export const ChangedFileSchema = z.object({
  status: z.enum(changedFileStatuses),
  /** The old path of a renamed file. */
  previousPath: z.optional(z.string()),
  /** True when either side is binary: `body` is then '' on that side. */
  binary: z.optional(z.boolean()),
});

export const ContentDiffSchema = z.object({
  /** '' for a file that is not a content item. */
  collection: z.string(),
  /** '' for a file that is not a content item. */
  slug: z.string(),
  type: z.enum(contentDiffTypes),
  frontmatter: z.object({ fields: z.array(ContentDiffFieldSchema) }),
  /** '' for the side where the file does not exist; the whole text for a file that is not an item. */
  body: z.object({ oldBody: z.string(), newBody: z.string() }),
  /** The changed file's path in the repository. */
  path: z.optional(z.string()),
  /**
   * An addition to the spec, for an item that was renamed (a draft of the new slug that deletes
   * the old item's file; `type` is `modified`, fields and body are diffed old against new): the
   * slug and the path the item had.
   */
  previousSlug: z.optional(z.string()),
  previousPath: z.optional(z.string()),
  /** Present for a file that is not a content item: every file a pull request changes is listed. */
  file: z.optional(ChangedFileSchema),
});
export type ContentDiff = z.infer<typeof ContentDiffSchema>;

export const PrCommentSchema = z.object({
  id: z.int(),
  body: z.string(),
  author: z.string(),
  avatarUrl: z.url(),
  createdAt: z.string(),
});
export type PrComment = z.infer<typeof PrCommentSchema>;

export const CreateCommentBodySchema = z.object({ body: nonBlank('body must not be empty') });

export const reviewEvents = ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'] as const;

/** A review with GitHub's events; requesting changes and commenting need a body (GitHub refuses them empty). */
export const CreateReviewBodySchema = z
  .object({ event: z.enum(reviewEvents), body: z.optional(z.string().check(z.maxLength(65_536, 'must be at most 65536 characters'))) })
  .check(
    z.refine((input) => input.event === 'APPROVE' || (input.body ?? '').trim() !== '', { message: 'body: must not be empty when requesting changes or commenting', path: ['body'] }),
  );

export const ReviewSchema = z.object({
  author: z.string(),
  state: z.string(),
  body: z.string(),
  submittedAt: z.nullable(z.string()),
  htmlUrl: z.string(),
});

export const RequestReviewersBodySchema = z.object({
  reviewers: z.array(z.string().check(z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'expected GitHub logins'))).check(z.minLength(1, 'name at least one reviewer'), z.maxLength(15, 'at most 15 reviewers at once')),
});
export const RequestedReviewersSchema = z.object({ requested: z.array(z.string()) });
