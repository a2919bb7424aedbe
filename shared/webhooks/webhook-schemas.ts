import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';
import { webhookEvents, type WebhookEvent } from './webhook-events';

/**
 * Outbound webhooks (an addition to the spec): per repository, subscriptions that receive a
 * signed POST for each successful write of the events they name (events.ts).
 */
export { webhookEvents, type WebhookEvent };

/** Subscriptions per repository, at most. */
export const maxSubscriptionsPerRepo = 10;
/** Deliveries listed per subscription (the newest). */
export const deliveriesListed = 20;
/** A receiver's answer kept in the delivery log, at most (bytes of UTF-8). */
export const responseSnippetBytes = 1024;

export const CreateWebhookBodySchema = z.strictObject({
  url: z.string().check(z.maxLength(2000, 'must be at most 2000 characters')),
  events: z
    .array(
      z.enum(
        webhookEvents.filter((event) => event !== 'ping') as [WebhookEvent, ...WebhookEvent[]],
      ),
    )
    .check(
      z.minLength(1, 'must name at least one event'),
      z.maxLength(20, 'must name at most 20 events'),
    ),
  description: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.optional(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The other direction: GitHub's push deliveries to this service (docs/api-guide.md, "Fresh lists from push webhooks"). */
export const GitHubPushStatusSchema = z.object({
  lastDeliveryAt: z.nullable(z.string()),
  inUse: z.boolean(),
});

export const WebhookListSchema = z.object({
  webhooks: z.array(WebhookSchema),
  githubPushes: GitHubPushStatusSchema,
});

export const CreatedWebhookSchema = z.object({
  ...WebhookSchema.shape,
  secret: z.string(),
});

export const deliveryStates = ['pending', 'retrying', 'delivered', 'dead'] as const;
export const bodyWithheldReasons = ['private-address', 'admin-only'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const DeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  state: z.enum(deliveryStates),
  attempt: z.number(),
  createdAt: z.string(),
  /** Of the last attempt: */
  lastAttemptAt: z.optional(z.string()),
  responseStatus: z.optional(z.number()),
  responseBody: z.optional(z.string()),
  responseBodyWithheld: z.optional(z.enum(bodyWithheldReasons)),
  error: z.optional(z.string()),
  durationMs: z.optional(z.number()),
  nextAttemptAt: z.optional(z.string()),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.object({ deliveries: z.array(DeliverySchema) });

/** What a delivery's body holds (JSON). */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  repo: string;
  occurredAt: string;
  actor?: { login: string; via: string };
  /** The route table's id of the write (putContent, mergePull, …). */
  action?: string;
  target?: Record<string, string>;
  result?: Record<string, string>;
}

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const webhookDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(CreateWebhookBodySchema, {
    properties: {
      url: 'Where deliveries are POSTed: https (http only to a loopback host, in local mode); private addresses are refused unless the deployment allows them',
      events: 'What to deliver: one or more of the event names',
      description: 'A note for people (what receives this)',
    },
    examples: [
      {
        url: 'https://ci.example.org/hooks/cms',
        events: ['content.saved', 'pull.merged'],
        description: 'Rebuild the site',
      },
    ],
  });
  document(WebhookSchema, {
    properties: {
      id: "The subscription's id",
      url: 'Where deliveries are POSTed',
      events: 'The events it receives',
      description: 'The note given when it was made',
      createdAt: 'When it was made (ISO 8601)',
      createdBy: 'Who made it (GitHub login)',
    },
    examples: [
      {
        id: 'wh_3c4d5e6f7a8b',
        url: 'https://ci.example.org/hooks/cms',
        events: ['content.saved', 'pull.merged'],
        description: 'Rebuild the site',
        createdAt: '2025-01-02T10:00:00.000Z',
        createdBy: 'demo',
      },
    ],
  });
  document(GitHubPushStatusSchema, {
    properties: {
      lastDeliveryAt: 'When GitHub last delivered a push for this repository; null when none came',
      inUse:
        "Whether lists answer from the service's records between pushes (false before the first delivery, and after a push no delivery announced)",
    },
  });
  document(WebhookListSchema, {
    properties: {
      webhooks: 'The subscriptions, oldest first (never their secrets)',
      githubPushes: "GitHub's push deliveries to this service for the repository",
    },
    examples: [
      {
        webhooks: [
          {
            id: 'wh_3c4d5e6f7a8b',
            url: 'https://ci.example.org/hooks/cms',
            events: ['content.saved', 'pull.merged'],
            description: 'Rebuild the site',
            createdAt: '2025-01-02T10:00:00.000Z',
            createdBy: 'demo',
          },
        ],
        githubPushes: { lastDeliveryAt: '2025-01-02T09:58:00.000Z', inUse: true },
      },
    ],
  });
  document(CreatedWebhookSchema, {
    properties: {
      secret:
        'The signing secret, shown this once: keep it in the receiver; it is stored encrypted and never shown again',
    },
    examples: [
      {
        id: 'wh_3c4d5e6f7a8b',
        url: 'https://ci.example.org/hooks/cms',
        events: ['content.saved', 'pull.merged'],
        description: 'Rebuild the site',
        createdAt: '2025-01-02T10:00:00.000Z',
        createdBy: 'demo',
        secret: 'whsec_not-a-real-secret-just-an-example',
      },
    ],
  });
  document(DeliverySchema, {
    properties: {
      id: 'The delivery id (`X-CMS-Delivery`)',
      event: 'The event delivered',
      state:
        'pending (queued), retrying (an attempt failed; another is due), delivered (a 2xx), dead (every attempt failed)',
      attempt: 'Attempts made so far',
      createdAt: 'When the event happened and the delivery was queued (ISO 8601)',
      lastAttemptAt:
        'When the last attempt was made (ISO 8601); the fields below are of that attempt',
      responseStatus:
        "The receiver's status code; absent when none answered (refused, timed out, address refused)",
      responseBody:
        "The start of the receiver's answer, at most 1 KB: shown to admins of the repository only, and only from a public address",
      responseBodyWithheld:
        'Why `responseBody` is absent although the receiver may have answered: `private-address` (the receiver is at an address the deployment allows although private, e.g. loopback in local mode: its answer is never kept, or a subscription would read private services back), `admin-only` (only admins of the repository on GitHub see answers; you have maintain)',
      error:
        'Why the attempt failed when no status says it: timeout, connection refused, a forbidden address',
      durationMs: 'How long the last attempt took, in milliseconds',
      nextAttemptAt: 'When the next attempt is due, while retrying',
    },
    examples: [
      {
        id: 'dl_7e8f9a0b1c2d',
        event: 'content.saved',
        state: 'delivered',
        attempt: 1,
        createdAt: '2025-01-02T10:01:00.000Z',
        lastAttemptAt: '2025-01-02T10:01:00.000Z',
        responseStatus: 204,
        durationMs: 120,
      },
    ],
  });
  document(DeliveryListSchema, {
    properties: {
      deliveries: 'The last 20, newest first',
    },
  });
});
