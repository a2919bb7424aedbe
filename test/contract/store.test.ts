import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynalite, type RunningDynalite } from '../../infra/local/dynalite';
import {
  createDocumentClient,
  type DocumentClient,
} from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { ensureTable } from '../../shared/adapters/dynamodb/ensure-table';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import { storeContract } from './store-contract';

const tableName = 'contract';

storeContract('memory', async () => {
  let now = Date.now();
  return { store: createMemoryStore({ now: () => now }), setNow: (ms) => (now = ms) };
});

let dynalite: RunningDynalite;
let clients: DocumentClient;
let inProcess: DocumentClient;

beforeAll(async () => {
  dynalite = await startDynalite({});
  clients = createDocumentClient({ endpoint: dynalite.endpoint });
  inProcess = createDocumentClient({
    endpoint: dynalite.endpoint,
    requestHandler: dynalite.requestHandler,
  });
  await ensureTable(clients.client, tableName);
});
afterAll(async () => {
  clients?.client.destroy();
  inProcess?.client.destroy();
  await dynalite?.close();
});

storeContract('dynamodb on dynalite', async () => {
  let now = Date.now();
  const store = createDynamoDbStore({ client: clients.doc, tableName, now: () => now });
  return { store, setNow: (ms) => (now = ms), requestCount: clients.requestCount };
});

// Local mode's way: the same signed requests handed to dynalite's handler by the SDK's request handler seam, without a socket.
storeContract('dynamodb on dynalite, in process', async () => {
  let now = Date.now();
  const store = createDynamoDbStore({ client: inProcess.doc, tableName, now: () => now });
  return { store, setNow: (ms) => (now = ms), requestCount: inProcess.requestCount };
});

describe('dynamodb on dynalite: requests', () => {
  it('sends one request per operation', async () => {
    const store = createDynamoDbStore({ client: clients.doc, tableName });
    const key = { pk: 'requests', sk: 'A' };
    const operations = [
      () => store.put({ ...key, n: 1 }, { notExists: true }),
      () => store.get(key),
      () => store.update(key, { n: 2 }, { attr: 'n', op: '=', value: 1 }),
      () => store.query(key.pk, { limit: 1 }),
      () => store.queryGsi1('none'),
      () => store.countGsi1('none'),
      () => store.delete(key, { exists: true }),
    ];
    for (const operation of operations) {
      clients.resetRequestCount();
      await operation();
      expect(clients.requestCount()).toBe(1);
    }
  });

  it('reads many keys in one BatchGetItem, strongly consistent when asked', async () => {
    // Prepare: a client that records what the store sends
    const sent: Record<string, unknown>[] = [];
    const recording = {
      send: ((command: { constructor: { name: string }; input: object }) => (
        sent.push({ operation: command.constructor.name, ...command.input }),
        clients.doc.send(command as never)
      )) as typeof clients.doc.send,
    };
    const store = createDynamoDbStore({ client: recording, tableName });
    await store.put({ pk: 'batch#a', sk: 'A', n: 1 });
    await store.put({ pk: 'batch#b', sk: 'B', n: 2 });
    const keys = [
      { pk: 'batch#a', sk: 'A' },
      { pk: 'batch#b', sk: 'B' },
      { pk: 'batch#none', sk: 'C' },
    ];
    sent.length = 0;

    // Act
    const consistent = await store.batchGet(keys, { consistent: true });
    const eventual = await store.batchGet(keys);

    // Assess
    for (const found of [consistent, eventual])
      expect(found.map((item) => item.n).sort()).toEqual([1, 2]);
    expect(sent.map((request) => request.operation)).toEqual([
      'BatchGetCommand',
      'BatchGetCommand',
    ]);
    expect(sent[0]).toMatchObject({ RequestItems: { [tableName]: { ConsistentRead: true } } });
    expect(sent[1]).not.toHaveProperty(['RequestItems', tableName, 'ConsistentRead']);
  });

  it('ensureTable is idempotent', async () => {
    clients.resetRequestCount();
    await ensureTable(clients.client, tableName);
    expect(clients.requestCount()).toBe(1); // one DescribeTable
  });
});

describe('startDynalite with a data directory', () => {
  it('keeps the table and its items across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dynalite-'));
    try {
      for (const round of [1, 2]) {
        const server = await startDynalite({ dataDir });
        const { client, doc } = createDocumentClient({ endpoint: server.endpoint });
        await ensureTable(client, tableName);
        const store = createDynamoDbStore({ client: doc, tableName });
        if (round === 1) await store.put({ pk: 'persisted', sk: 'A', round });
        expect(await store.get({ pk: 'persisted', sk: 'A' })).toEqual({
          pk: 'persisted',
          sk: 'A',
          round: 1,
        });
        client.destroy();
        await server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
