/**
 * Values computed from an index, kept in the process by a key that names their content (an index
 * version): never stale, so nothing is ever invalidated; least recently used out past `maxBytes`.
 * A Lambda container reads a version's summaries once, then sorts and filters from memory.
 */
export function createIndexMemo(maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, { value: unknown; bytes: number }>();
  let total = 0;
  return {
    async get<T>(key: string, compute: () => Promise<{ value: T; bytes: number }>): Promise<T> {
      const known = entries.get(key);
      if (known) {
        entries.delete(key);
        entries.set(key, known);
        return known.value as T;
      }
      const fresh = await compute();
      if (fresh.bytes > maxBytes) return fresh.value;
      entries.set(key, fresh);
      total += fresh.bytes;
      for (const [old, entry] of entries) {
        if (total <= maxBytes) break;
        total -= entry.bytes;
        entries.delete(old);
      }
      return fresh.value;
    },
  };
}

export type IndexMemo = ReturnType<typeof createIndexMemo>;
