import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { BackgroundQueue } from '../../ports/index-queue';
import { maxDelaySeconds } from './sqs-webhook-queue';

export interface SqsIndexQueueOptions {
  /** The container's SQS client (sqs.ts). */
  sqs: Pick<SQSClient, 'send'>;
  queueUrl: string;
}

/**
 * The index queue on AWS: a job (an index build or a pull request's check) is one SQS message
 * (its JSON, read back by `jobOfMessage`), consumed by the indexer function. A delay is the message's DelaySeconds (at most 15 minutes: a
 * rate limit that lasts longer is waited out by the builder queueing itself again for the rest).
 */
export function createSqsIndexQueue({ sqs, queueUrl }: SqsIndexQueueOptions): BackgroundQueue {
  return {
    async send(job, delaySeconds) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(job),
          DelaySeconds: Math.min(Math.max(0, Math.round(delaySeconds)), maxDelaySeconds),
        }),
      );
    },
  };
}
