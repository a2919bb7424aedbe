import { SendMessageCommand, SQSServiceException } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSqsClient } from '../../../shared/adapters/sqs/sqs';
import { jobOfMessage } from '../../../shared/adapters/sqs/sqs-webhook-message';
import { createSqsWebhookQueue } from '../../../shared/adapters/sqs/sqs-webhook-queue';
import type { DeliveryJob } from '../../../shared/ports/webhook-queue';

const job: DeliveryJob = {
  repo: 'demo/blog',
  hookId: 'h1',
  deliveryId: 'dlv_1',
  event: 'content.saved',
  payload: '{"a":1}',
  createdAt: '2026-01-01T00:00:00.000Z',
  attempt: 2,
};
const sqs = createSqsClient({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const mock = mockClient(sqs);
const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks';
const deadLetterQueueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks-dlq';
const queue = createSqsWebhookQueue({ sqs, queueUrl, deadLetterQueueUrl });
const sent = () => mock.commandCalls(SendMessageCommand).map((call) => call.args[0].input);

describe('the webhook queue on SQS', () => {
  beforeEach(() => {
    mock.reset();
    mock.on(SendMessageCommand).resolves({ MessageId: 'm1' });
  });

  it('sends a job with its backoff as DelaySeconds, and a dead one to the dead-letter queue', async () => {
    // Act
    await queue.send(job, 30);
    await queue.dead(job);

    // Assess
    expect(sent()).toEqual([
      { QueueUrl: queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: 30 },
      { QueueUrl: deadLetterQueueUrl, MessageBody: JSON.stringify(job), DelaySeconds: 0 },
    ]);
  });

  it("caps a delay at SQS's 900 seconds and sends none below 0", async () => {
    // Act
    await queue.send(job, 3600);
    await queue.send(job, -5);

    // Assess
    expect(sent().map((input) => input.DelaySeconds)).toEqual([900, 0]);
  });

  it("passes a refusal on, so the write's dispatch logs it and the sender retries the batch item", async () => {
    // Prepare
    mock.on(SendMessageCommand).rejects(
      new SQSServiceException({
        name: 'QueueDoesNotExist',
        message: 'The specified queue does not exist.',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
      }),
    );

    // Act
    const sending = queue.send(job, 0);

    // Assess
    await expect(sending).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });

  it('reads a message back as a job, and refuses anything else', () => {
    expect(jobOfMessage(JSON.stringify(job))).toEqual(job);
    expect(() => jobOfMessage('{"repo":1}')).toThrow(/not a webhook delivery/);
    expect(() => jobOfMessage('nope')).toThrow(/not a webhook delivery/);
  });
});
