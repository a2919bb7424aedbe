import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { requestSignal } from '../../request-signal';
import { withUnavailable } from './dynamodb-errors';
import { assertValidCondition, holdsWhenAbsent } from '../../ports/store-condition';
import {
  ConditionFailedError,
  isExpired,
  nowSeconds,
  type Condition,
  type QueryOptions,
  type Store,
  type StoreItem,
} from '../../ports/store';
import { tableDefinition } from './table';

export interface DynamoDbStoreOptions {
  /** The SDK's document client: items as plain values, undefined attributes left out (dynamodb-client.ts). */
  client: Pick<DynamoDBDocumentClient, 'send'>;
  tableName: string;
  now?: () => number;
}

const { partitionKey, sortKey, ttlAttribute, gsi1 } = tableDefinition;

/** One request's placeholders: attribute names and values never appear in expression text. */
function createExpression() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const placeholders = new Map<string, string>();
  return {
    name(attribute: string): string {
      const placeholder = placeholders.get(attribute) ?? `#n${placeholders.size}`;
      placeholders.set(attribute, placeholder);
      names[placeholder] = attribute;
      return placeholder;
    },
    value(value: unknown): string {
      const placeholder = `:v${Object.keys(values).length}`;
      values[placeholder] = value;
      return placeholder;
    },
    /** DynamoDB rejects empty placeholder maps, so only non-empty ones are sent. */
    attributes() {
      return {
        ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
        ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
      };
    },
  };
}
type Expression = ReturnType<typeof createExpression>;

function translate(condition: Condition, x: Expression): string {
  if ('exists' in condition) return `attribute_exists(${x.name(partitionKey)})`;
  if ('notExists' in condition) return `attribute_not_exists(${x.name(partitionKey)})`;
  if ('attrNotExists' in condition)
    return `attribute_not_exists(${x.name(condition.attrNotExists)})`;
  if ('or' in condition) return `(${condition.or.map((part) => translate(part, x)).join(' OR ')})`;
  if ('and' in condition)
    return `(${condition.and.map((part) => translate(part, x)).join(' AND ')})`;
  const [attribute, value] = [x.name(condition.attr), x.value(condition.value)];
  // The port says a comparison on a missing attribute is false; DynamoDB's bare `<>` is true there.
  if (condition.op === '<>') return `(attribute_exists(${attribute}) AND ${attribute} <> ${value})`;
  return `${attribute} ${condition.op} ${value}`;
}

/** `#ttl <= :now`: false for an item without ttl and for no item at all. */
const expired = (x: Expression, now: number) =>
  `${x.name(ttlAttribute)} <= ${x.value(nowSeconds(now))}`;

/**
 * A condition that sees an expired item as absent. When C holds for an absent item the
 * expression is `C OR expired` (notExists: `attribute_not_exists(pk) OR #ttl <= :now`), else
 * `NOT expired AND C` (exists: `NOT (#ttl <= :now) AND attribute_exists(pk)`).
 */
function conditionExpression(condition: Condition, x: Expression, now: number): string {
  assertValidCondition(condition);
  return holdsWhenAbsent(condition)
    ? `${translate(condition, x)} OR ${expired(x, now)}`
    : `NOT (${expired(x, now)}) AND ${translate(condition, x)}`;
}

const isConditionFailure = (
  error: unknown,
): error is Error & { Item?: Record<string, { N?: string }> } =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** The SDK's per-request options: the signal that cuts a request in flight. */
type SendOptions = { abortSignal?: AbortSignal };

/**
 * One request to the table. None is sent once the request being served was abandoned
 * (shared/request-signal.ts), the one in flight is cut when it is (the SDK does not try it
 * again) and fails with the abandonment; an unavailable table is the domain's UnavailableError.
 */
async function call<T>(send: (options: SendOptions) => Promise<T>): Promise<T> {
  const abortSignal = requestSignal();
  abortSignal?.throwIfAborted();
  try {
    return await withUnavailable(() => send(abortSignal ? { abortSignal } : {}));
  } catch (error) {
    if (abortSignal?.aborted) throw abortSignal.reason;
    throw error;
  }
}

async function conditional<T>(send: (options: SendOptions) => Promise<T>): Promise<T> {
  try {
    return await call(send);
  } catch (error) {
    throw isConditionFailure(error) ? new ConditionFailedError(undefined, { cause: error }) : error;
  }
}

/** The Store port on one DynamoDB table (dynalite and DynamoDB Local locally). */
export function createDynamoDbStore({
  client,
  tableName,
  now = Date.now,
}: DynamoDbStoreOptions): Store {
  const TableName = tableName;

  async function query(
    indexName: string | undefined,
    keys: [string, string],
    value: string,
    options: QueryOptions,
  ) {
    const at = now();
    const { skPrefix, skBefore, ascending = true, limit } = options;
    const x = createExpression();
    let keyCondition = `${x.name(keys[0])} = ${x.value(value)}`;
    if (skPrefix) keyCondition += ` AND begins_with(${x.name(keys[1])}, ${x.value(skPrefix)})`;
    else if (skBefore !== undefined)
      keyCondition += ` AND ${x.name(keys[1])} < ${x.value(skBefore)}`;
    const items: StoreItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    // Pages end at 1 MB or `Limit` items; expired items are dropped here, so keep paging until
    // `limit` live items are found or the partition ends.
    do {
      const page = await call((sendOptions) =>
        client.send(
          new QueryCommand({
            TableName,
            IndexName: indexName,
            KeyConditionExpression: keyCondition,
            ...x.attributes(),
            ScanIndexForward: ascending,
            Limit: limit,
            ExclusiveStartKey: startKey,
            ConsistentRead: indexName === undefined, // GSIs only offer eventually consistent reads
          }),
          sendOptions,
        ),
      );
      items.push(...((page.Items ?? []) as StoreItem[]).filter((item) => !isExpired(item, at)));
      startKey = page.LastEvaluatedKey;
    } while (startKey && (limit === undefined || items.length < limit));
    return items.slice(0, limit);
  }

  /** Live items of one gsi1 partition, counted by DynamoDB: the filter drops expired ones, no item is returned. */
  async function countGsi1(gsi1pk: string): Promise<number> {
    const x = createExpression();
    const KeyConditionExpression = `${x.name(gsi1.partitionKey)} = ${x.value(gsi1pk)}`;
    const FilterExpression = `attribute_not_exists(${x.name(ttlAttribute)}) OR ${x.name(ttlAttribute)} > ${x.value(nowSeconds(now()))}`;
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await call((sendOptions) =>
        client.send(
          new QueryCommand({
            TableName,
            IndexName: gsi1.name,
            KeyConditionExpression,
            FilterExpression,
            ...x.attributes(),
            Select: 'COUNT',
            ExclusiveStartKey: startKey,
          }),
          sendOptions,
        ),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /** BatchGet/BatchWrite may leave work unprocessed under throttling: retry it with backoff. */
  async function withRetries<T>(
    initial: T[],
    send: (chunk: T[]) => Promise<T[]>,
    chunkSize: number,
  ): Promise<void> {
    for (let start = 0; start < initial.length; start += chunkSize) {
      let pending = initial.slice(start, start + chunkSize);
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) {
          if (attempt > 8)
            throw new Error(
              `DynamoDB left ${pending.length} batch entries unprocessed after ${attempt} attempts`,
            );
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        }
        pending = await send(pending);
      }
    }
  }

  const store: Store = {
    async batchGet(keys, options = {}) {
      const unique = [
        ...new Map(
          keys.map((key) => [JSON.stringify([key.pk, key.sk]), { pk: key.pk, sk: key.sk }]),
        ).values(),
      ];
      const found: StoreItem[] = [];
      const at = now();
      await withRetries(
        unique,
        async (chunk) => {
          const answer = await call((sendOptions) =>
            client.send(
              new BatchGetCommand({
                RequestItems: {
                  [TableName]: { Keys: chunk, ...(options.consistent && { ConsistentRead: true }) },
                },
              }),
              sendOptions,
            ),
          );
          found.push(
            ...((answer.Responses?.[TableName] ?? []) as StoreItem[]).filter(
              (item) => !isExpired(item, at),
            ),
          );
          return (answer.UnprocessedKeys?.[TableName]?.Keys ?? []) as typeof chunk;
        },
        100,
      );
      return found;
    },

    async batchPut(items) {
      // DynamoDB refuses a batch naming one key twice; as a sequence of puts would, the last wins.
      const unique = [
        ...new Map(items.map((item) => [JSON.stringify([item.pk, item.sk]), item])).values(),
      ];
      await withRetries(
        unique,
        async (chunk) => {
          const answer = await call((sendOptions) =>
            client.send(
              new BatchWriteCommand({
                RequestItems: { [TableName]: chunk.map((Item) => ({ PutRequest: { Item } })) },
              }),
              sendOptions,
            ),
          );
          return (answer.UnprocessedItems?.[TableName] ?? []).map(
            (request) => request.PutRequest?.Item as StoreItem,
          );
        },
        25,
      );
    },

    async get(key) {
      const { Item } = await call((sendOptions) =>
        client.send(
          new GetCommand({ TableName, Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }),
          sendOptions,
        ),
      );
      return Item && !isExpired(Item, now()) ? (Item as StoreItem) : undefined;
    },

    async put(item, condition) {
      const x = createExpression();
      const ConditionExpression = condition && conditionExpression(condition, x, now());
      await conditional((sendOptions) =>
        client.send(
          new PutCommand({ TableName, Item: item, ConditionExpression, ...x.attributes() }),
          sendOptions,
        ),
      );
    },

    async update(key, set, condition) {
      if (partitionKey in set || sortKey in set)
        throw new TypeError('update cannot change pk or sk');
      const at = now();
      const x = createExpression();
      const defined = Object.entries(set).filter(([, value]) => value !== undefined);
      const removed = Object.keys(set).filter((name) => set[name] === undefined);
      const updateExpression = [
        defined.length > 0 &&
          `SET ${defined.map(([name, value]) => `${x.name(name)} = ${x.value(value)}`).join(', ')}`,
        removed.length > 0 && `REMOVE ${removed.map(x.name).join(', ')}`,
      ]
        .filter(Boolean)
        .join(' ');
      // UpdateItem edits the stored item, so it may only touch a live one (or none); an expired
      // item keeps stale attributes and is replaced below as if it were absent.
      const live = `NOT (${expired(x, at)})`;
      if (condition) assertValidCondition(condition);
      try {
        const { Attributes } = await call((sendOptions) =>
          client.send(
            new UpdateCommand({
              TableName,
              Key: { pk: key.pk, sk: key.sk },
              UpdateExpression: updateExpression || undefined,
              ConditionExpression: condition ? `${live} AND ${translate(condition, x)}` : live,
              ...x.attributes(),
              ReturnValues: 'ALL_NEW',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            }),
            sendOptions,
          ),
        );
        return Attributes as StoreItem;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Failed on a live item, or on an expired one: DynamoDB returns the stored item to tell
        // which; dynalite returns nothing, and then the conditional put below decides.
        const ttl = error.Item?.[ttlAttribute]?.N;
        const storedIsLive =
          error.Item !== undefined &&
          !isExpired({ ttl: ttl === undefined ? undefined : Number(ttl) }, at);
        if (storedIsLive || (condition && !holdsWhenAbsent(condition)))
          throw new ConditionFailedError(undefined, { cause: error });
        const item: StoreItem = { ...Object.fromEntries(defined), pk: key.pk, sk: key.sk };
        await store.put(item, { notExists: true });
        return item;
      }
    },

    async delete(key, condition) {
      const x = createExpression();
      const ConditionExpression = condition && conditionExpression(condition, x, now());
      await conditional((sendOptions) =>
        client.send(
          new DeleteCommand({
            TableName,
            Key: { pk: key.pk, sk: key.sk },
            ConditionExpression,
            ...x.attributes(),
          }),
          sendOptions,
        ),
      );
    },

    query: (pk, options = {}) => query(undefined, [partitionKey, sortKey], pk, options),
    queryGsi1: (gsi1pk, options = {}) =>
      query(gsi1.name, [gsi1.partitionKey, gsi1.sortKey], gsi1pk, options),
    countGsi1,
  };
  return store;
}
