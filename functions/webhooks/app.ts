import { assertHubSignature, hubSignatureHeader } from '../../shared/freshness/hub-signature';
import { callerOptions } from '../../shared/http/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { webhooksRoutes } from '../../shared/route-table/webhooks';
import type { WebhooksDeps } from './deps';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
} from './routes/webhook-routes';
import { receiveGitHubEvent } from './routes/github-event-route';

export const makeWebhooksHandler = (deps: WebhooksDeps) =>
  makeGroupHandler({
    table: webhooksRoutes,
    routes: {
      listWebhooks,
      createWebhook,
      deleteWebhook,
      testWebhook,
      listWebhookDeliveries,
      receiveGitHubEvent,
    },
    // GitHub's deliveries (receiveGitHubEvent) are checked over their exact bytes before they are parsed.
    verifyRawBody: (bytes, headers) =>
      assertHubSignature(deps.githubWebhookSecret, bytes, headers[hubSignatureHeader]),
    ...callerOptions(deps),
  });
