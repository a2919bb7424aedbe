import * as z from 'zod/mini';
import { webhookEvents } from '../webhooks/webhook-schemas';
import type { DeliveryJob, WebhookQueue } from '../webhooks/webhook-queue';
import { createAwsJsonClient, type Transport } from './aws-json-client';
import type { AwsCredentials } from './sigv4';

/** SQS's longest message delay; later backoffs are sent at this delay. */
export const maxDelaySeconds = 900;

export interface SqsWebhookQueueOptions {
  queueUrl: string;
  deadLetterQueueUrl: string;
  region?: string;
  endpoint?: string;
  credentials?: AwsCredentials;
  transport?: Transport;
}

/**
 * The webhook queue on AWS: SQS through its JSON protocol (`AmazonSQS.SendMessage`, AWS JSON 1.0)
 * with a signed POST, no SDK client. A retry's backoff is the message's DelaySeconds; a dead
 * delivery is sent to the dead-letter queue, where the alarm sees it (docs/deploy-aws.md).
 */
export function createSqsWebhookQueue(options: SqsWebhookQueueOptions): WebhookQueue {
  const client = createAwsJsonClient({ service: 'sqs', targetPrefix: 'AmazonSQS', jsonVersion: '1.0', timeoutMs: 5000, ...options });
  const sendTo = async (QueueUrl: string, job: DeliveryJob, delaySeconds: number) => {
    await client.call('SendMessage', { QueueUrl, MessageBody: JSON.stringify(job), DelaySeconds: Math.min(Math.max(0, Math.round(delaySeconds)), maxDelaySeconds) });
  };
  return {
    send: (job, delaySeconds) => sendTo(options.queueUrl, job, delaySeconds),
    dead: (job) => sendTo(options.deadLetterQueueUrl, job, 0),
  };
}

const DeliveryJobSchema = z.object({
  repo: z.string(),
  hookId: z.string(),
  deliveryId: z.string(),
  event: z.enum(webhookEvents),
  payload: z.string(),
  createdAt: z.string(),
  attempt: z.int().check(z.minimum(1)),
});

/** A queued message's body as a job; throws for anything else. */
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
