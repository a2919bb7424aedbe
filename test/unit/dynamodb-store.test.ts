import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  ResourceNotFoundException,
  InternalServerError,
  DynamoDBServiceException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnavailableError } from '../../shared/errors';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { isUnavailable } from '../../shared/adapters/dynamodb/dynamodb-errors';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { ConditionFailedError } from '../../shared/ports/store';

/**
 * The store adapter at the SDK seam (aws-sdk-client-mock on the document client): what it sends,
 * and how it reads DynamoDB's answers and failures. The real protocol is run by the contract
 * suite (dynalite) and the DynamoDB Local suite.
 */
const now = Date.parse('2026-11-28T12:00:00Z');
const nowSeconds = now / 1000;
const { doc } = createDocumentClient({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const mock = mockClient(doc);
const store = createDynamoDbStore({ client: doc, tableName: 'cms', now: () => now });
const metadata = { $metadata: { httpStatusCode: 400 } };
const conditionFailed = (Item?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    ...metadata,
    ...(Item && { Item: Item as never }),
  });

beforeEach(() => mock.reset());

describe('DynamoDB failures the store adapter translates', () => {
  it('calls throttling, server faults and unreachable endpoints unavailable', () => {
    expect(
      isUnavailable(
        new ProvisionedThroughputExceededException({ message: 'exceeded', ...metadata }),
      ),
    ).toBe(true);
    expect(
      isUnavailable(
        new DynamoDBServiceException({
          name: 'ThrottlingException',
          message: 'Rate exceeded',
          $fault: 'client',
          ...metadata,
        }),
      ),
    ).toBe(true);
    expect(
      isUnavailable(
        new InternalServerError({ message: 'internal', $metadata: { httpStatusCode: 500 } }),
      ),
    ).toBe(true);
    expect(
      isUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
  });

  it('calls a refusal (validation, access denied, no table) no unavailability', () => {
    expect(
      isUnavailable(
        new DynamoDBServiceException({
          name: 'ValidationException',
          message: 'invalid',
          $fault: 'client',
          ...metadata,
        }),
      ),
    ).toBe(false);
    expect(
      isUnavailable(
        new DynamoDBServiceException({
          name: 'AccessDeniedException',
          message: 'denied',
          $fault: 'client',
          ...metadata,
        }),
      ),
    ).toBe(false);
    expect(isUnavailable(new ResourceNotFoundException({ message: 'no table', ...metadata }))).toBe(
      false,
    );
  });

  it('answers UnavailableError for a throttled read, and passes a refusal through unchanged', async () => {
    // Prepare
    mock
      .on(GetCommand)
      .rejectsOnce(new ProvisionedThroughputExceededException({ message: 'exceeded', ...metadata }))
      .rejectsOnce(
        new ResourceNotFoundException({ message: 'Requested resource not found', ...metadata }),
      );

    // Act
    const throttled = store.get({ pk: 'SESSION#secret-hash', sk: 'SESSION' });
    await expect(throttled).rejects.toThrow(UnavailableError);
    const refused = store.get({ pk: 'SESSION#secret-hash', sk: 'SESSION' });

    // Assess
    await expect(throttled).rejects.toThrow('The database is unavailable; try again shortly');
    await expect(refused).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('answers UnavailableError when the table cannot be reached, naming no key', async () => {
    // Prepare: nothing listens on the discard port; a client of its own, not mocked.
    const dynamo = createDocumentClient({ endpoint: 'http://127.0.0.1:9' });
    const unreachable = createDynamoDbStore({ client: dynamo.doc, tableName: 'cms' });

    // Act
    const reading = unreachable.get({ pk: 'SESSION#secret-hash', sk: 'SESSION' });

    // Assess
    await expect(reading).rejects.toThrow(UnavailableError);
    await expect(reading).rejects.not.toThrow(/secret-hash/);
    dynamo.client.destroy();
  });
});

describe('conditional writes', () => {
  it('sends a condition that sees an expired item as absent, and answers ConditionFailedError when it fails', async () => {
    // Prepare
    mock.on(PutCommand).rejects(conditionFailed());

    // Act
    const putting = store.put(
      { pk: 'REPO#demo/blog', sk: 'CONNECTION', owner: 'demo' },
      { notExists: true },
    );

    // Assess
    await expect(putting).rejects.toBeInstanceOf(ConditionFailedError);
    expect(mock.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'cms',
      Item: { pk: 'REPO#demo/blog', sk: 'CONNECTION', owner: 'demo' },
      ConditionExpression: 'attribute_not_exists(#n0) OR #n1 <= :v0',
      ExpressionAttributeNames: { '#n0': 'pk', '#n1': 'ttl' },
      ExpressionAttributeValues: { ':v0': nowSeconds },
    });
  });

  it('refuses an update whose condition fails on a live item, and replaces an expired one as if it were absent', async () => {
    // Prepare: DynamoDB returns the stored item (marshalled) with the failure.
    mock
      .on(UpdateCommand)
      .rejectsOnce(
        conditionFailed({
          pk: { S: 'LEASE#1' },
          sk: { S: 'LEASE' },
          ttl: { N: String(nowSeconds + 60) },
        }),
      )
      .rejectsOnce(
        conditionFailed({
          pk: { S: 'LEASE#1' },
          sk: { S: 'LEASE' },
          ttl: { N: String(nowSeconds - 60) },
        }),
      );
    mock.on(PutCommand).resolves({});

    // Act
    const onLive = store.update(
      { pk: 'LEASE#1', sk: 'LEASE' },
      { holder: 'b' },
      { attrNotExists: 'holder' },
    );
    await expect(onLive).rejects.toBeInstanceOf(ConditionFailedError);
    const onExpired = await store.update(
      { pk: 'LEASE#1', sk: 'LEASE' },
      { holder: 'b' },
      { attrNotExists: 'holder' },
    );

    // Assess
    expect(onExpired).toEqual({ pk: 'LEASE#1', sk: 'LEASE', holder: 'b' });
    expect(mock.commandCalls(PutCommand).map((call) => call.args[0].input)).toEqual([
      expect.objectContaining({
        Item: { pk: 'LEASE#1', sk: 'LEASE', holder: 'b' },
        ConditionExpression: 'attribute_not_exists(#n0) OR #n1 <= :v0',
      }),
    ]);
  });
});

describe('pagination and batches', () => {
  it('pages a query until the limit is met with live items, dropping expired ones', async () => {
    // Prepare: 1 MB pages of two items, one expired.
    mock
      .on(QueryCommand)
      .resolvesOnce({
        Items: [
          { pk: 'P', sk: 'a' },
          { pk: 'P', sk: 'b', ttl: nowSeconds - 1 },
        ],
        LastEvaluatedKey: { pk: 'P', sk: 'b' },
      })
      .resolvesOnce({
        Items: [
          { pk: 'P', sk: 'c' },
          { pk: 'P', sk: 'd' },
        ],
        LastEvaluatedKey: { pk: 'P', sk: 'd' },
      })
      .resolvesOnce({ Items: [{ pk: 'P', sk: 'e' }] });

    // Act
    const items = await store.query('P', { limit: 3 });

    // Assess
    expect(items.map((item) => item.sk)).toEqual(['a', 'c', 'd']);
    expect(
      mock.commandCalls(QueryCommand).map((call) => call.args[0].input.ExclusiveStartKey),
    ).toEqual([undefined, { pk: 'P', sk: 'b' }]);
  });

  it('counts a gsi1 partition across pages', async () => {
    // Prepare
    mock
      .on(QueryCommand)
      .resolvesOnce({
        Count: 1000,
        LastEvaluatedKey: { gsi1pk: 'G', gsi1sk: 'x', pk: 'p', sk: 's' },
      })
      .resolvesOnce({ Count: 234 });

    // Act
    const count = await store.countGsi1('G');

    // Assess
    expect(count).toBe(1234);
    expect(mock.commandCalls(QueryCommand)[1]!.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      Select: 'COUNT',
      ExclusiveStartKey: { gsi1pk: 'G', gsi1sk: 'x', pk: 'p', sk: 's' },
    });
  });

  it('sends again what a batch left unprocessed, and only that', async () => {
    // Prepare
    const keys = [
      { pk: 'A', sk: '1' },
      { pk: 'B', sk: '2' },
    ];
    mock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { cms: [{ pk: 'A', sk: '1', n: 1 }] },
        UnprocessedKeys: { cms: { Keys: [{ pk: 'B', sk: '2' }] } },
      })
      .resolvesOnce({ Responses: { cms: [{ pk: 'B', sk: '2', n: 2 }] } });
    mock
      .on(BatchWriteCommand)
      .resolvesOnce({
        UnprocessedItems: { cms: [{ PutRequest: { Item: { pk: 'B', sk: '2', n: 2 } } }] },
      })
      .resolvesOnce({});

    // Act
    const found = await store.batchGet(keys);
    await store.batchPut([
      { pk: 'A', sk: '1', n: 1 },
      { pk: 'B', sk: '2', n: 2 },
    ]);

    // Assess
    expect(found.map((item) => item.n)).toEqual([1, 2]);
    expect(
      mock.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.cms?.Keys),
    ).toEqual([keys, [keys[1]]]);
    expect(
      mock
        .commandCalls(BatchWriteCommand)
        .map((call) => call.args[0].input.RequestItems?.cms?.length),
    ).toEqual([2, 1]);
  });
});
