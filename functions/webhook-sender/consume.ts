import { jobOfMessage } from '../../shared/adapters/sqs/sqs-webhook-message';
import type { Logger } from '../../shared/logger';
import type { Deliverer } from '../../shared/webhooks/deliverer';
import type { WebhookQueue } from '../../shared/ports/webhook-queue';

export interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

/**
 * One SQS batch: each message one attempt (deliverer.process re-queues a failed one with its
 * backoff, or dead-letters the last). A message that cannot be processed (the table or KMS
 * unreachable) is reported as a batch item failure: SQS hands it out again after the visibility
 * timeout, and after `webhookMaxReceives` receives moves it to the dead-letter queue. A message
 * that is not a delivery goes to the dead-letter queue at once, by the same path.
 */
export async function consumeBatch(
  event: SqsEvent,
  deps: { deliverer: Pick<Deliverer, 'process'>; queue: WebhookQueue; logger: Logger },
) {
  const failures: { itemIdentifier: string }[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await deps.deliverer.process(jobOfMessage(record.body), deps.queue);
      } catch (error) {
        deps.logger.error('Webhook message not processed', {
          messageId: record.messageId,
          errorName: (error as Error).name,
          errorMessage: (error as Error).message,
        });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
