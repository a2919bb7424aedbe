import * as z from 'zod/mini';

/** A collection whose index should be brought up to date: the builder decides what that takes from the state item. */
export interface IndexJob {
  repo: string;
  collection: string;
}

/**
 * A pull request whose head commit the content check runs on (shared/checks/pull-check.ts), asked
 * for by the GitHub App's `pull_request` and `check_suite` events.
 */
export interface PullCheckJob {
  kind: 'pull-check';
  repo: string;
  pull: number;
  headSha: string;
}

/** What the queue carries: index builds, and content checks of pull requests. */
export type BackgroundJob = IndexJob | PullCheckJob;

export const isPullCheck = (job: BackgroundJob): job is PullCheckJob =>
  'kind' in job && job.kind === 'pull-check';

/** A queue of one kind of job: each runs after its delay. */
export interface JobQueue<Job> {
  send(job: Job, delaySeconds: number): Promise<void>;
}

/** Where index builds wait: a duplicate job costs one read of the state item. */
export type IndexQueue = JobQueue<IndexJob>;

/** Where pull request checks wait: a duplicate completes the same check run again. */
export type PullCheckQueue = JobQueue<PullCheckJob>;

/**
 * Where the service's background work on GitHub waits, both kinds of job on one queue: in process
 * locally (local-index-queue.ts), SQS on AWS (shared/adapters/sqs/sqs-index-queue.ts, consumed by
 * the indexer function). Both read a repository with the App's installation token.
 */
export type BackgroundQueue = JobQueue<BackgroundJob>;

/** Runs a job of the queue, whichever its kind (functions/indexer/wire.ts). */
export interface JobRunner {
  run(job: BackgroundJob): Promise<unknown>;
}

export const IndexJobSchema = z.object({
  repo: z.string().check(z.minLength(3), z.maxLength(200)),
  collection: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const PullCheckJobSchema = z.object({
  kind: z.literal('pull-check'),
  repo: z.string().check(z.minLength(3), z.maxLength(200)),
  pull: z.number().check(z.int(), z.positive()),
  headSha: z.string().check(z.regex(/^[0-9a-f]{40}$/)),
});

/** A queued message's body as a job; throws for anything else. */
export function jobOfMessage(body: string): BackgroundJob {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const check = PullCheckJobSchema.safeParse(parsed);
  if (check.success) return check.data;
  const result = IndexJobSchema.safeParse(parsed);
  if (!result.success) throw new Error('The message is not an index job or a pull request check');
  return result.data;
}
