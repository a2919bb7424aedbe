import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

/** Request and response shapes of the pulls (drafts) routes, as the spec's tables give them. */
const nonBlank = (message: string) =>
  z.string().check(z.refine((text) => text.trim() !== '', message));

export const pullStates = ['open', 'closed'] as const;

/** GitHub's MergeStateStatus values (GraphQL). */
export const mergeStateStatuses = [
  'BEHIND',
  'BLOCKED',
  'CLEAN',
  'DIRTY',
  'DRAFT',
  'HAS_HOOKS',
  'UNKNOWN',
  'UNSTABLE',
] as const;
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
  collection: z.string(),
  slug: z.string(),
  previewUrl: z.optional(z.nullable(z.url())),
  author: z.string(),
  draft: z.optional(z.boolean()),
  mergeable: z.optional(z.nullable(z.boolean())),
  mergeStateStatus: z.optional(z.enum(mergeStateStatuses)),
  reviewDecision: z.optional(z.nullable(z.enum(reviewDecisions))),
  set: z.optional(z.string()),
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

export const ReviewStateSchema = z.object({
  protected: z.boolean(),
  requiredApprovingReviews: z.number(),
  requiredChecks: z.array(z.string()),
  /** Reviewers whose latest review approves, and those whose latest review requests changes. */
  approvedBy: z.array(z.string()),
  changesRequestedBy: z.array(z.string()),
  reviews: z.array(
    z.object({
      author: z.string(),
      state: z.string(),
      body: z.string(),
      submittedAt: z.nullable(z.string()),
    }),
  ),
  checks: z.array(
    z.object({
      name: z.string(),
      state: z.string(),
      url: z.nullable(z.string()),
      required: z.boolean(),
    }),
  ),
  mergeMethod: z.nullable(z.enum(['squash', 'merge', 'rebase'])),
  reviewDecision: z.optional(z.nullable(z.enum(reviewDecisions))),
  publishBlockers: z.array(PublishBlockerSchema),
});
export type ReviewState = z.infer<typeof ReviewStateSchema>;

export const PullRequestDetailSchema = z.object({
  ...PullRequestSummarySchema.shape,
  body: z.string(),
  headSha: z.string(),
  baseSha: z.string(),
  htmlUrl: z.url(),
  mergeBlockers: z.optional(z.array(MergeBlockerSchema)),
  review: z.optional(ReviewStateSchema),
});
export type PullRequestDetail = z.infer<typeof PullRequestDetailSchema>;

export const CreatePullBodySchema = z.object({
  branch: z.string(),
  title: nonBlank('title must not be empty'),
  body: z.optional(z.string()),
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
  .object({
    event: z.enum(reviewEvents),
    body: z.optional(z.string().check(z.maxLength(65_536, 'must be at most 65536 characters'))),
  })
  .check(
    z.refine((input) => input.event === 'APPROVE' || (input.body ?? '').trim() !== '', {
      message: 'body: must not be empty when requesting changes or commenting',
      path: ['body'],
    }),
  );

export const ReviewSchema = z.object({
  author: z.string(),
  state: z.string(),
  body: z.string(),
  submittedAt: z.nullable(z.string()),
  htmlUrl: z.string(),
});

export const RequestReviewersBodySchema = z.object({
  reviewers: z
    .array(
      z.string().check(z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'expected GitHub logins')),
    )
    .check(
      z.minLength(1, 'name at least one reviewer'),
      z.maxLength(15, 'at most 15 reviewers at once'),
    ),
});
export const RequestedReviewersSchema = z.object({ requested: z.array(z.string()) });

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const pullsDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(PullRequestSummarySchema, {
    properties: {
      number: 'The pull request number on GitHub',
      title: 'Its title',
      branch: 'Its head branch, `cms/{collection}/{slug}`',
      state: '`open` or `closed`',
      merged: 'Whether it was merged (published)',
      createdAt: 'When it was opened (ISO 8601)',
      updatedAt: 'When it last changed on GitHub (ISO 8601)',
      collection: "Parsed from the branch `cms/{collection}/{slug}`; '' for a change set",
      slug: "Parsed from the branch `cms/{collection}/{slug}`; '' for a change set",
      set: "An addition: the change set's name, present only for a change set (branch `cms/_sets/{name}`), whose items are in its diff",
      previewUrl:
        'Where the draft can be previewed (cms.config.json `preview`); null or absent when none is configured',
      author: 'The GitHub login of who opened it',
      draft:
        'Always sent (an addition to the spec, so optional in the shape): true while the pull request is a GitHub draft pull request, the board\'s "In progress"; false once it is ready for review',
      mergeable:
        'Whether it merges without conflicts; null while the provider is still computing it. Sent in the list too (an addition): a draft ready for review with `mergeable: true` is "Ready to publish"',
      mergeStateStatus:
        'An addition, always sent (list and detail): GitHub\'s MergeStateStatus, read in the same query. CLEAN: mergeable, checks passing; HAS_HOOKS: the same with pre-receive hooks (GitHub Enterprise Server); UNSTABLE: mergeable while a check that is not required fails or is pending (GitHub says BLOCKED when a required one does); BLOCKED: the branch\'s rules refuse the merge (reviews, required checks); BEHIND: a strict rule wants main merged into the draft first (Update); DIRTY: conflicts; DRAFT: a GitHub draft pull request; UNKNOWN: GitHub is still computing it. "Ready to publish" takes CLEAN, HAS_HOOKS or UNSTABLE',
      reviewDecision:
        "An addition, always sent (list and detail): GitHub's review decision under the default branch's rules, which every reader sees (classic protection's review rule only admins may read): REVIEW_REQUIRED, CHANGES_REQUESTED or APPROVED; null when no review is required",
    },
    examples: [
      {
        number: 12,
        title: 'Edit 2024-02-14-hello-world',
        branch: 'cms/posts/2024-02-14-hello-world',
        state: 'open' as const,
        merged: false,
        createdAt: '2025-01-02T09:30:00Z',
        updatedAt: '2025-01-02T10:00:00Z',
        collection: 'posts',
        slug: '2024-02-14-hello-world',
        previewUrl: null,
        author: 'demo',
        draft: false,
        mergeable: true,
        mergeStateStatus: 'CLEAN' as const,
        reviewDecision: null,
      },
    ],
  });
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
  document(ReviewStateSchema, {
    properties: {
      protected: 'The default branch is protected (classic protection or a ruleset)',
      requiredApprovingReviews: "Approvals the default branch's rules ask for",
      requiredChecks: 'The status checks the rules require',
      approvedBy: 'Reviewers whose latest review approves',
      changesRequestedBy: 'Reviewers whose latest review requests changes',
      reviews: 'The reviews, oldest first',
      'reviews[].author': "The reviewer's GitHub login",
      'reviews[].state': "GitHub's review state: APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED",
      'reviews[].body': "What the reviewer wrote ('' when nothing)",
      'reviews[].submittedAt': 'When it was submitted (ISO 8601); null while pending',
      checks: "The head commit's checks and statuses",
      'checks[].name': "The check's name (its context)",
      'checks[].state': 'pending, success, failure, error, neutral, skipped…',
      'checks[].url': 'Where to see it; null when it gives none',
      'checks[].required': 'Whether the rules require it',
      mergeMethod:
        'How Publish merges: squash when the repository and the branch allow it, else what they allow; null when nothing is',
      reviewDecision:
        "An addition: GitHub's review decision (as in the summary). When classic protection could not be read (the user is no admin), `requiredApprovingReviews` counts the rulesets only, and a decision of REVIEW_REQUIRED or CHANGES_REQUESTED becomes a `reviews` or `changes-requested` blocker, so the approval classic protection asks for is named before Publish is pressed",
      publishBlockers: 'Empty when the rules let the draft be published now',
    },
  });
  document(PullRequestDetailSchema, {
    properties: {
      body: "The pull request's description",
      headSha: "The draft branch's head commit",
      baseSha: "The default branch's commit it is compared with",
      htmlUrl: 'The pull request on GitHub',
      mergeBlockers:
        "Always sent (an addition to the spec's PullRequestDetail, so optional in the shape): empty for a genuine draft, otherwise why it cannot be published (see MergeBlockerSchema)",
      review:
        "An addition: the review workflow of an open draft, what the default branch's protection and rulesets require and where the draft stands (reviews, checks, blockers, the merge method)",
    },
    examples: [
      {
        number: 12,
        title: 'Edit 2024-02-14-hello-world',
        branch: 'cms/posts/2024-02-14-hello-world',
        state: 'open' as const,
        merged: false,
        createdAt: '2025-01-02T09:30:00Z',
        updatedAt: '2025-01-02T10:00:00Z',
        collection: 'posts',
        slug: '2024-02-14-hello-world',
        previewUrl: null,
        author: 'demo',
        draft: false,
        mergeable: true,
        mergeStateStatus: 'CLEAN' as const,
        reviewDecision: null,
        body: 'Edited in the CMS.',
        headSha: '8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b',
        baseSha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
        htmlUrl: 'https://github.com/demo/blog/pull/12',
        mergeBlockers: [],
      },
    ],
  });
  document(CreatePullBodySchema, {
    properties: {
      branch: 'An existing draft branch, `cms/{collection}/{slug}`',
      title: "The pull request's title",
      body: 'Its description',
      draft:
        'An addition to the spec: true opens the pull request as a GitHub draft pull request ("In progress"); absent or false opens it ready for review, as the spec describes',
    },
    examples: [
      {
        branch: 'cms/posts/2024-02-14-hello-world',
        title: 'Edit 2024-02-14-hello-world',
        body: 'Edited in the CMS.',
      },
    ],
  });
  document(CreatePullResultSchema, {
    properties: {
      number: "The new pull request's number",
      htmlUrl: 'It on GitHub',
      previewUrl: 'Where the draft can be previewed; null or absent when no preview is configured',
    },
    examples: [{ number: 12, htmlUrl: 'https://github.com/demo/blog/pull/12', previewUrl: null }],
  });
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
  document(PrCommentSchema, {
    properties: {
      id: "The comment's id on GitHub",
      body: 'What was written (Markdown)',
      author: 'The GitHub login of who wrote it',
      avatarUrl: 'Their avatar',
      createdAt: 'When it was written (ISO 8601)',
    },
    examples: [
      {
        id: 1,
        body: 'Looks good to me.',
        author: 'alice',
        avatarUrl: 'https://avatars.githubusercontent.com/u/1',
        createdAt: '2025-01-02T10:15:00Z',
      },
    ],
  });
  document(CreateCommentBodySchema, {
    properties: {
      body: 'The comment (Markdown); not blank',
    },
    examples: [{ body: 'Looks good to me.' }],
  });
  document(CreateReviewBodySchema, {
    properties: {
      event: 'APPROVE, REQUEST_CHANGES or COMMENT',
      body: 'What the review says; needed for REQUEST_CHANGES and COMMENT',
    },
    examples: [{ event: 'APPROVE' }],
  });
  document(ReviewSchema, {
    properties: {
      author: "The reviewer's GitHub login",
      state: "GitHub's review state: APPROVED, CHANGES_REQUESTED or COMMENTED",
      body: 'What the review says',
      submittedAt: 'When it was submitted (ISO 8601)',
      htmlUrl: 'The review on GitHub',
    },
    examples: [
      {
        author: 'alice',
        state: 'APPROVED',
        body: '',
        submittedAt: '2025-01-02T10:20:00Z',
        htmlUrl: 'https://github.com/demo/blog/pull/12#pullrequestreview-1',
      },
    ],
  });
  document(RequestReviewersBodySchema, {
    properties: {
      reviewers: 'GitHub logins, 1 to 15',
    },
    examples: [{ reviewers: ['alice'] }],
  });
  document(RequestedReviewersSchema, {
    properties: {
      requested: 'Everyone whose review is requested now',
    },
    examples: [{ requested: ['alice'] }],
  });
});
