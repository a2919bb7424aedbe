import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../shared/content/list-cursor';
import {
  comparatorOf,
  compareCodePoints,
  sortValueOf,
  type Keyed,
  type SortSpec,
} from '../../../shared/content/list-order';
import { pageOf } from '../../../shared/content/list-page';
import { InvalidInputError } from '../../../shared/errors';

/** Paging, cursors and ordering as properties: any collection, any page size, any change between pages. */

const specs: SortSpec[] = [
  { name: 'path', kind: 'path', order: 'asc' },
  { name: 'path', kind: 'path', order: 'desc' },
  { name: 'date', kind: 'date', order: 'asc' },
  { name: 'date', kind: 'date', order: 'desc' },
  { name: 'title', kind: 'string', order: 'desc' },
];

/** Items with distinct paths and values drawn from few, so that ties and missing values are common. */
const items = (spec: SortSpec) =>
  fc
    .uniqueArray(
      fc.record({
        path: fc.string({
          unit: fc.constantFrom('a', 'b', 'é', '😀', '\uE000', '-', '/'),
          minLength: 1,
          maxLength: 6,
        }),
        value:
          spec.kind === 'date'
            ? fc.option(fc.integer({ min: 0, max: 5 }), { nil: null })
            : fc.option(fc.constantFrom('x', 'y', 'z'), { nil: null }),
      }),
      { selector: (item) => item.path, maxLength: 60 },
    )
    .map((list): Keyed[] =>
      spec.kind === 'path' ? list.map((item) => ({ ...item, value: item.path })) : list,
    );

/** Follows the cursors from the first page to the last, reading `at(step)` each time. */
function walk(
  spec: SortSpec,
  limit: number,
  at: (step: number) => Keyed[],
  version = (step: number) => String(step),
): Keyed[][] {
  const pages: Keyed[][] = [];
  let cursor: string | undefined;
  for (let step = 0; step < 1000; step += 1) {
    const ordered = [...at(step)].sort(comparatorOf(spec));
    const page = pageOf({
      ordered,
      spec,
      limit,
      collection: 'posts',
      q: null,
      version: version(step),
      ...(cursor
        ? {
            cursor: decodeCursor(cursor, {
              collection: 'posts',
              sort: spec.name,
              order: spec.order,
              q: null,
            }),
          }
        : {}),
    });
    pages.push(page.items);
    if (page.next === undefined) return pages;
    cursor = page.next;
  }
  throw new Error('the pages never ended');
}

describe('paging', () => {
  it('yields every item exactly once, in order, whatever the collection, sort and page size', () => {
    for (const spec of specs) {
      fc.assert(
        fc.property(items(spec), fc.integer({ min: 1, max: 25 }), (list, limit) => {
          const sorted = [...list].sort(comparatorOf(spec));
          const pages = walk(
            spec,
            limit,
            () => list,
            () => 'same',
          );
          expect(pages.flat()).toEqual(sorted);
          expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
        }),
      );
    }
  });

  it('after any change between pages, repeats no item and skips none that was there before and after', () => {
    for (const spec of specs) {
      fc.assert(
        fc.property(
          items(spec),
          items(spec),
          fc.integer({ min: 1, max: 10 }),
          fc.integer({ min: 1, max: 5 }),
          (before, added, limit, changeAt) => {
            const paths = new Set(before.map((item) => item.path));
            const after = [
              ...before.filter((_, n) => n % 3 !== 1),
              ...added.filter((item) => !paths.has(item.path)),
            ];
            const pages = walk(
              spec,
              limit,
              (step) => (step < changeAt ? before : after),
              (step) => (step < changeAt ? 'v1' : 'v2'),
            );
            const seen = pages.flat().map((item) => item.path);
            expect(new Set(seen).size).toBe(seen.length);
            const kept = after.filter((item) => paths.has(item.path)).map((item) => item.path);
            expect(kept.filter((path) => !seen.includes(path))).toEqual([]);
          },
        ),
      );
    }
  });
});

describe('the order', () => {
  it('is total and puts missing values last in both directions', () => {
    fc.assert(
      fc.property(
        items(specs[2]!),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        (list, order) => {
          const sorted = [...list].sort(comparatorOf({ kind: 'date', order }));
          const firstMissing = sorted.findIndex((item) => item.value === null);
          if (firstMissing >= 0)
            expect(sorted.slice(firstMissing).every((item) => item.value === null)).toBe(true);
          for (let n = 1; n < sorted.length; n += 1)
            expect(comparatorOf({ kind: 'date', order })(sorted[n - 1]!, sorted[n]!)).toBeLessThan(
              0,
            );
        },
      ),
    );
  });

  it("compares paths as code points (git's byte order), not UTF-16 units", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(
          Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))),
        );
      }),
    );
    expect(compareCodePoints('\uE000', '😀')).toBeLessThan(0);
  });

  it('reads dates as instants and strings case-insensitively; other values are missing', () => {
    const date: SortSpec = { name: 'date', kind: 'date', order: 'asc' };
    const at = (frontmatter: Record<string, unknown>) =>
      sortValueOf(date, { path: 'p', slug: 's', frontmatter });
    expect(at({ date: '2024-02-14' })).toBe(Date.UTC(2024, 1, 14));
    expect(at({ date: '2024-02-14 10:00:00 +02:00' })).toBe(Date.UTC(2024, 1, 14, 8));
    expect([
      at({}),
      at({ date: 'soon' }),
      at({ date: 20240214 }),
      at({ date: '2025-02-30' }),
    ]).toEqual([null, null, null, null]);
    const title: SortSpec = { name: 'title', kind: 'string', order: 'asc' };
    const text = (value: unknown) =>
      sortValueOf(title, { path: 'p', slug: 's', frontmatter: { title: value } });
    expect([text('Éa'), text('E\u0301A'), text(2024), text(''), text(['a'])]).toEqual([
      'éa',
      'éa',
      '2024',
      null,
      null,
    ]);
  });
});

describe('cursors', () => {
  it('round-trip, and are refused for another list or when tampered with', () => {
    const cursor = {
      collection: 'posts',
      sort: 'date',
      order: 'desc' as const,
      q: 'a',
      version: 'v',
      offset: 3,
      value: 12,
      path: 'content/posts/a.md',
    };
    const text = encodeCursor(cursor);
    expect(decodeCursor(text, cursor)).toEqual(cursor);
    expect(() => decodeCursor(text, { ...cursor, sort: 'path' })).toThrow(
      /was made for another list/,
    );
    expect(() => decodeCursor(text, { ...cursor, q: null })).toThrow(/was made for another list/);
    expect(() => decodeCursor(text, { ...cursor, collection: 'pages' })).toThrow(
      /was made for another list/,
    );
    const forged = Buffer.from(
      JSON.stringify([1, 'posts', 'date', 'desc', 'a', 'v', -1, 12, 'x']),
    ).toString('base64url');
    expect(() => decodeCursor(forged, cursor)).toThrow(InvalidInputError);
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const error = (() => {
          try {
            decodeCursor(Buffer.from(junk).toString('base64url'), cursor);
          } catch (caught) {
            return caught;
          }
        })();
        expect(error).toBeInstanceOf(InvalidInputError);
      }),
    );
  });
});
