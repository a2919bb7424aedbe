import { describe, expect, it } from 'vitest';
import { createCredentialReader } from '../../shared/auth/credential-read';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import { takeKept, withReadAhead } from '../../shared/store/read-ahead';
import type { Store, StoreKey } from '../../shared/ports/store';

/** The credential's read brings what the route reads next, for that request only. */

const token = { pk: 'TOKEN#t1', sk: 'TOKEN' };
const user = { pk: 'USER#u1', sk: 'PROFILE' };
const connection = { pk: 'REPO#demo/blog', sk: 'CONNECTION' };

function countingStore() {
  const store = createMemoryStore();
  const calls: string[] = [];
  const counted: Store = {
    ...store,
    get: (key) => (calls.push('get'), store.get(key)),
    batchGet: (keys, options) => (
      calls.push(`batchGet ${keys.length}`),
      store.batchGet(keys, options)
    ),
  };
  return { store: counted, calls };
}

async function seeded() {
  const { store, calls } = countingStore();
  await store.put({ ...token, userId: 'u1' });
  await store.put({ ...user, login: 'demo' });
  await store.put({ ...connection, fullName: 'demo/blog' });
  calls.length = 0;
  return { store, calls };
}

const alsoRead = (userId: string): StoreKey[] => [
  { pk: `USER#${userId}`, sk: 'PROFILE' },
  connection,
];

describe('reading a credential', () => {
  it('reads it alone the first time, then with what the route reads next, kept for that request only', async () => {
    const { store, calls } = await seeded();
    const read = createCredentialReader(store);

    await withReadAhead(async () => {
      expect(await read(token, alsoRead)).toMatchObject({ userId: 'u1' });
      expect(takeKept([user, connection])).toBeUndefined();
    });
    await withReadAhead(async () => {
      expect(await read(token, alsoRead)).toMatchObject({ userId: 'u1' });
      expect(takeKept([user, connection])?.map((item) => item?.pk)).toEqual([
        'USER#u1',
        'REPO#demo/blog',
      ]);
      expect(takeKept([user, connection])).toBeUndefined(); // handed out once
    });
    // Another request starts with nothing kept.
    await withReadAhead(async () => expect(takeKept([user])).toBeUndefined());
    expect(calls).toEqual(['get', 'batchGet 3']);
  });

  it('still reads the credential every time: a deleted one is absent, and keeps nothing', async () => {
    const { store } = await seeded();
    const read = createCredentialReader(store);
    await withReadAhead(() => read(token, alsoRead));
    await store.delete(token);

    await withReadAhead(async () => {
      expect(await read(token, alsoRead)).toBeUndefined();
      expect(takeKept([user, connection])).toBeUndefined();
    });
  });

  it('keeps absent items as absent, and nothing when the credential now names another owner', async () => {
    const { store } = await seeded();
    const read = createCredentialReader(store);
    await withReadAhead(() => read(token, alsoRead));
    await store.delete(connection);

    await withReadAhead(async () => {
      await read(token, alsoRead);
      expect(takeKept([user, connection])?.map((item) => item?.pk)).toEqual(['USER#u1', undefined]);
    });
    await store.put({ ...token, userId: 'u2' });
    await withReadAhead(async () => {
      expect(await read(token, alsoRead)).toMatchObject({ userId: 'u2' });
      expect(takeKept([user, connection])).toBeUndefined();
    });
  });

  it('keeps nothing outside a request, and hands out nothing unless every key asked for was kept', async () => {
    const { store } = await seeded();
    const read = createCredentialReader(store);
    await read(token, alsoRead);
    await read(token, alsoRead);
    expect(takeKept([user])).toBeUndefined();
    await withReadAhead(async () => {
      await read(token, alsoRead);
      expect(takeKept([user, { pk: 'USER#other', sk: 'PROFILE' }])).toBeUndefined();
      expect(takeKept([user])?.[0]?.pk).toBe('USER#u1');
    });
  });
});
