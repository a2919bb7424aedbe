/**
 * Store: the single-table port. Items are plain records keyed by `pk`/`sk`, with optional
 * `gsi1pk`/`gsi1sk` for the second access path and `ttl` (epoch seconds) for items that expire.
 *
 * Invariant shared by every adapter: an item whose `ttl` is at or before "now" is absent, on
 * reads, on queries and in conditions. DynamoDB deletes expired items lazily (and dynalite not at
 * all), so this must hold in code, not in the database.
 */
export interface StoreKey {
  pk: string;
  sk: string;
}

export type StoreItem = StoreKey & {
  gsi1pk?: string;
  gsi1sk?: string;
  ttl?: number;
  [attribute: string]: unknown;
};

/**
 * A condition on the item currently stored under the key. `exists`/`notExists` see an expired
 * item as absent. Comparisons on a missing attribute are false.
 */
export type Condition =
  | { exists: true }
  | { notExists: true }
  | { attr: string; op: '=' | '<>' | '<' | '<=' | '>' | '>='; value: string | number | boolean }
  | { attrNotExists: string }
  | { or: Condition[] }
  | { and: Condition[] };

export interface BatchGetOptions {
  /**
   * Strongly consistent reads, as `get` makes (DynamoDB `ConsistentRead`, twice the read units):
   * for items that change, read together because both keys are known at once. Default false.
   */
  consistent?: boolean;
}

export interface QueryOptions {
  /** Only items whose sort key starts with this prefix. */
  skPrefix?: string;
  /** Only items whose sort key sorts before this one (a page after the last one read, newest first). Not with skPrefix. */
  skBefore?: string;
  /** Newest first when false. Default true (ascending). */
  ascending?: boolean;
  limit?: number;
}

export interface Store {
  get(key: StoreKey): Promise<StoreItem | undefined>;
  /** Writes the whole item. Throws ConditionFailedError when `condition` does not hold. */
  put(item: StoreItem, condition?: Condition): Promise<void>;
  /**
   * Sets (or, for `undefined` values, removes) attributes of an item, creating it when absent
   * unless a condition says otherwise; returns the item as stored after the update.
   */
  update(key: StoreKey, set: Record<string, unknown>, condition?: Condition): Promise<StoreItem>;
  /** Throws ConditionFailedError when `condition` does not hold. Deleting nothing is not an error. */
  delete(key: StoreKey, condition?: Condition): Promise<void>;
  /** Items of one partition, by sort key. */
  query(pk: string, options?: QueryOptions): Promise<StoreItem[]>;
  /** Items of one gsi1 partition, by gsi1sk. */
  queryGsi1(gsi1pk: string, options?: QueryOptions): Promise<StoreItem[]>;
  /**
   * How many live items one gsi1 partition holds, without reading them out: DynamoDB's
   * `Select: COUNT` with the expiry rule as a filter (one request per 1 MB of the partition).
   */
  countGsi1(gsi1pk: string): Promise<number>;
  /**
   * The live items among many keys, in no particular order; missing keys are simply absent.
   * Eventually consistent unless `consistent` is set: the default suits content-addressed items
   * that never change once written; items that do change (a user, a connection) need `consistent`.
   */
  batchGet(keys: readonly StoreKey[], options?: BatchGetOptions): Promise<StoreItem[]>;
  /** Unconditional writes of many items (a cache fill); no atomicity across items. */
  batchPut(items: readonly StoreItem[]): Promise<void>;
}

export class ConditionFailedError extends Error {
  override name = 'ConditionFailedError';
  constructor(
    message = 'The condition of a conditional write did not hold',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True when `item` is the one `key` names. */
export const sameKey = (item: StoreKey, key: StoreKey): boolean =>
  item.pk === key.pk && item.sk === key.sk;

export const nowSeconds = (now: number = Date.now()): number => Math.floor(now / 1000);

export const isExpired = (item: { ttl?: unknown }, now: number = Date.now()): boolean =>
  typeof item.ttl === 'number' && item.ttl <= nowSeconds(now);
