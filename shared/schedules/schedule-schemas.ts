import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';

/**
 * Scheduled publishing (an addition to the spec): a draft pull request merged at a set time, or a
 * published item unpublished at a set time (deleted, or given `draft: true`).
 */
export const scheduleStates = [
  'pending',
  'running',
  'done',
  'failed',
  'cancelled',
  'ended',
] as const;
export type ScheduleState = (typeof scheduleStates)[number];

/** The earliest a schedule may be set (from now), and the latest. */
export const minLeadSeconds = 60;
export const maxLeadDays = 366;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const ScheduleTimeSchema = z
  .string()
  .check(
    z.refine(
      (text) => isoInstant.test(text) && !Number.isNaN(Date.parse(text)),
      'expected an ISO date-time with an offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z',
    ),
  );

const pullNumber = z
  .int()
  .check(
    z.minimum(1, 'must be a positive integer'),
    z.maximum(2 ** 31 - 1, 'is not a pull request number'),
  );
/** A new instance per use, so that each is described on its own (schemaDocs). */
const nonEmpty = () =>
  z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'must be at most 200 characters'));

export const CreateScheduleBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('publish'),
    pull: pullNumber,
    at: ScheduleTimeSchema.clone(),
  }),
  z.strictObject({
    action: z.literal('unpublish'),
    collection: nonEmpty(),
    slug: nonEmpty(),
    mode: z.enum(['delete', 'draft']),
    at: ScheduleTimeSchema.clone(),
  }),
]);
export type CreateScheduleBody = z.infer<typeof CreateScheduleBodySchema>;

export const RescheduleBodySchema = z.strictObject({ at: ScheduleTimeSchema.clone() });

export const ScheduleSchema = z.object({
  id: z.string(),
  action: z.enum(['publish', 'unpublish']),
  pull: z.optional(z.number()),
  collection: z.optional(z.string()),
  slug: z.optional(z.string()),
  mode: z.optional(z.enum(['delete', 'draft'])),
  at: z.string(),
  state: z.enum(scheduleStates),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.optional(z.string()),
  sha: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z.object({ schedules: z.array(ScheduleSchema) });

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const scheduleDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(CreateScheduleBodySchema, {
    properties: {
      '|0.action': 'Publish a draft',
      '|0.pull': 'The draft pull request to merge (squash, as Publish does)',
      '|0.at': 'When: an ISO date-time with an offset, one minute to 366 days ahead',
      '|1.action': 'Unpublish an item of the default branch',
      '|1.collection': "The item's collection",
      '|1.slug': "The item's slug",
      '|1.mode':
        '`delete` removes the file; `draft` sets `draft: true` in its frontmatter (what Hugo, Jekyll and Astro starters read)',
      '|1.at': 'When: an ISO date-time with an offset, one minute to 366 days ahead',
    },
    examples: [{ action: 'publish', pull: 12, at: '2026-12-01T09:00:00+01:00' }],
  });
  document(RescheduleBodySchema, {
    properties: {
      at: 'The new time: an ISO date-time with an offset, one minute to 366 days ahead',
    },
    examples: [{ at: '2026-12-02T09:00:00+01:00' }],
  });
  document(ScheduleSchema, {
    properties: {
      id: "The schedule's id",
      action: '`publish` a draft, or `unpublish` an item',
      pull: 'publish: the pull request',
      collection: "unpublish: the item's collection",
      slug: "unpublish: the item's slug",
      mode: 'unpublish: `delete` the file or set `draft: true`',
      at: 'When it runs, UTC (ISO 8601)',
      state:
        'pending, running, done, failed, cancelled, or ended (the pull request was merged or closed meanwhile)',
      createdBy:
        'Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it',
      createdAt: 'When it was set (ISO 8601)',
      finishedAt:
        'When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`)',
      sha: 'done: the commit it made',
      error: 'failed or ended: why',
    },
    examples: [
      {
        id: 'sch_01JH2K3M4N5P6Q7R8S9T',
        action: 'publish',
        pull: 12,
        at: '2026-12-01T08:00:00.000Z',
        state: 'pending',
        createdBy: 'demo',
        createdAt: '2025-01-02T10:00:00.000Z',
      },
    ],
  });
  document(ScheduleListSchema, {
    properties: {
      schedules: 'Soonest first',
    },
  });
});
