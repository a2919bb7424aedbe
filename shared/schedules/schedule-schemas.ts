import * as z from 'zod/mini';
import '../zod-locale';

/**
 * Scheduled publishing (an addition to the spec): a draft pull request merged at a set time, or a
 * published item unpublished at a set time (deleted, or given `draft: true`).
 */
export const scheduleStates = ['pending', 'running', 'done', 'failed', 'cancelled', 'ended'] as const;
export type ScheduleState = (typeof scheduleStates)[number];

/** The earliest a schedule may be set (from now), and the latest. */
export const minLeadSeconds = 60;
export const maxLeadDays = 366;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const ScheduleTimeSchema = z.string().check(
  z.refine((text) => isoInstant.test(text) && !Number.isNaN(Date.parse(text)), 'expected an ISO date-time with an offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z'),
);

const pullNumber = z.int().check(z.minimum(1, 'must be a positive integer'), z.maximum(2 ** 31 - 1, 'is not a pull request number'));
const nonEmpty = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'must be at most 200 characters'));

export const CreateScheduleBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('publish'),
    /** The draft pull request to merge (squash, as Publish does). */
    pull: pullNumber,
    at: ScheduleTimeSchema,
  }),
  z.strictObject({
    action: z.literal('unpublish'),
    collection: nonEmpty,
    slug: nonEmpty,
    /** `delete` removes the file; `draft` sets `draft: true` in its frontmatter (what Hugo, Jekyll and Astro starters read). */
    mode: z.enum(['delete', 'draft']),
    at: ScheduleTimeSchema,
  }),
]);
export type CreateScheduleBody = z.infer<typeof CreateScheduleBodySchema>;

export const RescheduleBodySchema = z.strictObject({ at: ScheduleTimeSchema });

export const ScheduleSchema = z.object({
  id: z.string(),
  action: z.enum(['publish', 'unpublish']),
  pull: z.optional(z.number()),
  collection: z.optional(z.string()),
  slug: z.optional(z.string()),
  mode: z.optional(z.enum(['delete', 'draft'])),
  /** When it runs, UTC (ISO 8601). */
  at: z.string(),
  state: z.enum(scheduleStates),
  /** Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it. */
  createdBy: z.string(),
  createdAt: z.string(),
  /** When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`). */
  finishedAt: z.optional(z.string()),
  sha: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z.object({ schedules: z.array(ScheduleSchema) });
