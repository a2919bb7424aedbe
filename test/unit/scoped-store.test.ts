import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import { KeyScopeError, scopeStore } from '../../shared/adapters/local/scoped-store';

describe('a store scoped to item families (LeadingKeys, locally)', () => {
  const scopedMemoryStore = async () => {
    const store = createMemoryStore();
    await store.put({ pk: 'BLOB#1', sk: 'PARSED#v2' });
    return { store, scoped: scopeStore(store, ['SESSION#*', 'USER#*#TOKENS']) };
  };

  it('serves keys matching a pattern, on the table and on gsi1', async () => {
    const { scoped } = await scopedMemoryStore();
    await scoped.put({ pk: 'SESSION#abc', sk: 'SESSION' });
    expect(await scoped.get({ pk: 'SESSION#abc', sk: 'SESSION' })).toMatchObject({
      pk: 'SESSION#abc',
    });
    expect(await scoped.queryGsi1('USER#42#TOKENS')).toEqual([]);
  });

  it('refuses a read of any other partition, on the table and on gsi1', async () => {
    const { scoped } = await scopedMemoryStore();
    await expect(scoped.get({ pk: 'BLOB#1', sk: 'PARSED#v2' })).rejects.toThrow(KeyScopeError);
    await expect(scoped.queryGsi1('USER#42')).rejects.toThrow(/outside this group's item families/);
  });

  it('refuses a batch holding any key of another partition, writing none of it', async () => {
    const { store, scoped } = await scopedMemoryStore();
    await expect(
      scoped.batchGet([
        { pk: 'SESSION#abc', sk: 'SESSION' },
        { pk: 'BLOB#1', sk: 'PARSED#v2' },
      ]),
    ).rejects.toThrow(KeyScopeError);
    await expect(scoped.batchPut([{ pk: 'TOKEN#1', sk: 'TOKEN' }])).rejects.toThrow(KeyScopeError);
    expect(await store.get({ pk: 'TOKEN#1', sk: 'TOKEN' })).toBeUndefined();
  });

  it('refuses a delete of a key that only starts like a pattern', async () => {
    const { scoped } = await scopedMemoryStore();
    await expect(scoped.delete({ pk: 'SESSIONX', sk: 'SESSION' })).rejects.toThrow(KeyScopeError);
  });

  it('hands a batch read its options (a consistent read stays consistent)', async () => {
    // Prepare
    const store = createMemoryStore();
    const asked: unknown[] = [];
    const scoped = scopeStore(
      {
        ...store,
        batchGet: (keys, options) => (asked.push(options), store.batchGet(keys, options)),
      },
      ['USER#*', 'REPO#*'],
    );

    // Act
    await scoped.batchGet(
      [
        { pk: 'USER#1', sk: 'PROFILE' },
        { pk: 'REPO#a/b', sk: 'CONNECTION' },
      ],
      { consistent: true },
    );

    // Assess
    expect(asked).toEqual([{ consistent: true }]);
  });

  it('refuses everything with no patterns (a group without table access)', async () => {
    await expect(
      scopeStore(createMemoryStore(), []).get({ pk: 'SESSION#a', sk: 'SESSION' }),
    ).rejects.toThrow(KeyScopeError);
  });
});
