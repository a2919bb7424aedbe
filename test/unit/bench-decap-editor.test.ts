import { describe, expect, it } from 'vitest';
import { DECAP_CONCURRENCY, decapWallModel, inPool } from '../bench/decap-editor';

/** Decap's model in the bench: its semaphore's concurrency, and the round trips each operation waits for. */
describe("Decap's editor model", () => {
  it('runs at most `limit` at a time, every item once, results in order', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const pending = inPool(
      Array.from({ length: 25 }, (_, index) => index),
      DECAP_CONCURRENCY,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return item * 2;
      },
    );
    // Release one at a time: each release lets exactly one more start.
    for (let released = 0; released < 25; released += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBe(Math.min(DECAP_CONCURRENCY, 25 - released));
      releases.shift()!();
    }
    expect(await pending).toEqual(Array.from({ length: 25 }, (_, index) => index * 2));
    expect(most).toBe(DECAP_CONCURRENCY);
  });

  it('waits for ceil(N / 10) rounds of entries after authenticating and reading the tree', () => {
    expect(decapWallModel.openList(1000, false)).toMatchObject({
      requests: 3 + 1 + 2000,
      rounds: 3 + 1 + 100,
    });
    expect(decapWallModel.openList(1001, false).rounds).toBe(3 + 1 + 101);
    expect(decapWallModel.openList(1000, true)).toMatchObject({ requests: 4, rounds: 4 });
    expect(
      [
        decapWallModel.openItem(),
        decapWallModel.save(),
        decapWallModel.saveDraft(),
        decapWallModel.publish(),
      ].map((model) => model.rounds),
    ).toEqual([1, 5, 7, 6]);
  });
});
