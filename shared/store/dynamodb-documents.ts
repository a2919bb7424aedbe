import { convertToAttr, convertToNative, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { createAwsJsonClient, type AwsJsonClient, type AwsJsonClientOptions } from '../aws/aws-json-client';
import { requestMetrics } from '../request-metrics';
import { requestSignal } from '../request-signal';

/**
 * DynamoDB with items as plain values, as the SDK's document client gives them (numbers as
 * numbers, undefined attributes left out), over the JSON protocol client: the requests the store
 * sends (GetItem, PutItem, UpdateItem, DeleteItem, Query, BatchGetItem, BatchWriteItem) with their
 * items, keys, placeholder values and start keys converted to attribute values, and the items,
 * keys and attributes of the answers converted back. Binary values travel base64, as the
 * protocol wants them.
 */
type Item = Record<string, unknown>;
type AttributeValue = Record<string, unknown>;

export interface DynamoDbDocuments {
  call<T = Record<string, unknown>>(operation: DocumentOperation, input: Record<string, unknown>): Promise<T>;
  requestCount(): number;
  resetRequestCount(): void;
  /** The raw protocol client (CreateTable, DescribeTable). */
  readonly json: AwsJsonClient;
}
export type DocumentOperation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'Scan' | 'BatchGetItem' | 'BatchWriteItem';

const marshalOptions = { removeUndefinedValues: true, convertClassInstanceToMap: false };

function toWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Set) return [...value].map(toWire);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toWire(inner)]));
  return value;
}

function fromWire(attribute: AttributeValue): AttributeValue {
  if (typeof attribute.B === 'string') return { B: Buffer.from(attribute.B, 'base64') };
  if (Array.isArray(attribute.BS)) return { BS: attribute.BS.map((entry: string) => Buffer.from(entry, 'base64')) };
  if (Array.isArray(attribute.L)) return { L: attribute.L.map(fromWire) };
  if (attribute.M && typeof attribute.M === 'object') return { M: mapValues(attribute.M as Record<string, AttributeValue>, fromWire) };
  return attribute;
}

const mapValues = <A, B>(record: Record<string, A>, change: (value: A) => B): Record<string, B> => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, change(value)]));

export const marshallItem = (item: Item): Record<string, unknown> =>
  mapValues(Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)), (value) => toWire(convertToAttr(value as NativeAttributeValue, marshalOptions)));
export const unmarshallItem = (item: Record<string, AttributeValue>): Item => mapValues(item, (value) => convertToNative(fromWire(value) as never));

const inputFields = ['Item', 'Key', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;

function toRequest(operation: DocumentOperation, input: Record<string, unknown>): Record<string, unknown> {
  const request: Record<string, unknown> = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  for (const field of inputFields) if (request[field]) request[field] = marshallItem(request[field] as Item);
  if (operation === 'BatchGetItem') {
    request.RequestItems = mapValues(input.RequestItems as Record<string, { Keys: Item[] }>, (entry) => ({ ...entry, Keys: entry.Keys.map(marshallItem) }));
  }
  if (operation === 'BatchWriteItem') {
    request.RequestItems = mapValues(input.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>, (requests) =>
      requests.map((entry) => (entry.PutRequest ? { PutRequest: { Item: marshallItem(entry.PutRequest.Item) } } : { DeleteRequest: { Key: marshallItem(entry.DeleteRequest!.Key) } })),
    );
  }
  return request;
}

function fromAnswer(answer: Record<string, unknown>): Record<string, unknown> {
  const result = { ...answer };
  for (const field of ['Item', 'Attributes', 'LastEvaluatedKey'] as const) if (answer[field]) result[field] = unmarshallItem(answer[field] as Record<string, AttributeValue>);
  if (Array.isArray(answer.Items)) result.Items = answer.Items.map(unmarshallItem);
  if (answer.Responses) result.Responses = mapValues(answer.Responses as Record<string, Record<string, AttributeValue>[]>, (items) => items.map(unmarshallItem));
  if (answer.UnprocessedKeys) {
    result.UnprocessedKeys = mapValues(answer.UnprocessedKeys as Record<string, { Keys: Record<string, AttributeValue>[] }>, (entry) => ({ ...entry, Keys: entry.Keys.map(unmarshallItem) }));
  }
  if (answer.UnprocessedItems) {
    result.UnprocessedItems = mapValues(answer.UnprocessedItems as Record<string, { PutRequest?: { Item: Record<string, AttributeValue> }; DeleteRequest?: { Key: Record<string, AttributeValue> } }[]>, (requests) =>
      requests.map((entry) => (entry.PutRequest ? { PutRequest: { Item: unmarshallItem(entry.PutRequest.Item) } } : { DeleteRequest: { Key: unmarshallItem(entry.DeleteRequest!.Key) } })),
    );
  }
  return result;
}

export type DynamoDbDocumentsOptions = Partial<Pick<AwsJsonClientOptions, 'endpoint' | 'region' | 'credentials' | 'transport' | 'timeoutMs'>>;

export function createDynamoDbDocuments(options: DynamoDbDocumentsOptions = {}): DynamoDbDocuments {
  // An emulator takes any credentials: static ones keep the environment out of it.
  const json = createAwsJsonClient({
    service: 'dynamodb',
    targetPrefix: 'DynamoDB_20120810',
    jsonVersion: '1.0',
    ...options,
    region: options.region ?? (options.endpoint ? 'us-east-1' : undefined),
    credentials: options.credentials ?? (options.endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined),
  });
  return {
    json,
    async call<T>(operation: DocumentOperation, input: Record<string, unknown>) {
      // A request that was abandoned (shared/request-signal.ts) sends nothing more, and what it has in flight is cut.
      const signal = requestSignal();
      signal?.throwIfAborted();
      // The request being served (if any) counts it, for its log line and metrics.
      const metrics = requestMetrics();
      if (metrics) metrics.storeRequests += 1;
      return fromAnswer(await json.call(operation, toRequest(operation, input), { signal })) as T;
    },
    requestCount: json.requestCount,
    resetRequestCount: json.resetRequestCount,
  };
}
