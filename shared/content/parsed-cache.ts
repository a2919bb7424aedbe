import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../store/store';
import type { Frontmatter } from './frontmatter';

const lifetimeSeconds = 90 * 24 * 60 * 60;
/** DynamoDB items are at most 400 KB; a frontmatter that large is read from GitHub each time. */
const maxCachedBytes = 300 * 1024;
/** Entries kept in the process (a Lambda container) in front of the table, least recently used out first. */
const memoryEntries = 20_000;

/**
 * Parsed frontmatter by git blob sha, in memory and in the table. Content-addressed: a blob
 * never changes, so an entry is never stale, and whatever the service writes is listed fresh from
 * the tree it reads each time. The memory layer saves the table reads of a warm list (a profile
 * of listing 1,000 items showed them as most of the time).
 */
export function createParsedCache(store: Store, now: () => number = Date.now) {
  const memory = new Map<string, Frontmatter>();
  const remember = (oid: string, frontmatter: Frontmatter) => {
    memory.delete(oid);
    memory.set(oid, frontmatter);
    if (memory.size > memoryEntries) memory.delete(memory.keys().next().value!);
  };

  return {
    async getMany(oids: readonly string[]): Promise<Map<string, Frontmatter>> {
      const found = new Map<string, Frontmatter>();
      const missing: string[] = [];
      for (const oid of oids) {
        const frontmatter = memory.get(oid);
        if (frontmatter) found.set(oid, structuredClone(frontmatter));
        else missing.push(oid);
      }
      if (missing.length === 0) return found;
      for (const item of await store.batchGet(missing.map(keys.parsedBlob))) {
        const oid = String(item.pk).slice('BLOB#'.length);
        remember(oid, item.frontmatter as Frontmatter);
        found.set(oid, structuredClone(item.frontmatter as Frontmatter));
      }
      return found;
    },
    async putMany(entries: ReadonlyMap<string, Frontmatter>): Promise<void> {
      const ttl = nowSeconds(now()) + lifetimeSeconds;
      const items = [...entries]
        .filter(([, frontmatter]) => JSON.stringify(frontmatter).length <= maxCachedBytes)
        .map(([oid, frontmatter]) => {
          remember(oid, structuredClone(frontmatter));
          return { ...keys.parsedBlob(oid), frontmatter, ttl };
        });
      if (items.length > 0) await store.batchPut(items);
    },
  };
}

export type ParsedCache = ReturnType<typeof createParsedCache>;
