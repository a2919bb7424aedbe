import * as z from 'zod/mini';
import { webhookEvents } from '../../webhooks/webhook-schemas';
import type { DeliveryJob } from '../../ports/webhook-queue';

const DeliveryJobSchema = z.object({
  repo: z.string(),
  hookId: z.string(),
  deliveryId: z.string(),
  event: z.enum(webhookEvents),
  payload: z.string(),
  createdAt: z.string(),
  attempt: z.int().check(z.minimum(1)),
});

/**
 * A queued message's body (as sqs-webhook-queue.ts sends it) as a job; throws for anything else.
 * Apart from the queue adapter, so the webhook sender reads its batch without loading the SQS client.
 */
export function jobOfMessage(body: string): DeliveryJob {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const result = DeliveryJobSchema.safeParse(parsed);
  if (!result.success) throw new Error('The message is not a webhook delivery');
  return result.data;
}
