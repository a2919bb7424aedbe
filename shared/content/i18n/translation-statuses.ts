import type { ProviderAccess } from '../../auth/provider-access';
import { maxLastChanges, type HistoryHost, type LastChangeRequest } from '../../ports/history-host';
import { nowSeconds, type Store, type StoreItem } from '../../ports/store';
import { keys } from '../../store/keys';
import type { ListedFile } from '../item-listing';
import { repoId } from '../repo-reader';

/** A cached status lives this long (a pair of blobs never changes its answer). */
const statusTtlSeconds = 90 * 24 * 60 * 60;

export type TranslationStatus = 'current' | 'outdated';

/** A translation beside its default-locale file. */
export interface TranslationPair {
  slug: string;
  locale: string;
  base: ListedFile;
  translation: ListedFile;
}

export interface TranslationStatusesDeps {
  historyHost: Pick<HistoryHost, 'lastChanges'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  store: Pick<Store, 'batchGet' | 'batchPut'>;
  now: () => number;
}

/**
 * Each pair's status: from the table, else from git history on the default branch, in round trips
 * of up to 100 questions: when each file last changed, then, for a pair changed by different
 * commits, when the default locale's file last changed as of the translation's last change (a
 * pair is current when that is the default file's last change). The questions of pairs changed
 * apart go first in the next round trip, the files fill the rest, so the round trips are as few as
 * the questions allow. What each round trip decides is kept in the table (by blob pair) before the
 * next is asked. Once `overBudget()` (checked after the first round trip, which always happens), one
 * more round trip asks the pairs changed apart already queued (at most 100: a round trip of files
 * completes no more pairs than it asks files) and no file; the rest stays unknown (absent from the
 * answer), and the next request continues from the table. So every request decides some pairs.
 */
export function createTranslationStatuses(deps: TranslationStatusesDeps) {
  const keyOf = (pair: TranslationPair) =>
    keys.translationStatus(pair.base.sha, pair.translation.sha);

  async function known(pairs: readonly TranslationPair[]) {
    const statuses = new Map<TranslationPair, TranslationStatus>();
    if (pairs.length === 0) return statuses;
    const found = new Map<string, unknown>();
    for (const item of await deps.store.batchGet(pairs.map(keyOf)))
      found.set(`${item.pk} ${item.sk}`, item.status);
    for (const pair of pairs) {
      const key = keyOf(pair);
      const status = found.get(`${key.pk} ${key.sk}`);
      if (status === 'current' || status === 'outdated') statuses.set(pair, status);
    }
    return statuses;
  }

  return {
    async statusesOf({
      userId,
      fullName,
      head,
      pairs,
      overBudget,
    }: {
      userId: string;
      fullName: string;
      /** The default branch's head the directories were read at (null: an empty repository). */
      head: string | null;
      pairs: readonly TranslationPair[];
      /** Whether the request has spent its time budget. */
      overBudget: () => boolean;
    }): Promise<Map<TranslationPair, TranslationStatus>> {
      const statuses = await known(pairs);
      if (head === null) return statuses;
      // By slug, so that a pair's two files are asked together and its status is kept early.
      const waiting = pairs
        .filter((pair) => !statuses.has(pair))
        .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
      const files = [
        ...new Set(waiting.flatMap((pair) => [pair.base.path, pair.translation.path])),
      ];
      const last = new Map<string, string | null>();
      const apart: TranslationPair[] = [];
      let asked = 0;
      let pending = waiting;
      for (let round = 0; asked < files.length || apart.length > 0; round += 1) {
        // Past the budget, one last round trip asks only the pairs already changed apart: their
        // files' answers are not kept, so they would otherwise be asked again by every request.
        const finishing = round > 0 && overBudget();
        const asOf = apart.splice(0, maxLastChanges);
        const paths = finishing ? [] : files.slice(asked, asked + maxLastChanges - asOf.length);
        asked += paths.length;
        const answers = await lastChanges(userId, fullName, [
          ...asOf.map((pair) => ({
            from: last.get(pair.translation.path) ?? head,
            path: pair.base.path,
          })),
          ...paths.map((path) => ({ from: head, path })),
        ]);
        const decided = new Map<TranslationPair, TranslationStatus>();
        asOf.forEach((pair, n) =>
          decided.set(
            pair,
            answers[n] !== null && answers[n] === last.get(pair.base.path) ? 'current' : 'outdated',
          ),
        );
        paths.forEach((path, n) => last.set(path, answers[asOf.length + n] ?? null));
        pending = pending.filter((pair) => {
          if (!last.has(pair.base.path) || !last.has(pair.translation.path)) return true;
          // Changed by the same commit: saved together, so current.
          if (last.get(pair.base.path) === last.get(pair.translation.path))
            decided.set(pair, 'current');
          else apart.push(pair);
          return false;
        });
        await keep(decided);
        for (const [pair, status] of decided) statuses.set(pair, status);
        if (finishing) break;
      }
      return statuses;
    },

    /** A pair of blobs known current without history (a translation just made from its base). */
    async rememberCurrent({ base, translation }: { base: string; translation: string }) {
      const ttl = nowSeconds(deps.now()) + statusTtlSeconds;
      await deps.store.batchPut([
        { ...keys.translationStatus(base, translation), status: 'current', ttl },
      ]);
    },
  };

  async function keep(decided: ReadonlyMap<TranslationPair, TranslationStatus>) {
    if (decided.size === 0) return;
    const ttl = nowSeconds(deps.now()) + statusTtlSeconds;
    // Two locales may hold the same blob: one item per key (a batch refuses the same key twice).
    const items = new Map<string, StoreItem>();
    for (const [pair, status] of decided) {
      const key = keyOf(pair);
      items.set(`${key.pk} ${key.sk}`, { ...key, status, ttl });
    }
    await deps.store.batchPut([...items.values()]);
  }

  function lastChanges(userId: string, fullName: string, requests: readonly LastChangeRequest[]) {
    return deps.providerAccess.withToken(userId, (token) =>
      deps.historyHost.lastChanges(token, repoId(fullName), requests),
    );
  }
}

export type TranslationStatuses = ReturnType<typeof createTranslationStatuses>;
