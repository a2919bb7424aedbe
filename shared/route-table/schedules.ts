import {
  CreateScheduleBodySchema,
  RescheduleBodySchema,
  ScheduleListSchema,
  ScheduleSchema,
} from '../schedules/schedule-schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

const notYours = error(
  'Set by someone else, and you are no admin of the repository on GitHub ("Schedule <id> was set by alice: only they or an admin of owner/name on GitHub may move or cancel it; you have write"), or no write permission on GitHub',
);

/** The schedules group's rows: publishing a draft, or unpublishing an item, at a set time (an addition to the spec). */
export const schedulesRoutes = [
  {
    id: 'listSchedules',
    method: 'GET',
    path: '/api/repos/{repo}/schedules',
    group: 'schedules',
    access: 'content:read',
    summary: "List a repository's schedules",
    description:
      "An addition to the spec: the repository's schedules, soonest first: pending ones, and those that ran, failed, ended or were cancelled in the last 90 days, each with who set it and, once finished, the commit it made or why it failed or ended.",
    responses: {
      200: { description: 'The schedules', schema: ScheduleListSchema },
      404: error('Repository not connected'),
    },
  },
  {
    id: 'createSchedule',
    method: 'POST',
    path: '/api/repos/{repo}/schedules',
    group: 'schedules',
    access: 'content:publish',
    githubRole: 'write',
    summary: 'Schedule publishing a change request or unpublishing an item',
    description:
      'An addition to the spec: publishes a draft pull request (`action: publish`, squash-merged as Publish does) or unpublishes an item of the default branch (`action: unpublish`, `mode: delete` removes the file, `draft` sets `draft: true`) at `at`, from one minute to 366 days ahead. What the run needs is checked now with your access: an open, genuine draft with no other pending publish, or an existing item. It runs with your access at that time (your GitHub grant; for an API token, only while the token is valid). A pull request merged or closed meanwhile ends the schedule; a refusal then (conflicts, branch protection, revoked access) fails it with the reason, recorded here and commented on the pull request.',
    body: CreateScheduleBodySchema,
    responses: {
      201: { description: 'Scheduled', schema: ScheduleSchema },
      400: error(
        'A time that is not an ISO date-time with an offset, less than a minute or more than 366 days ahead; an unknown action or mode; an invalid collection or slug',
      ),
      403: error(
        'No write permission on the repository on GitHub ("Scheduling the publishing of owner/name needs write (or maintain or admin) permission on GitHub; you have read"), or an API token without content:delete asking for an unpublish by deletion',
      ),
      404: error('Repository not connected; pull request, collection or item not found'),
      409: error(
        'The pull request is closed, merged, not a genuine draft, or already has a pending publish',
      ),
    },
  },
  {
    id: 'reschedule',
    method: 'PUT',
    path: '/api/repos/{repo}/schedules/{scheduleId}',
    group: 'schedules',
    access: 'content:publish',
    githubRole: 'setter or admin',
    summary: 'Move a pending schedule',
    description:
      "An addition to the spec: moves a pending schedule to `at`. Only the person who set it (`createdBy`; it then runs with the credential they moved it with) or an admin of the repository on GitHub (it stays the setter's, run with their access) may move it.",
    body: RescheduleBodySchema,
    responses: {
      200: { description: 'Moved', schema: ScheduleSchema },
      400: error(
        'A time that is not an ISO date-time with an offset, less than a minute or more than 366 days ahead',
      ),
      403: notYours,
      404: error('No such schedule in this repository'),
      409: error(
        'The schedule is not pending (it ran, failed, ended or was cancelled), or changed meanwhile',
      ),
    },
  },
  {
    id: 'cancelSchedule',
    method: 'DELETE',
    path: '/api/repos/{repo}/schedules/{scheduleId}',
    group: 'schedules',
    access: 'content:publish',
    githubRole: 'setter or admin',
    summary: 'Cancel a pending schedule',
    description:
      'An addition to the spec: cancels a pending schedule; it stays listed as cancelled. Only the person who set it (`createdBy`) or an admin of the repository on GitHub may cancel it.',
    responses: {
      200: { description: 'Cancelled: the schedule, now `cancelled`', schema: ScheduleSchema },
      403: notYours,
      404: error('No such schedule in this repository'),
      409: error('The schedule is not pending, or changed meanwhile'),
    },
  },
] as const satisfies readonly RouteDef[];
