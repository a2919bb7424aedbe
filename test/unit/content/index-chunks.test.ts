import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunksOf,
  itemsOfChunk,
  segmentsOf,
  summariesOfChunk,
  type IndexedItem,
} from '../../../shared/content/collection-index/index-chunks';
import { createIndexMemo } from '../../../shared/content/collection-index/index-memo';
import type { ListedFile } from '../../../shared/content/item-listing';

const fileOf = (name: string, sha = 'a'.repeat(40)): ListedFile => ({
  slug: name,
  path: `content/posts/${name}.md`,
  sha,
  symlink: false,
});
const names = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 300 })
  .map((list) => [...list].sort());

describe('segments', () => {
  it('cut the files into consecutive runs that cover each once, none longer than maxEntries', () => {
    fc.assert(
      fc.property(
        names,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (list, boundaryBits, maxEntries) => {
          const segments = segmentsOf(
            list.map((name) => fileOf(name)),
            { boundaryBits, maxEntries, maxBytes: 1000 },
          );
          expect(segments.map((segment) => segment.start)).toEqual(
            segments.map((_, n) => (n === 0 ? 0 : segments[n - 1]!.end)),
          );
          expect(segments.at(-1)?.end ?? 0).toBe(list.length);
          expect(
            segments.every(
              (segment) => segment.end > segment.start && segment.end - segment.start <= maxEntries,
            ),
          ).toBe(true);
        },
      ),
    );
  });

  it('change at most two keys when one file is added, removed or edited: boundaries follow the paths', () => {
    fc.assert(
      fc.property(
        names.filter((list) => list.length > 2),
        fc.nat(),
        fc.stringMatching(/^[a-z0-9-]{1,12}$/),
        fc.constantFrom('add', 'remove', 'edit'),
        (list, at, extra, change) => {
          const options = { boundaryBits: 3, maxEntries: 10_000, maxBytes: 1000 };
          const before = list.map((name) => fileOf(name));
          const index = at % list.length;
          const after =
            change === 'add'
              ? [...new Set([...list, extra])].sort().map((name) => fileOf(name))
              : change === 'remove'
                ? before.filter((_, n) => n !== index)
                : before.map((file, n) => (n === index ? fileOf(list[n]!, 'b'.repeat(40)) : file));
          const keys = new Set(segmentsOf(before, options).map((segment) => segment.key));
          expect(
            segmentsOf(after, options).filter((segment) => !keys.has(segment.key)).length,
          ).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});

describe('chunks', () => {
  const item = (n: number, size: number): IndexedItem => ({
    path: `content/posts/p${n}.md`,
    slug: `p${n}`,
    sha: String(n).padStart(40, '0'),
    frontmatter: { title: `Title ${n}`, date: '2024-02-14', text: 'x'.repeat(size) },
  });

  it('hold every item once, in order, none over maxBytes unless one item alone is, with summaries to sort and filter by', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 40 }),
        fc.integer({ min: 500, max: 8000 }),
        (sizes, maxBytes) => {
          const items = sizes.map((size, n) => item(n, size));
          const chunks = chunksOf(
            items,
            [
              { name: 'date', kind: 'date' },
              { name: 'title', kind: 'string' },
            ],
            maxBytes,
          );
          expect(chunks.flatMap((chunk) => itemsOfChunk(chunk.data))).toEqual(items);
          for (const chunk of chunks) {
            const held = itemsOfChunk(chunk.data);
            if (held.length > 1) expect(chunk.bytes).toBeLessThanOrEqual(maxBytes + held.length);
            expect(chunk.bytes).toBe(JSON.stringify(held).length - 2);
            const summary = summariesOfChunk(chunk.summary);
            expect(summary.fields).toEqual(['date', 'title']);
            expect(summary.items.map((entry) => [entry.path, entry.title, entry.values])).toEqual(
              held.map((one) => [
                one.path,
                String(one.frontmatter.title).toLowerCase(),
                [Date.UTC(2024, 1, 14), String(one.frontmatter.title).toLowerCase()],
              ]),
            );
          }
        },
      ),
    );
  });

  it('are named by their content: the same items, the same ids', () => {
    const items = [item(1, 10), item(2, 10)];
    const [a, b] = [
      chunksOf(items, [], 1000),
      chunksOf(
        items.map((entry) => ({ ...entry })),
        [],
        1000,
      ),
    ];
    expect(a.map((chunk) => [chunk.id, chunk.sid])).toEqual(
      b.map((chunk) => [chunk.id, chunk.sid]),
    );
    expect(chunksOf([item(1, 11), item(2, 10)], [], 1000)[0]!.id).not.toBe(a[0]!.id);
  });
});

describe('the process memo of index reads', () => {
  it('computes a value once per key, and forgets the least recently used past its size', async () => {
    const memo = createIndexMemo(100);
    let computed = 0;
    const get = (key: string, bytes = 40) =>
      memo.get(key, async () => ((computed += 1), { value: key, bytes }));
    await get('a');
    await get('b');
    await get('a');
    expect(computed).toBe(2);
    await get('c');
    await get('a');
    expect(computed).toBe(3);
    await get('b');
    expect(computed).toBe(4);
    await get('huge', 1000);
    await get('huge', 1000);
    expect(computed).toBe(6);
  });
});
