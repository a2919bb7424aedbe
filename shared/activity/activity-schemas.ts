import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';

/**
 * The audit log (an addition to the spec): one record per write through the service, whatever
 * its outcome, kept for the deployment's retention (365 days unless configured).
 */
export const ActivityRecordSchema = z.object({
  at: z.string(),
  action: z.string(),
  request: z.string(),
  status: z.number(),
  actor: z.object({
    login: z.string(),
    via: z.enum(['session', 'token', 'schedule']),
    tokenId: z.optional(z.string()),
  }),
  repo: z.optional(z.string()),
  target: z.optional(z.record(z.string(), z.string())),
  result: z.optional(z.record(z.string(), z.string())),
  requestId: z.string(),
});
export type ActivityRecord = z.infer<typeof ActivityRecordSchema>;

export const ActivityPageSchema = z.object({
  records: z.array(ActivityRecordSchema),
  nextCursor: z.nullable(z.string()),
});

export const ActivityQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int('expected an integer'), z.minimum(1), z.maximum(100)),
    50,
  ),
  cursor: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,400}$/, 'is not a cursor this list gave')),
  ),
});

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const activityDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(ActivityRecordSchema, {
    properties: {
      at: 'When the request was answered (ISO 8601, UTC)',
      action: "The route table's id of what was done: putContent, mergePull, createToken, …",
      request: 'Method and path as requested (no query string)',
      status: "The answer's status: 2xx done, 4xx refused (nothing changed), 5xx failed",
      actor: 'Who did it, and how',
      'actor.login': 'Who: the GitHub login',
      'actor.via':
        '`session` (the editor) or `token` (an API token, named by `tokenId`) or `schedule` (a scheduled run, as its setter)',
      'actor.tokenId': 'With `token`: which API token',
      repo: 'The repository, when the action was on one',
      target: 'What the action named: collection, slug, pull request number, schedule or token id',
      result: 'What it made, from the answer: a commit or blob sha, a pull request number, a path',
      requestId: 'The request id, to find its line in the request log',
    },
  });
  document(ActivityPageSchema, {
    properties: {
      records: 'Newest first',
      nextCursor: 'Pass as `cursor` for the next (older) page; null on the last',
    },
    examples: [
      {
        records: [
          {
            at: '2025-01-02T10:00:00.000Z',
            action: 'putContent',
            request: 'PUT /api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world',
            status: 200,
            actor: { login: 'demo', via: 'token', tokenId: 'AAAAAAAAAAAAAAAAAAAAAA' },
            repo: 'demo/blog',
            target: { collection: 'posts', slug: '2024-02-14-hello-world' },
            result: { sha: '3f786850e387550fdab836ed7e6dc881de23001b' },
            requestId: 'c0ffee00-1234-4abc-8def-0123456789ab',
          },
        ],
        nextCursor: null,
      },
    ],
  });
});
