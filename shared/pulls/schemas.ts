import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { MergeBlockerSchema, PublishBlockerSchema } from './blocker-schemas';
import { nonBlank } from './non-blank';

/**
 * Request and response shapes of the pulls (drafts) routes, as the spec's tables give them: the
 * pull requests themselves here; why one is not published (blocker-schemas.ts), its actions'
 * answers (action-schemas.ts), its review diff (diff-schemas.ts) and its comments and reviews
 * (comment-schemas.ts) beside it, re-exported for the route table and the code that reads them here.
 */
export {
  draftBlockReasons,
  type DraftBlockReason,
  MergeBlockerSchema,
  type MergeBlocker,
  publishBlockReasons,
  PublishBlockerSchema,
  type PublishBlocker,
} from './blocker-schemas';
export {
  DraftStateResultSchema,
  KeptBranchSchema,
  type KeptBranch,
  MergeResultSchema,
  ClosePullResultSchema,
  refusalReasons,
  mergeRefusalReasons,
  MergeConflictSchema,
  UpdateConflictSchema,
  RebaseRefusalSchema,
} from './action-schemas';
export {
  ValueChangeSchema,
  ContentDiffFieldSchema,
  type ContentDiffField,
  contentDiffTypes,
  changedFileStatuses,
  ChangedFileSchema,
  ContentDiffSchema,
  type ContentDiff,
} from './diff-schemas';
export {
  PrCommentSchema,
  type PrComment,
  CreateCommentBodySchema,
  reviewEvents,
  CreateReviewBodySchema,
  ReviewSchema,
  RequestReviewersBodySchema,
  RequestedReviewersSchema,
} from './comment-schemas';

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
});
