import * as z from 'zod/mini';
import '../zod-locale';

/** A GitHub webhook delivery's JSON body: an object; only the fields an event uses are read (github-events.ts). */
export const GitHubEventBodySchema = z.looseObject({});

export const GitHubEventResultSchema = z.object({
  /** The `X-GitHub-Event` received. */
  event: z.string(),
  /**
   * `applied`: recorded; `duplicate`: this `X-GitHub-Delivery` was applied before; `not-connected`:
   * about no connected repository; `ignored`: an event the service does not use.
   */
  outcome: z.enum(['applied', 'duplicate', 'not-connected', 'ignored']),
});
