import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConditionFailedError,
  nowSeconds,
  type Condition,
  type Store,
  type StoreItem,
} from '../../shared/ports/store';

export interface StoreUnderTest {
  store: Store;
  /** Moves the store's clock (epoch ms): expiry is tested on it, never by waiting. */
  setNow(ms: number): void;
  close?(): Promise<void>;
  /** Backend requests so far, when the adapter has a backend: proves that queries page. */
  requestCount?(): number;
}

const failsTheCondition = (promise: Promise<unknown>) =>
  expect(promise).rejects.toBeInstanceOf(ConditionFailedError);

/** The behaviour of the Store port, run against every adapter. */
export function storeContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`Store contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: Store;
    let now: number;
    let pk: string;

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.close?.();
    });
    beforeEach(() => {
      now = Date.now();
      subject.setNow(now);
      pk = `contract#${randomUUID()}`; // a partition of its own for every test
    });

    const past = () => nowSeconds(now) - 3600;
    const future = () => nowSeconds(now) + 3600;

    describe('put and get', () => {
      it('round-trips nested values', async () => {
        // Prepare
        const item: StoreItem = {
          pk,
          sk: 'A',
          text: 'héllo 😀',
          empty: '',
          integer: 42,
          negative: -7,
          fraction: 0.125,
          zero: 0,
          yes: true,
          no: false,
          nothing: null,
          list: [1, 'two', false, null, { three: [3] }, []],
          map: { nested: { deeper: { value: 'x', list: ['a'] } }, emptyMap: {}, emptyText: '' },
        };
        // Act
        await store.put(item);
        // Assess
        expect(await store.get({ pk, sk: 'A' })).toEqual(item);
      });

      it('answers undefined for an absent key', async () => {
        expect(await store.get({ pk, sk: 'missing' })).toBeUndefined();
      });

      it('replaces the whole item and drops undefined attributes', async () => {
        await store.put({ pk, sk: 'A', old: 1, kept: 'x' });
        await store.put({ pk, sk: 'A', kept: 'y', gone: undefined });
        const item = await store.get({ pk, sk: 'A' });
        expect(item).toEqual({ pk, sk: 'A', kept: 'y' });
        expect(item && 'gone' in item).toBe(false);
      });

      it('copies values in and out', async () => {
        const map = { inner: ['a'] };
        await store.put({ pk, sk: 'A', map });
        map.inner.push('changed after put');
        const read = await store.get({ pk, sk: 'A' });
        (read?.map as typeof map).inner.push('changed after get');
        expect(await store.get({ pk, sk: 'A' })).toEqual({ pk, sk: 'A', map: { inner: ['a'] } });
      });
    });

    describe('conditions', () => {
      const item = () => ({ pk, sk: 'A', n: 5, s: 'm', b: true, nil: null, version: 1 });
      const attempt = async (condition: Condition) => {
        await store.put(item());
        return store.put({ ...item(), version: 2 }, condition).then(
          () => true,
          (error: unknown) => {
            if (!(error instanceof ConditionFailedError)) throw error;
            return false;
          },
        );
      };
      const cases: [string, Condition, boolean][] = [
        ['exists on a present item', { exists: true }, true],
        ['notExists on a present item', { notExists: true }, false],
        ['n = 5', { attr: 'n', op: '=', value: 5 }, true],
        ['n = 6', { attr: 'n', op: '=', value: 6 }, false],
        ['n <> 6', { attr: 'n', op: '<>', value: 6 }, true],
        ['n <> 5', { attr: 'n', op: '<>', value: 5 }, false],
        ['n < 6', { attr: 'n', op: '<', value: 6 }, true],
        ['n < 5', { attr: 'n', op: '<', value: 5 }, false],
        ['n <= 5', { attr: 'n', op: '<=', value: 5 }, true],
        ['n <= 4', { attr: 'n', op: '<=', value: 4 }, false],
        ['n > 4', { attr: 'n', op: '>', value: 4 }, true],
        ['n > 5', { attr: 'n', op: '>', value: 5 }, false],
        ['n >= 5', { attr: 'n', op: '>=', value: 5 }, true],
        ['n >= 6', { attr: 'n', op: '>=', value: 6 }, false],
        ['s < "n"', { attr: 's', op: '<', value: 'n' }, true],
        ['s > "n"', { attr: 's', op: '>', value: 'n' }, false],
        ['b = true', { attr: 'b', op: '=', value: true }, true],
        ['b = false', { attr: 'b', op: '=', value: false }, false],
        ['b <> false', { attr: 'b', op: '<>', value: false }, true],
        ['other types are unequal: n = "5"', { attr: 'n', op: '=', value: '5' }, false],
        ['other types are unequal: n <> "5"', { attr: 'n', op: '<>', value: '5' }, true],
        ['other types do not order: n < "6"', { attr: 'n', op: '<', value: '6' }, false],
        ['a missing attribute: missing = 1', { attr: 'missing', op: '=', value: 1 }, false],
        ['a missing attribute: missing <> 1', { attr: 'missing', op: '<>', value: 1 }, false],
        ['a missing attribute: missing < 1', { attr: 'missing', op: '<', value: 1 }, false],
        ['attrNotExists on a missing attribute', { attrNotExists: 'missing' }, true],
        ['attrNotExists on a present attribute', { attrNotExists: 'n' }, false],
        ['attrNotExists on a null attribute', { attrNotExists: 'nil' }, false],
        ['or [false, true]', { or: [{ notExists: true }, { attr: 'n', op: '=', value: 5 }] }, true],
        [
          'or [false, false]',
          { or: [{ notExists: true }, { attr: 'n', op: '=', value: 6 }] },
          false,
        ],
        ['and [true, true]', { and: [{ exists: true }, { attr: 's', op: '=', value: 'm' }] }, true],
        [
          'and [true, false]',
          { and: [{ exists: true }, { attr: 's', op: '=', value: 'x' }] },
          false,
        ],
        [
          'nested and/or',
          {
            and: [
              { or: [{ attrNotExists: 'n' }, { attr: 'n', op: '>', value: 1 }] },
              { attr: 'b', op: '=', value: true },
            ],
          },
          true,
        ],
      ];

      it.each(cases)('%s → %s', async (_label, condition, holds) => {
        // Act
        const written = await attempt(condition);
        // Assess
        expect(written).toBe(holds);
        expect((await store.get({ pk, sk: 'A' }))?.version).toBe(holds ? 2 : 1);
      });

      it('sees an absent item: notExists and attrNotExists hold, exists and comparisons fail', async () => {
        await failsTheCondition(store.put({ pk, sk: 'exists' }, { exists: true }));
        await failsTheCondition(
          store.put({ pk, sk: 'compare' }, { attr: 'n', op: '<>', value: 1 }),
        );
        await store.put({ pk, sk: 'notExists' }, { notExists: true });
        await store.put({ pk, sk: 'attrNotExists' }, { attrNotExists: 'n' });
        expect((await store.query(pk)).map((item) => item.sk)).toEqual([
          'attrNotExists',
          'notExists',
        ]);
      });

      it('lets exactly one of racing notExists puts win', async () => {
        // Act
        const results = await Promise.allSettled(
          [1, 2, 3, 4, 5].map((writer) => store.put({ pk, sk: 'A', writer }, { notExists: true })),
        );
        // Assess
        const winners = results.flatMap((result, index) =>
          result.status === 'fulfilled' ? [index + 1] : [],
        );
        expect(winners).toHaveLength(1);
        for (const result of results) {
          if (result.status === 'rejected')
            expect(result.reason).toBeInstanceOf(ConditionFailedError);
        }
        expect((await store.get({ pk, sk: 'A' }))?.writer).toBe(winners[0]);
      });

      it('rejects conditions DynamoDB rejects, without writing', async () => {
        for (const condition of [{ attr: 'b', op: '<', value: true }, { or: [] }] as Condition[]) {
          const result = store.put({ pk, sk: 'A' }, condition);
          await expect(result).rejects.toThrow();
          await expect(result).rejects.not.toBeInstanceOf(ConditionFailedError);
        }
        expect(await store.get({ pk, sk: 'A' })).toBeUndefined();
      });
    });

    describe('update', () => {
      it('creates the item when absent and returns it', async () => {
        const updated = await store.update(
          { pk, sk: 'A' },
          { count: 1, tags: ['x'], absent: undefined },
        );
        expect(updated).toEqual({ pk, sk: 'A', count: 1, tags: ['x'] });
        expect(await store.get({ pk, sk: 'A' })).toEqual(updated);
      });

      it('creates a bare item from an empty update', async () => {
        expect(await store.update({ pk, sk: 'A' }, {})).toEqual({ pk, sk: 'A' });
        expect(await store.get({ pk, sk: 'A' })).toEqual({ pk, sk: 'A' });
      });

      it('sets attributes, removes undefined ones, keeps the others, and returns the new item', async () => {
        // Prepare
        await store.put({
          pk,
          sk: 'A',
          gsi1pk: 'g',
          gsi1sk: 'h',
          kept: 'k',
          changed: 1,
          removed: 'r',
        });
        // Act
        const updated = await store.update(
          { pk, sk: 'A' },
          { changed: { to: [2] }, removed: undefined, added: '' },
        );
        // Assess
        const expected = {
          pk,
          sk: 'A',
          gsi1pk: 'g',
          gsi1sk: 'h',
          kept: 'k',
          changed: { to: [2] },
          added: '',
        };
        expect(updated).toEqual(expected);
        expect(await store.get({ pk, sk: 'A' })).toEqual(expected);
      });

      it('applies only when its condition holds', async () => {
        await store.put({ pk, sk: 'A', version: 1 });
        await failsTheCondition(
          store.update({ pk, sk: 'A' }, { version: 3 }, { attr: 'version', op: '=', value: 2 }),
        );
        expect((await store.get({ pk, sk: 'A' }))?.version).toBe(1);
        await store.update({ pk, sk: 'A' }, { version: 2 }, { attr: 'version', op: '=', value: 1 });
        expect((await store.get({ pk, sk: 'A' }))?.version).toBe(2);
        await failsTheCondition(store.update({ pk, sk: 'B' }, { version: 1 }, { exists: true }));
        expect(await store.get({ pk, sk: 'B' })).toBeUndefined();
      });

      it('records lastUsedAt at most once a minute', async () => {
        // Prepare
        const minuteAgo = now - 60_000;
        const debounce = (key: string, at: number) =>
          store.update(
            { pk, sk: key },
            { lastUsedAt: at },
            {
              or: [
                { attrNotExists: 'lastUsedAt' },
                { attr: 'lastUsedAt', op: '<', value: minuteAgo },
              ],
            },
          );
        await store.put({ pk, sk: 'never' });
        await store.put({ pk, sk: 'stale', lastUsedAt: minuteAgo - 1 });
        await store.put({ pk, sk: 'fresh', lastUsedAt: minuteAgo + 1 });
        // Act + Assess
        expect(await debounce('never', now)).toEqual({ pk, sk: 'never', lastUsedAt: now });
        expect(await debounce('stale', now)).toEqual({ pk, sk: 'stale', lastUsedAt: now });
        await failsTheCondition(debounce('fresh', now));
        expect((await store.get({ pk, sk: 'fresh' }))?.lastUsedAt).toBe(minuteAgo + 1);
      });

      it('refuses to change the key', async () => {
        await store.put({ pk, sk: 'A' });
        await expect(store.update({ pk, sk: 'A' }, { sk: 'B' })).rejects.toThrow();
        expect(await store.query(pk)).toEqual([{ pk, sk: 'A' }]);
      });
    });

    describe('delete', () => {
      it('removes the item; deleting nothing is fine', async () => {
        await store.put({ pk, sk: 'A' });
        await store.delete({ pk, sk: 'A' });
        await store.delete({ pk, sk: 'A' });
        expect(await store.get({ pk, sk: 'A' })).toBeUndefined();
      });

      it('removes only when its condition holds', async () => {
        await store.put({ pk, sk: 'A', state: 'pending' });
        await failsTheCondition(
          store.delete({ pk, sk: 'A' }, { attr: 'state', op: '=', value: 'done' }),
        );
        expect(await store.get({ pk, sk: 'A' })).toBeDefined();
        await store.delete({ pk, sk: 'A' }, { attr: 'state', op: '=', value: 'pending' });
        expect(await store.get({ pk, sk: 'A' })).toBeUndefined();
        await failsTheCondition(store.delete({ pk, sk: 'A' }, { exists: true }));
      });
    });

    describe('query', () => {
      // UTF-8 byte order; JS string order (UTF-16) would put '😀' before 'ｚ'.
      const ordered = ['Z', 'a', 'a#1', 'a#2', 'b#1', 'é', '€', 'ｚ', '😀'];
      const sks = (items: StoreItem[]) => items.map((item) => item.sk);

      beforeEach(async () => {
        for (const sk of [...ordered].reverse()) await store.put({ pk, sk });
        await store.put({ pk: `${pk}-other`, sk: 'a#3' });
      });

      it('returns one partition sorted by sk as UTF-8 bytes, ascending by default', async () => {
        expect(sks(await store.query(pk))).toEqual(ordered);
        expect(sks(await store.query(pk, { ascending: false }))).toEqual([...ordered].reverse());
      });

      it('filters by sk prefix and limits', async () => {
        expect(sks(await store.query(pk, { skPrefix: 'a#' }))).toEqual(['a#1', 'a#2']);
        expect(sks(await store.query(pk, { skPrefix: 'a#', ascending: false, limit: 1 }))).toEqual([
          'a#2',
        ]);
        expect(sks(await store.query(pk, { limit: 3 }))).toEqual(['Z', 'a', 'a#1']);
        expect(await store.query(pk, { skPrefix: 'none' })).toEqual([]);
        expect(await store.query(`${pk}-empty`)).toEqual([]);
      });

      it('reads the page before a sort key, newest first, for paging back', async () => {
        expect(sks(await store.query(pk, { skBefore: 'a#2', ascending: false, limit: 2 }))).toEqual(
          ['a#1', 'a'],
        );
        expect(sks(await store.query(pk, { skBefore: 'Z', ascending: false }))).toEqual([]);
      });

      it('returns a partition larger than one 1 MB page, and limits across pages', async () => {
        // Prepare: 300 items of 5 KB
        const body = 'x'.repeat(5 * 1024);
        const big = `${pk}-big`;
        const keys = Array.from(
          { length: 300 },
          (_, index) => `item#${String(index).padStart(4, '0')}`,
        );
        for (let start = 0; start < keys.length; start += 25) {
          await Promise.all(
            keys.slice(start, start + 25).map((sk) => store.put({ pk: big, sk, body })),
          );
        }
        const before = subject.requestCount?.();
        // Act
        const all = await store.query(big);
        const pages =
          subject.requestCount && before !== undefined
            ? subject.requestCount() - before
            : undefined;
        const limited = await store.query(big, { limit: 250, ascending: false });
        // Assess
        expect(sks(all)).toEqual(keys);
        expect(all.every((item) => item.body === body)).toBe(true);
        if (pages !== undefined) expect(pages).toBeGreaterThan(1);
        expect(sks(limited)).toEqual([...keys].reverse().slice(0, 250));
      });
    });

    describe('queryGsi1', () => {
      it('returns one gsi1 partition across table partitions, sorted by gsi1sk', async () => {
        // Prepare
        const g = `${pk}-gsi`;
        await store.put({ pk: `${pk}-1`, sk: 'X', gsi1pk: g, gsi1sk: 'b#2', n: 1 });
        await store.put({ pk: `${pk}-2`, sk: 'Y', gsi1pk: g, gsi1sk: 'a#1' });
        await store.put({ pk: `${pk}-3`, sk: 'Z', gsi1pk: g, gsi1sk: 'b#1' });
        await store.put({ pk: `${pk}-4`, sk: 'W', gsi1pk: g }); // no gsi1sk: not in the index
        await store.put({ pk: `${pk}-5`, sk: 'V', gsi1pk: `${g}-other`, gsi1sk: 'b#0' });
        const gsks = (items: StoreItem[]) => items.map((item) => item.gsi1sk);
        // Act + Assess
        const all = await store.queryGsi1(g);
        expect(gsks(all)).toEqual(['a#1', 'b#1', 'b#2']);
        expect(all[2]).toEqual({ pk: `${pk}-1`, sk: 'X', gsi1pk: g, gsi1sk: 'b#2', n: 1 });
        expect(gsks(await store.queryGsi1(g, { skPrefix: 'b#' }))).toEqual(['b#1', 'b#2']);
        expect(gsks(await store.queryGsi1(g, { ascending: false, limit: 2 }))).toEqual([
          'b#2',
          'b#1',
        ]);
        expect(await store.queryGsi1(`${g}-empty`)).toEqual([]);
      });

      it('counts the live items of one gsi1 partition, expired and sparse ones left out', async () => {
        // Prepare
        const g = `${pk}-count`;
        for (let n = 0; n < 5; n += 1)
          await store.put({
            pk: `${pk}-c${n}`,
            sk: 'X',
            gsi1pk: g,
            gsi1sk: `k#${n}`,
            ...(n === 4 ? { ttl: future() } : {}),
          });
        await store.put({ pk: `${pk}-c-old`, sk: 'X', gsi1pk: g, gsi1sk: 'k#old', ttl: past() });
        await store.put({ pk: `${pk}-c-sparse`, sk: 'X', gsi1pk: g });
        await store.put({ pk: `${pk}-c-other`, sk: 'X', gsi1pk: `${g}-other`, gsi1sk: 'k#0' });
        // Act + Assess
        expect(await store.countGsi1(g)).toBe(5);
        expect(await store.countGsi1(`${g}-empty`)).toBe(0);
      });
    });

    describe('batchGet and batchPut', () => {
      it('writes and reads back many items across chunk boundaries, skipping missing and expired ones', async () => {
        // Prepare: 130 items (over BatchGet's 100 and BatchWrite's 25 per request)
        const items = Array.from({ length: 130 }, (_, n) => ({
          pk: `${pk}-${n}`,
          sk: 'BLOB',
          n,
          text: 'x'.repeat(50),
        }));
        await store.batchPut(items);
        await store.put({ pk: `${pk}-old`, sk: 'BLOB', ttl: past() });
        // Act
        const keys = [
          ...items.map(({ pk, sk }) => ({ pk, sk })),
          { pk: `${pk}-missing`, sk: 'BLOB' },
          { pk: `${pk}-old`, sk: 'BLOB' },
          { pk: `${pk}-0`, sk: 'BLOB' },
        ];
        const found = await store.batchGet(keys);
        // Assess
        expect(found).toHaveLength(130);
        expect(found.map((item) => item.n).sort((a, b) => Number(a) - Number(b))).toEqual(
          items.map((item) => item.n),
        );
        expect(await store.get({ pk: `${pk}-129`, sk: 'BLOB' })).toEqual(items[129]);
        expect(await store.batchGet([])).toEqual([]);
      });

      it('keeps the last of two items with one key in the same batch, as two puts would', async () => {
        // Prepare: the same key twice within one BatchWrite request of 25
        const items = [
          { pk: `${pk}-twice`, sk: 'BLOB', n: 1 },
          { pk: `${pk}-once`, sk: 'BLOB', n: 2 },
          { pk: `${pk}-twice`, sk: 'BLOB', n: 3 },
        ];
        // Act
        await store.batchPut(items);
        // Assess
        expect(await store.get({ pk: `${pk}-twice`, sk: 'BLOB' })).toEqual(items[2]);
        expect(await store.get({ pk: `${pk}-once`, sk: 'BLOB' })).toEqual(items[1]);
      });

      it('reads items that change strongly consistent when asked: every completed write is seen', async () => {
        // Prepare
        await store.put({ pk: `${pk}-a`, sk: 'A', n: 1 });
        await store.update({ pk: `${pk}-a`, sk: 'A' }, { n: 2 });
        await store.put({ pk: `${pk}-b`, sk: 'B', ttl: past() });
        // Act
        const found = await store.batchGet(
          [
            { pk: `${pk}-a`, sk: 'A' },
            { pk: `${pk}-b`, sk: 'B' },
            { pk: `${pk}-c`, sk: 'C' },
          ],
          { consistent: true },
        );
        // Assess
        expect(found).toEqual([{ pk: `${pk}-a`, sk: 'A', n: 2 }]);
      });
    });

    describe('expiry (ttl)', () => {
      const gsi = () => `${pk}-gsi`;
      const putWithTtl = (sk: string, ttl: number, extra: Record<string, unknown> = {}) =>
        store.put({ pk, sk, gsi1pk: gsi(), gsi1sk: sk, ttl, state: 'pending', ...extra });

      it('hides an item whose ttl has passed from get, query and queryGsi1', async () => {
        await putWithTtl('expired', past());
        await putWithTtl('boundary', nowSeconds(now)); // ttl at "now" is expired too
        await putWithTtl('live', future());
        expect(await store.get({ pk, sk: 'expired' })).toBeUndefined();
        expect(await store.get({ pk, sk: 'boundary' })).toBeUndefined();
        expect((await store.get({ pk, sk: 'live' }))?.ttl).toBe(future());
        expect((await store.query(pk)).map((item) => item.sk)).toEqual(['live']);
        expect((await store.queryGsi1(gsi())).map((item) => item.sk)).toEqual(['live']);
      });

      it('treats an expired item as absent in conditions', async () => {
        await putWithTtl('A', past());
        await failsTheCondition(store.put({ pk, sk: 'A' }, { exists: true }));
        await failsTheCondition(
          store.put({ pk, sk: 'A' }, { attr: 'state', op: '=', value: 'pending' }),
        );
        await failsTheCondition(store.delete({ pk, sk: 'A' }, { exists: true }));
        await failsTheCondition(
          store.update(
            { pk, sk: 'A' },
            { state: 'done' },
            { attr: 'state', op: '=', value: 'pending' },
          ),
        );
        await store.put(
          { pk, sk: 'A', fresh: true },
          { and: [{ notExists: true }, { attrNotExists: 'state' }] },
        );
        expect(await store.get({ pk, sk: 'A' })).toEqual({ pk, sk: 'A', fresh: true });
      });

      it('treats a live item as present in conditions', async () => {
        await putWithTtl('A', future());
        await failsTheCondition(store.put({ pk, sk: 'A' }, { notExists: true }));
        await store.delete({ pk, sk: 'A' }, { exists: true });
        expect(await store.get({ pk, sk: 'A' })).toBeUndefined();
      });

      it('updates an expired item as if it were absent', async () => {
        await putWithTtl('A', past(), { stale: 'old' });
        await putWithTtl('B', past(), { stale: 'old' });
        expect(await store.update({ pk, sk: 'A' }, { ttl: future() })).toEqual({
          pk,
          sk: 'A',
          ttl: future(),
        });
        expect(await store.update({ pk, sk: 'B' }, { n: 1 }, { attrNotExists: 'state' })).toEqual({
          pk,
          sk: 'B',
          n: 1,
        });
        expect(await store.get({ pk, sk: 'A' })).toEqual({ pk, sk: 'A', ttl: future() });
        expect(await store.get({ pk, sk: 'B' })).toEqual({ pk, sk: 'B', n: 1 });
      });

      it('skips expired items before applying a query limit', async () => {
        await putWithTtl('a', past());
        await putWithTtl('b', past());
        await putWithTtl('c', future());
        await putWithTtl('d', future());
        expect((await store.query(pk, { limit: 1 })).map((item) => item.sk)).toEqual(['c']);
        expect((await store.queryGsi1(gsi(), { limit: 2 })).map((item) => item.sk)).toEqual([
          'c',
          'd',
        ]);
      });

      it('expires an item once the clock reaches its ttl', async () => {
        // Prepare
        const ttl = nowSeconds(now) + 2;
        await putWithTtl('A', ttl);
        expect(await store.get({ pk, sk: 'A' })).toBeDefined();
        // Act
        subject.setNow(ttl * 1000);
        // Assess
        expect(await store.get({ pk, sk: 'A' })).toBeUndefined();
        expect(await store.query(pk)).toEqual([]);
        await store.put({ pk, sk: 'A' }, { notExists: true });
      });
    });
  });
}
