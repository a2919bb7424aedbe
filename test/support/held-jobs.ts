import type { IndexScheduler } from '../../shared/adapters/local/local-index-queue';

/**
 * A scheduler for the in-process index queue that holds every queued build until the test runs
 * it (or drops it, as a worker that crashed before it took the job would): builds happen exactly
 * when the test says, and their delays can be read.
 */
export function heldJobs() {
  const held: { ms: number; run: () => Promise<void> }[] = [];
  const scheduler: IndexScheduler = (ms, run) => {
    held.push({ ms, run });
  };
  return {
    scheduler,
    /** The delays of the jobs waiting, in the order they were queued. */
    delays: () => held.map((job) => job.ms),
    /** Runs the first job waiting (whatever its delay) and whatever it queues is held in turn. */
    async runNext(): Promise<void> {
      const job = held.shift();
      if (!job) throw new Error('No index job is waiting');
      await job.run();
    },
    /** Runs jobs until none waits (a build's continuations included), at most `max` of them. */
    async runAll(max = 1000): Promise<number> {
      let ran = 0;
      for (; held.length > 0 && ran < max; ran += 1) await held.shift()!.run();
      if (held.length > 0) throw new Error(`Index jobs still waiting after ${max}`);
      return ran;
    },
    /** Forgets every job waiting, as a restart or a crash loses them. */
    drop(): number {
      return held.splice(0).length;
    },
  };
}
