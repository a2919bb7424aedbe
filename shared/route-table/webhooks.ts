import type { RouteDef } from '../http/route-def';
import {
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  DeliveryListSchema,
  DeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from '../webhooks/webhook-schemas';
import { GitHubEventBodySchema, GitHubEventResultSchema } from '../freshness/github-event-schemas';
import { error } from './error-response';

const who =
  "Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).";
const belowMaintain = error(
  'Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write"',
);

/** The webhooks group's rows: signed outbound webhooks per repository (an addition to the spec). */
export const webhooksRoutes = [
  {
    id: 'listWebhooks',
    method: 'GET',
    path: '/api/repos/{repo}/webhooks',
    group: 'webhooks',
    access: 'content:publish',
    githubRole: 'maintain',
    summary: "List a repository's webhooks",
    description: `An addition to the spec: the repository's webhook subscriptions (never their secrets), and \`githubPushes\`: when GitHub last delivered a push for the repository and whether lists answer from the service's records between pushes. ${who}`,
    responses: {
      200: { description: 'The subscriptions, oldest first', schema: WebhookListSchema },
      403: belowMaintain,
      404: error('Repository not connected, or not visible to you on GitHub'),
    },
  },
  {
    id: 'createWebhook',
    method: 'POST',
    path: '/api/repos/{repo}/webhooks',
    group: 'webhooks',
    access: 'content:publish',
    githubRole: 'maintain',
    summary: 'Create a webhook',
    description: `An addition to the spec: subscribes a URL to events of the repository. Each successful write of those events is POSTed there as JSON, signed: \`X-CMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>\`, with \`X-CMS-Event\` and \`X-CMS-Delivery\` (the delivery id); receivers refuse a timestamp more than 300 s off. A non-2xx answer (redirects are not followed) or no answer within 5 s is retried after 1 s, 5 s, 30 s, 2 min and 10 min, then the delivery is dead. The URL must be https and its host must resolve to public addresses only (checked now and at each delivery), unless the deployment allows private ones. The secret is in this answer only. At most 10 per repository. ${who}`,
    body: CreateWebhookBodySchema,
    responses: {
      201: { description: 'Subscribed; `secret` is shown this once', schema: CreatedWebhookSchema },
      400: error(
        'A URL that is not https, carries credentials, does not resolve or resolves to a private, loopback or link-local address; an unknown event',
      ),
      403: belowMaintain,
      404: error('Repository not connected, or not visible to you on GitHub'),
      409: error('The repository already has 10 webhooks'),
    },
  },
  {
    id: 'deleteWebhook',
    method: 'DELETE',
    path: '/api/repos/{repo}/webhooks/{hookId}',
    group: 'webhooks',
    access: 'content:publish',
    githubRole: 'maintain',
    summary: 'Delete a webhook',
    description: `An addition to the spec: removes a subscription; queued deliveries to it are dropped. ${who}`,
    responses: {
      200: { description: 'Removed: the subscription as it was', schema: WebhookSchema },
      403: belowMaintain,
      404: error('No such webhook in this repository'),
    },
  },
  {
    id: 'testWebhook',
    method: 'POST',
    path: '/api/repos/{repo}/webhooks/{hookId}/test',
    group: 'webhooks',
    access: 'content:publish',
    githubRole: 'maintain',
    summary: 'Send a test delivery to a webhook',
    description: `An addition to the spec: sends a \`ping\` event to the subscription now, once (no retries), signed as every delivery, and answers with the delivery as logged: the receiver's status and the start of its answer (withheld as the deliveries list says), or why none came. ${who}`,
    responses: {
      200: { description: 'The attempt, delivered or not', schema: DeliverySchema },
      403: belowMaintain,
      404: error('No such webhook in this repository'),
    },
  },
  {
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/api/repos/{repo}/webhooks/{hookId}/deliveries',
    group: 'webhooks',
    access: 'content:publish',
    githubRole: 'maintain',
    summary: "List a webhook's recent deliveries",
    description: `An addition to the spec: the subscription's last 20 deliveries, newest first, each with its state (pending, retrying, delivered, dead), attempts, and its last attempt's status code, answer (at most 1 KB), error and duration. Kept 30 days. A receiver's answer is shown only to admins of the repository, and never from a private address (one the deployment allows although private, such as loopback in local mode): \`responseBodyWithheld\` then says why it is absent. ${who}`,
    responses: {
      200: { description: 'The deliveries', schema: DeliveryListSchema },
      403: belowMaintain,
      404: error('No such webhook in this repository'),
    },
  },
  {
    id: 'receiveGitHubEvent',
    method: 'POST',
    path: '/api/github/webhook',
    group: 'webhooks',
    access: 'none',
    summary: 'Receive a GitHub App webhook delivery',
    description:
      "An addition to the spec: where the GitHub App delivers its webhook events (the App's Webhook URL; docs/deploy-aws.md). Each delivery must carry `X-Hub-Signature-256` over its exact bytes under the App's webhook secret, `X-GitHub-Event` and `X-GitHub-Delivery`; each delivery id is applied once. A `push` to a connected repository's default branch records its new head, so lists answer from the table with no GitHub request while nothing changes; member, team, repository and installation events make every user's next list ask GitHub again. `pull_request` (`opened`, `synchronize`, `reopened`) and `check_suite` (`rerequested`) of a connected repository queue the content check of the pull request's head, run after the answer: the App reports it as the `CMS content` check run, with annotations on the lines of the files it changes (docs/your-own-site.md); `check_suite` `requested` is `ignored` (the same push sends `synchronize`). A list trusts what it recorded for at most 5 minutes without a new confirmation (the bound on staleness when a delivery is lost).",
    body: GitHubEventBodySchema,
    rawBody: true,
    responses: {
      202: { description: 'Received (see `outcome`)', schema: GitHubEventResultSchema },
      400: error(
        'X-GitHub-Event or X-GitHub-Delivery missing or malformed, or a body that is not a JSON object',
      ),
      401: error(
        'X-Hub-Signature-256 missing, or not the signature of this body under the webhook secret; checked over the raw bytes before the body is read, so a forged body is 401 whatever it holds (not JSON, another Content-Type)',
      ),
      404: error('This deployment has no GitHub webhook secret (webhooks are not set up)'),
    },
  },
] as const satisfies readonly RouteDef[];
