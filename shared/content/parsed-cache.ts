import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../store/store';
import type { Frontmatter } from './frontmatter';

const lifetimeSeconds = 90 * 24 * 60 * 60;
/** DynamoDB items are at most 400 KB; a frontmatter that large is read from GitHub each time. */
const maxCachedBytes = 300 * 1024;

/**
 * Parsed frontmatter by git blob sha. Content-addressed: a blob never changes, so an entry is
 * never stale, and whatever the service writes is listed fresh from the tree it reads each time.
 */
export function createParsedCache(store: Store, now: () => number = Date.now) {
  return {
    async getMany(oids: readonly string[]): Promise<Map<string, Frontmatter>> {
      const items = await store.batchGet(oids.map(keys.parsedBlob));
      return new Map(items.map((item) => [String(item.pk).slice('BLOB#'.length), item.frontmatter as Frontmatter]));
    },
    async putMany(entries: ReadonlyMap<string, Frontmatter>): Promise<void> {
      const ttl = nowSeconds(now()) + lifetimeSeconds;
      const items = [...entries]
        .filter(([, frontmatter]) => JSON.stringify(frontmatter).length <= maxCachedBytes)
        .map(([oid, frontmatter]) => ({ ...keys.parsedBlob(oid), frontmatter, ttl }));
      if (items.length > 0) await store.batchPut(items);
    },
  };
}

export type ParsedCache = ReturnType<typeof createParsedCache>;
