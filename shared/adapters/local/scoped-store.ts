import type { Store, StoreKey } from '../../ports/store';

export class KeyScopeError extends Error {
  override name = 'KeyScopeError';
}

/** IAM's StringLike: `*` matches any run of characters, everything else itself. */
const likeToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/**
 * A store that refuses any request whose partition key (a Query on gsi1: its gsi1 partition key)
 * matches none of `patterns`: what `dynamodb:LeadingKeys` does to a function's role on AWS. Local
 * mode wires each group through it with the group's families (infra/aws/group-needs.ts), so a
 * group that reaches beyond them fails in every test, as it would with AccessDenied on AWS.
 */
export function scopeStore(store: Store, patterns: readonly string[]): Store {
  const allowed = patterns.map(likeToRegExp);
  const check = (partition: string) => {
    if (!allowed.some((pattern) => pattern.test(partition)))
      throw new KeyScopeError(
        `Partition ${partition.split('#')[0]}#… is outside this group's item families (${patterns.join(', ')})`,
      );
  };
  const checkKey = (key: StoreKey) => check(key.pk);
  return {
    get: async (key) => (checkKey(key), store.get(key)),
    put: async (item, condition) => (checkKey(item), store.put(item, condition)),
    update: async (key, set, condition) => (checkKey(key), store.update(key, set, condition)),
    delete: async (key, condition) => (checkKey(key), store.delete(key, condition)),
    query: async (pk, options) => (check(pk), store.query(pk, options)),
    queryGsi1: async (gsi1pk, options) => (check(gsi1pk), store.queryGsi1(gsi1pk, options)),
    countGsi1: async (gsi1pk) => (check(gsi1pk), store.countGsi1(gsi1pk)),
    batchGet: async (keys, options) => (keys.forEach(checkKey), store.batchGet(keys, options)),
    batchPut: async (items) => (items.forEach(checkKey), store.batchPut(items)),
  };
}
