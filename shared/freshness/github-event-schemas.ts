import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';

/** A GitHub webhook delivery's JSON body: an object; only the fields an event uses are read (github-events.ts). */
export const GitHubEventBodySchema = z.looseObject({});

export const GitHubEventResultSchema = z.object({
  event: z.string(),
  outcome: z.enum(['applied', 'duplicate', 'not-connected', 'ignored']),
});

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const githubEventDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(GitHubEventResultSchema, {
    properties: {
      event: 'The `X-GitHub-Event` received',
      outcome:
        '`applied`: recorded (for a pull request: its check queued); `duplicate`: this `X-GitHub-Delivery` was applied before; `not-connected`: about no connected repository; `ignored`: an event the service does not use',
    },
    examples: [{ event: 'push', outcome: 'applied' }],
  });
});
