import { describe, expect, it } from 'vitest';
import type { SignedRequest } from '../../../shared/aws/aws-json-client';
import { createSqsWebhookQueue, jobOfMessage } from '../../../shared/aws/sqs-webhook-queue';
import type { DeliveryJob } from '../../../shared/webhooks/webhook-queue';

const job: DeliveryJob = { repo: 'demo/blog', hookId: 'h1', deliveryId: 'dlv_1', event: 'content.saved', payload: '{"a":1}', createdAt: '2026-01-01T00:00:00.000Z', attempt: 2 };
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

describe('the webhook queue on SQS (JSON protocol)', () => {
  it('sends a job with its backoff as DelaySeconds, and a dead one to the dead-letter queue', async () => {
    const sent: SignedRequest[] = [];
    const queue = createSqsWebhookQueue({
      queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks',
      deadLetterQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks-dlq',
      region: 'eu-west-1',
      credentials,
      transport: async (request) => (sent.push(request), { status: 200, headers: {}, body: '{"MessageId":"m1"}' }),
    });
    await queue.send(job, 30);
    await queue.dead(job);

    expect(sent.map((request) => request.headers['x-amz-target'])).toEqual(['AmazonSQS.SendMessage', 'AmazonSQS.SendMessage']);
    expect(sent[0]!.url.host).toBe('sqs.eu-west-1.amazonaws.com');
    expect(sent[0]!.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(sent[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request/);
    const [first, second] = sent.map((request) => JSON.parse(request.body) as { QueueUrl: string; MessageBody: string; DelaySeconds: number });
    expect(first).toEqual({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks', MessageBody: JSON.stringify(job), DelaySeconds: 30 });
    expect(second).toEqual({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-webhooks-dlq', MessageBody: JSON.stringify(job), DelaySeconds: 0 });
  });

  it('caps a delay at SQS\'s 900 seconds', async () => {
    const sent: SignedRequest[] = [];
    const queue = createSqsWebhookQueue({ queueUrl: 'https://sqs.eu-west-1.amazonaws.com/1/q', deadLetterQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/1/d', region: 'eu-west-1', credentials, transport: async (request) => (sent.push(request), { status: 200, headers: {}, body: '{}' }) });
    await queue.send(job, 3600);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ DelaySeconds: 900 });
  });

  it('reads a message back as a job, and refuses anything else', () => {
    expect(jobOfMessage(JSON.stringify(job))).toEqual(job);
    expect(() => jobOfMessage('{"repo":1}')).toThrow(/not a webhook delivery/);
    expect(() => jobOfMessage('nope')).toThrow(/not a webhook delivery/);
  });
});
