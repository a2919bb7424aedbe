import type { Logger } from '../logger';
import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../ports/store';
import type { ParsedCache, ParsedFile } from '../content/parsed-file';

const lifetimeSeconds = 90 * 24 * 60 * 60;
/** DynamoDB items are at most 400 KB; a frontmatter that large is read from GitHub each time. */
const maxCachedBytes = 300 * 1024;
/** Entries kept in the process (a Lambda container) in front of the table, least recently used out first. */
const memoryEntries = 20_000;

/**
 * Parsed frontmatter (or the file's problem) by git blob sha, in memory and in the table.
 * Content-addressed: a blob never changes, so an entry is never stale, and whatever the service
 * writes is listed fresh from the tree it reads each time. The memory layer saves the table reads
 * of a warm list (a profile of listing 1,000 items showed them as most of the time).
 *
 * Entries are stored as JSON text, never as attribute maps: frontmatter keys are user data, and a
 * key such as `constructor` or `__proto__` must not reach a marshaller. The cache is an
 * optimisation, so a failing store is logged and treated as a miss (reads) or skipped (writes):
 * a save that committed answers with its commit whatever the cache does.
 */
export function createParsedCache(
  store: Store,
  logger: Logger,
  now: () => number = Date.now,
): ParsedCache {
  const memory = new Map<string, string>();
  const remember = (oid: string, json: string) => {
    memory.delete(oid);
    memory.set(oid, json);
    if (memory.size > memoryEntries) memory.delete(memory.keys().next().value!);
  };

  return {
    async getMany(oids: readonly string[]): Promise<Map<string, ParsedFile>> {
      const found = new Map<string, ParsedFile>();
      const missing: string[] = [];
      for (const oid of oids) {
        const json = memory.get(oid);
        if (json === undefined) missing.push(oid);
        else found.set(oid, JSON.parse(json) as ParsedFile);
      }
      if (missing.length === 0) return found;
      try {
        for (const item of await store.batchGet(missing.map(keys.parsedBlob))) {
          if (typeof item.parsed !== 'string') continue;
          const oid = String(item.pk).slice('BLOB#'.length);
          remember(oid, item.parsed);
          found.set(oid, JSON.parse(item.parsed) as ParsedFile);
        }
      } catch (error) {
        logger.error('Parsed-frontmatter cache read failed; reading the files instead', {
          error: (error as Error).name,
          message: (error as Error).message,
        });
      }
      return found;
    },

    async putMany(entries: ReadonlyMap<string, ParsedFile>): Promise<void> {
      const ttl = nowSeconds(now()) + lifetimeSeconds;
      const items = [...entries].flatMap(([oid, parsed]) => {
        const json = JSON.stringify(parsed);
        if (json.length > maxCachedBytes) return [];
        remember(oid, json);
        return [{ ...keys.parsedBlob(oid), parsed: json, ttl }];
      });
      if (items.length === 0) return;
      try {
        await store.batchPut(items);
      } catch (error) {
        logger.error('Parsed-frontmatter cache write failed', {
          error: (error as Error).name,
          message: (error as Error).message,
          items: items.length,
        });
      }
    },
  };
}
