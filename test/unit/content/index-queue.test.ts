import { describe, expect, it } from 'vitest';
import { consumeIndexJobs } from '../../../functions/indexer/consume';
import type { SignedRequest } from '../../../shared/aws/aws-json-client';
import { createSqsIndexQueue } from '../../../shared/aws/sqs-index-queue';
import { jobOfMessage, type IndexJob } from '../../../shared/content/collection-index/index-queue';
import { silentLogger } from '../../../shared/logger';

const job: IndexJob = { repo: 'demo/blog', collection: 'posts' };
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

describe('the index queue on SQS (JSON protocol)', () => {
  it('sends a job with its delay as DelaySeconds, capped at SQS\'s 900 seconds', async () => {
    const sent: SignedRequest[] = [];
    const queue = createSqsIndexQueue({ queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-index', region: 'eu-west-1', credentials, transport: async (request) => (sent.push(request), { status: 200, headers: {}, body: '{"MessageId":"m1"}' }) });
    await queue.send(job, 0);
    await queue.send(job, 3600);
    expect(sent.map((request) => request.headers['x-amz-target'])).toEqual(['AmazonSQS.SendMessage', 'AmazonSQS.SendMessage']);
    expect(sent[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request/);
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([
      { QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-index', MessageBody: JSON.stringify(job), DelaySeconds: 0 },
      { QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-index', MessageBody: JSON.stringify(job), DelaySeconds: 900 },
    ]);
  });

  it('reads a message back as a job, and refuses anything else', () => {
    expect(jobOfMessage(JSON.stringify(job))).toEqual(job);
    expect(() => jobOfMessage('{"repo":"demo/blog"}')).toThrow(/not an index job/);
    expect(() => jobOfMessage('nope')).toThrow(/not an index job/);
  });
});

describe('the indexer on SQS', () => {
  it('runs each job and reports only the failed ones, so SQS hands them out again and then dead-letters them', async () => {
    const ran: string[] = [];
    const builder = {
      run: async (input: IndexJob) => {
        if (input.collection === 'broken') throw new Error('GitHub unreachable');
        ran.push(input.collection);
        return 'ready' as const;
      },
    };
    const result = await consumeIndexJobs(
      { Records: [{ messageId: 'm1', body: JSON.stringify(job) }, { messageId: 'm2', body: JSON.stringify({ ...job, collection: 'broken' }) }, { messageId: 'm3', body: 'not json' }] },
      { builder, logger: silentLogger },
    );
    expect(ran).toEqual(['posts']);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m2', 'm3']);
  });
});
