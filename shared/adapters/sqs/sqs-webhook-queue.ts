import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryJob, WebhookQueue } from '../../ports/webhook-queue';

/** SQS's longest message delay; later backoffs are sent at this delay. */
export const maxDelaySeconds = 900;

export interface SqsWebhookQueueOptions {
  /** The container's SQS client (sqs.ts). */
  sqs: Pick<SQSClient, 'send'>;
  queueUrl: string;
  deadLetterQueueUrl: string;
}

/**
 * The webhook queue on AWS: a job is one SQS message (its JSON, read back by
 * sqs-webhook-message.ts). A retry's backoff is the message's DelaySeconds; a dead delivery is
 * sent to the dead-letter queue, where the alarm sees it (docs/deploy-aws.md).
 */
export function createSqsWebhookQueue({
  sqs,
  queueUrl,
  deadLetterQueueUrl,
}: SqsWebhookQueueOptions): WebhookQueue {
  const sendTo = async (QueueUrl: string, job: DeliveryJob, delaySeconds: number) => {
    await sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: JSON.stringify(job),
        DelaySeconds: Math.min(Math.max(0, Math.round(delaySeconds)), maxDelaySeconds),
      }),
    );
  };
  return {
    send: (job, delaySeconds) => sendTo(queueUrl, job, delaySeconds),
    dead: (job) => sendTo(deadLetterQueueUrl, job, 0),
  };
}
