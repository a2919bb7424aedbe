import { assertValidCondition, compareUtf8, evaluateCondition } from '../../ports/store-condition';
import {
  ConditionFailedError,
  isExpired,
  type Condition,
  type QueryOptions,
  type Store,
  type StoreItem,
  type StoreKey,
} from '../../ports/store';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** A deep copy that drops `undefined` from maps and lists, as the DynamoDB adapter's marshalling does. */
const copy = <T>(value: T): T => {
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined).map(copy) as T;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    return Object.fromEntries(entries.map(([name, entry]) => [name, copy(entry)])) as T;
  }
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
};

const assertKey = ({ pk, sk }: StoreKey): void => {
  if (typeof pk !== 'string' || pk === '' || typeof sk !== 'string' || sk === '') {
    throw new TypeError('pk and sk must be non-empty strings');
  }
};

/**
 * The Store port in memory, for unit tests: same semantics as the DynamoDB adapter (the store
 * contract suite runs against both). Every operation completes synchronously inside its promise,
 * so a conditional write is atomic just as it is in DynamoDB.
 */
export function createMemoryStore(options: { now?: () => number } = {}): Store {
  const now = options.now ?? Date.now;
  const items = new Map<string, StoreItem>();
  const id = ({ pk, sk }: StoreKey) => JSON.stringify([pk, sk]);

  const live = (key: StoreKey): StoreItem | undefined => {
    const item = items.get(id(key));
    return item && !isExpired(item, now()) ? item : undefined;
  };

  const check = (key: StoreKey, condition: Condition | undefined): void => {
    if (!condition) return;
    assertValidCondition(condition);
    if (!evaluateCondition(condition, live(key))) throw new ConditionFailedError();
  };

  const select = (
    sortKeyOf: (item: StoreItem) => string | undefined,
    options: QueryOptions,
  ): StoreItem[] => {
    const at = now();
    const { skPrefix = '', skBefore, ascending = true, limit } = options;
    const before = (sortKey: string) =>
      skPrefix !== '' || skBefore === undefined || compareUtf8(sortKey, skBefore) < 0;
    const matches = [...items.values()]
      .flatMap((item) => {
        const sortKey = sortKeyOf(item);
        return sortKey?.startsWith(skPrefix) && before(sortKey) && !isExpired(item, at)
          ? [{ item, sortKey }]
          : [];
      })
      .sort((a, b) => compareUtf8(a.sortKey, b.sortKey) || compareUtf8(id(a.item), id(b.item)));
    if (!ascending) matches.reverse();
    return matches.slice(0, limit).map(({ item }) => copy(item));
  };

  /** Sparse index: only items with both gsi1 key attributes are in it. */
  const gsi1SortKey = (gsi1pk: string) => (item: StoreItem) =>
    item.gsi1pk === gsi1pk && typeof item.gsi1sk === 'string' ? item.gsi1sk : undefined;

  return {
    async get(key) {
      const item = live(key);
      return item && copy(item);
    },

    async put(item, condition) {
      assertKey(item);
      check(item, condition);
      items.set(id(item), copy(item));
    },

    async update(key, set, condition) {
      assertKey(key);
      if ('pk' in set || 'sk' in set) throw new TypeError('update cannot change pk or sk');
      check(key, condition);
      // An expired item is absent: the update starts from nothing, not from its attributes.
      const item = copy({ ...live(key), ...set, pk: key.pk, sk: key.sk });
      items.set(id(key), item);
      return copy(item);
    },

    async delete(key, condition) {
      check(key, condition);
      items.delete(id(key));
    },

    async query(pk, options = {}) {
      return select((item) => (item.pk === pk ? item.sk : undefined), options);
    },

    /** Always consistent here: every read sees every completed write. */
    async batchGet(keys) {
      const unique = new Map(keys.map((key) => [id(key), key]));
      return [...unique.values()].flatMap((key) => {
        const item = live(key);
        return item ? [copy(item)] : [];
      });
    },

    async batchPut(list) {
      for (const item of list) assertKey(item);
      for (const item of list) items.set(id(item), copy(item));
    },

    async queryGsi1(gsi1pk, options = {}) {
      return select(gsi1SortKey(gsi1pk), options);
    },

    async countGsi1(gsi1pk) {
      return select(gsi1SortKey(gsi1pk), {}).length;
    },
  };
}
