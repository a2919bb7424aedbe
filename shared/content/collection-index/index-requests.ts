import { keys } from '../../store/keys';
import { ConditionFailedError, type Store } from '../../ports/store';
import type { IndexQueue } from '../../ports/index-queue';
import { wantedEveryMs, type IndexState } from './index-state';

/**
 * Asking for builds (index-builder.ts). A list that needs an index it does not find (missing, of
 * another version, stalled) asks once a minute at most per version: a conditional update of the
 * state item (`wantedVersion`, `wantedAt`) decides which of many concurrent lists queues the job.
 * Nothing is asked while a builder holds a live lease (it queues its own continuation) or GitHub's
 * rate limit holds builds (`retryAt`: the builder is queued for then). Connecting a repository and
 * a push into a collection queue their jobs directly: a job is cheap when there is nothing to do.
 */
export function createIndexRequests(deps: {
  store: Pick<Store, 'update'>;
  queue?: IndexQueue;
  now: () => number;
}) {
  return {
    async want(input: {
      fullName: string;
      collection: string;
      state: IndexState | undefined;
      version: string;
    }): Promise<void> {
      const { state, version } = input;
      const now = deps.now();
      if (!deps.queue) return;
      if ((state?.retryAt ?? 0) > now || (state?.leaseUntil ?? 0) > now) return;
      if (state?.wantedVersion === version && (state.wantedAt ?? 0) > now - wantedEveryMs) return;
      try {
        await deps.store.update(
          keys.collectionIndex(input.fullName, input.collection),
          { wantedVersion: version, wantedAt: now },
          {
            or: [
              { attrNotExists: 'wantedVersion' },
              { attr: 'wantedVersion', op: '<>', value: version },
              { attr: 'wantedAt', op: '<', value: now - wantedEveryMs },
            ],
          },
        );
      } catch (error) {
        if (error instanceof ConditionFailedError) return;
        throw error;
      }
      await deps.queue.send({ repo: input.fullName, collection: input.collection }, 0);
    },

    /** Jobs for `collections` of a repository (on connect, on a push into them). */
    async queue(fullName: string, collections: readonly string[]): Promise<void> {
      if (!deps.queue) return;
      await Promise.all(
        collections.map((collection) => deps.queue!.send({ repo: fullName, collection }, 0)),
      );
    },
  };
}

export type IndexRequests = ReturnType<typeof createIndexRequests>;
