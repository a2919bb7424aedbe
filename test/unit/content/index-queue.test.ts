import { SendMessageCommand, SQSServiceException } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeIndexJobs } from '../../../functions/indexer/consume';
import { createSqsClient } from '../../../shared/adapters/sqs/sqs';
import { createSqsIndexQueue } from '../../../shared/adapters/sqs/sqs-index-queue';
import { jobOfMessage, type IndexJob } from '../../../shared/ports/index-queue';
import { silentLogger } from '../../../shared/logger';

const job: IndexJob = { repo: 'demo/blog', collection: 'posts' };

const sqs = createSqsClient({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const mock = mockClient(sqs);
const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/cms-index';
const queue = createSqsIndexQueue({ sqs, queueUrl });
const sent = () => mock.commandCalls(SendMessageCommand).map((call) => call.args[0].input);

describe('the index queue on SQS', () => {
  beforeEach(() => {
    mock.reset();
    mock.on(SendMessageCommand).resolves({ MessageId: 'm1' });
  });

  it("sends a job with its delay as DelaySeconds, capped at SQS's 900 seconds and never below 0", async () => {
    // Act
    await queue.send(job, 0);
    await queue.send(job, 3600);
    await queue.send(job, -5);

    // Assess
    expect(sent()).toEqual([
      { QueueUrl: queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: 0 },
      { QueueUrl: queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: 900 },
      { QueueUrl: queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: 0 },
    ]);
  });

  it('passes a refusal on, so the list that asked logs it and a later one asks again', async () => {
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
      {
        Records: [
          { messageId: 'm1', body: JSON.stringify(job) },
          { messageId: 'm2', body: JSON.stringify({ ...job, collection: 'broken' }) },
          { messageId: 'm3', body: 'not json' },
        ],
      },
      { jobs: builder, logger: silentLogger },
    );
    expect(ran).toEqual(['posts']);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['m2', 'm3']);
  });
});
