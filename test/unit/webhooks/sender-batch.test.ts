import { describe, expect, it } from 'vitest';
import { consumeBatch } from '../../../functions/webhook-sender/consume';
import { silentLogger } from '../../../shared/logger';
import type { DeliveryJob, WebhookQueue } from '../../../shared/ports/webhook-queue';

const job: DeliveryJob = {
  repo: 'demo/blog',
  hookId: 'h1',
  deliveryId: 'dlv_1',
  event: 'content.saved',
  payload: '{}',
  createdAt: '2026-01-01T00:00:00.000Z',
  attempt: 1,
};
const queue: WebhookQueue = { send: async () => undefined, dead: async () => undefined };

describe('the webhook sender on SQS', () => {
  it('processes each message and reports only the failed ones, so SQS redrives them to the dead-letter queue', async () => {
    const processed: string[] = [];
    const deliverer = {
      process: async (input: DeliveryJob) => {
        if (input.deliveryId === 'dlv_broken') throw new Error('table unreachable');
        processed.push(input.deliveryId);
        return { next: 'done' as const };
      },
    };
    const result = await consumeBatch(
      {
        Records: [
          { messageId: 'm1', body: JSON.stringify(job) },
          { messageId: 'm2', body: JSON.stringify({ ...job, deliveryId: 'dlv_broken' }) },
          { messageId: 'm3', body: 'not json' },
        ],
      },
      { deliverer, queue, logger: silentLogger },
    );
    expect(processed).toEqual(['dlv_1']);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual([
      'm2',
      'm3',
    ]);
  });
});
