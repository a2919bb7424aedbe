import { ActivityPageSchema, ActivityQuerySchema } from '../activity/activity-schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The activity group's rows: the audit log, read per repository and per caller (an addition to the spec). */
export const activityRoutes = [
  {
    id: 'listRepoActivity',
    method: 'GET',
    path: '/api/repos/{repo}/activity',
    group: 'activity',
    access: 'content:read',
    summary: 'List what was done to a repository',
    description:
      "An addition to the spec: what was done to the repository through the service, newest first, one page at a time: every write (save, delete, rename, pull request open, merge, update, rebase, close, comment, schedule, media upload, …) whatever its outcome, with who (login, and the API token id or the session), when, what it named and what it made. Records are append-only and kept for the deployment's retention (365 days unless configured). Needs read access to the repository on GitHub.",
    query: ActivityQuerySchema,
    responses: {
      200: {
        description: 'One page; `nextCursor` is null on the last',
        schema: ActivityPageSchema,
      },
      400: error('A limit outside 1 to 100, or a cursor this list did not give'),
      404: error('Repository not connected, or not visible to you on GitHub'),
    },
  },
  {
    id: 'listMyActivity',
    method: 'GET',
    path: '/api/activity',
    group: 'activity',
    access: 'authenticated',
    summary: 'List your own actions',
    description:
      "An addition to the spec: the caller's own actions through the service, in every repository and outside them (tokens, connections), newest first. An API token sees only its user's records in the repositories its scope names (a page may then hold fewer records than `limit`).",
    query: ActivityQuerySchema,
    responses: {
      200: {
        description: 'One page; `nextCursor` is null on the last',
        schema: ActivityPageSchema,
      },
      400: error('A limit outside 1 to 100, or a cursor this list did not give'),
    },
  },
] as const satisfies readonly RouteDef[];
