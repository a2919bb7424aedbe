import * as z from 'zod/mini';
import '../zod-locale';

/**
 * The audit log (an addition to the spec): one record per write through the service, whatever
 * its outcome, kept for the deployment's retention (365 days unless configured).
 */
export const ActivityRecordSchema = z.object({
  /** When the request was answered (ISO 8601, UTC). */
  at: z.string(),
  /** The route table's id of what was done: putContent, mergePull, createToken, … */
  action: z.string(),
  /** Method and path as requested (no query string). */
  request: z.string(),
  /** The answer's status: 2xx done, 4xx refused (nothing changed), 5xx failed. */
  status: z.number(),
  actor: z.object({
    login: z.string(),
    /** `session` (the editor) or `token` (an API token, named by `tokenId`) or `schedule` (a scheduled run, as its setter). */
    via: z.enum(['session', 'token', 'schedule']),
    tokenId: z.optional(z.string()),
  }),
  /** The repository, when the action was on one. */
  repo: z.optional(z.string()),
  /** What the action named: collection, slug, pull request number, schedule or token id. */
  target: z.optional(z.record(z.string(), z.string())),
  /** What it made, from the answer: a commit or blob sha, a pull request number, a path. */
  result: z.optional(z.record(z.string(), z.string())),
  /** The request id, to find its line in the request log. */
  requestId: z.string(),
});
export type ActivityRecord = z.infer<typeof ActivityRecordSchema>;

export const ActivityPageSchema = z.object({
  records: z.array(ActivityRecordSchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.nullable(z.string()),
});

export const ActivityQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int('expected an integer'), z.minimum(1), z.maximum(100)), 50),
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,400}$/, 'is not a cursor this list gave'))),
});
