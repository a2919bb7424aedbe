import * as z from 'zod/mini';

/** A collection whose index should be brought up to date: the builder decides what that takes from the state item. */
export interface IndexJob {
  repo: string;
  collection: string;
}

/**
 * Where index builds wait: in process locally (local-index-queue.ts), SQS on AWS
 * (shared/adapters/sqs/sqs-index-queue.ts, consumed by the indexer function). Jobs are idempotent, so a
 * duplicate costs one read of the state item.
 */
export interface IndexQueue {
  send(job: IndexJob, delaySeconds: number): Promise<void>;
}

export const IndexJobSchema = z.object({
  repo: z.string().check(z.minLength(3), z.maxLength(200)),
  collection: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** A queued message's body as a job; throws for anything else. */
export function jobOfMessage(body: string): IndexJob {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const result = IndexJobSchema.safeParse(parsed);
  if (!result.success) throw new Error('The message is not an index job');
  return result.data;
}
