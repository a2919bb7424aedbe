import type { IndexQueue } from '../content/collection-index/index-queue';
import { createAwsJsonClient, type Transport } from './aws-json-client';
import { maxDelaySeconds } from './sqs-webhook-queue';
import type { AwsCredentials } from './sigv4';

export interface SqsIndexQueueOptions {
  queueUrl: string;
  region?: string;
  endpoint?: string;
  credentials?: AwsCredentials;
  transport?: Transport;
}

/**
 * The index queue on AWS: SQS through its JSON protocol (`AmazonSQS.SendMessage`, AWS JSON 1.0)
 * with a signed POST, as the webhook queue sends (shared/aws/sqs-webhook-queue.ts). A delay is the
 * message's DelaySeconds (at most 15 minutes: a rate limit that lasts longer is waited out by the
 * builder queueing itself again, each time for the rest).
 */
export function createSqsIndexQueue(options: SqsIndexQueueOptions): IndexQueue {
  const client = createAwsJsonClient({ service: 'sqs', targetPrefix: 'AmazonSQS', jsonVersion: '1.0', timeoutMs: 5000, ...options });
  return {
    async send(job, delaySeconds) {
      await client.call('SendMessage', { QueueUrl: options.queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: Math.min(Math.max(0, Math.round(delaySeconds)), maxDelaySeconds) });
    },
  };
}
