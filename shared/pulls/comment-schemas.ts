import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { nonBlank } from './non-blank';

/** A change request's comments, reviews and requested reviewers. */
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
export const commentDocs = /* @__PURE__ */ schemaDocs((document) => {
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
