import type { WebhookEvent } from '../webhooks/webhook-schemas';

/** One delivery of one event to one subscription, as queued: the body is fixed when the write is recorded. */
export interface DeliveryJob {
  repo: string;
  hookId: string;
  deliveryId: string;
  event: WebhookEvent;
  /** The JSON body, signed and sent as is by every attempt. */
  payload: string;
  createdAt: string;
  /** The attempt this job makes (1 for the first). */
  attempt: number;
}

/**
 * Where deliveries wait: an in-process queue locally (local-webhook-queue.ts), SQS on AWS
 * (shared/adapters/sqs/sqs-webhook-queue.ts, consumed by the webhook-sender function).
 */
export interface WebhookQueue {
  send(job: DeliveryJob, delaySeconds: number): Promise<void>;
  /** A delivery whose every attempt failed (on AWS: to the dead-letter queue). */
  dead(job: DeliveryJob): Promise<void>;
}
