import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../../shared/content/deep-equal';
import { merge3Text } from '../../../shared/content/diff3';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';
import { mergeMarkdown } from '../../../shared/content/three-way-merge';
import { body, fieldName, scalarValue, styledFile } from './frontmatter-arbitraries';

const runs = { numRuns: 100 };

/** Texts from few distinct lines, so that the sides often touch the same ones. */
const lines = fc
  .array(fc.constantFrom('a', 'b', 'c', 'd', '', '# title'), { maxLength: 8 })
  .map((list) => list.map((line) => `${line}\n`).join(''));

/** A run of lines replacing a region on one side: `side` keeps them apart from base and the other side. */
const edit = (side: string) =>
  fc.array(fc.nat(99), { maxLength: 3 }).map((ids) => ids.map((id) => `${side} ${id}`));

describe('three-way merge of lines (properties)', () => {
  it('merging identical sides gives that side; a change on one side only wins', () => {
    fc.assert(
      fc.property(lines, lines, (base, side) => {
        expect(merge3Text(base, side, side)).toEqual({ ok: true, text: side });
        expect(merge3Text(base, base, side)).toEqual({ ok: true, text: side });
        expect(merge3Text(base, side, base)).toEqual({ ok: true, text: side });
      }),
      runs,
    );
  });

  it('is symmetric: swapping the sides changes neither the result nor the conflicts', () => {
    fc.assert(
      fc.property(lines, lines, lines, (base, ours, theirs) => {
        expect(merge3Text(base, ours, theirs)).toEqual(merge3Text(base, theirs, ours));
      }),
      { numRuns: 500 },
    );
  });

  it('merges edits on either side of an unchanged line', () => {
    const setup = fc.integer({ min: 3, max: 9 }).chain((size) =>
      fc.record({
        size: fc.constant(size),
        split: fc.integer({ min: 1, max: size - 2 }),
        oursStart: fc.nat(),
        theirsStart: fc.nat(),
        oursLines: edit('ours'),
        theirsLines: edit('theirs'),
        oursCut: fc.nat(2),
        theirsCut: fc.nat(2),
      }),
    );
    fc.assert(
      fc.property(
        setup,
        ({ size, split, oursStart, theirsStart, oursLines, theirsLines, oursCut, theirsCut }) => {
          const base = Array.from({ length: size }, (_, n) => `line ${n}`);
          // Ours edits a region of base[0, split), theirs one of base(split, size): base[split] stays between them.
          const [oFrom, tFrom] = [
            oursStart % split,
            split + 1 + (theirsStart % (size - split - 1)),
          ];
          const [oTo, tTo] = [Math.min(split, oFrom + oursCut), Math.min(size, tFrom + theirsCut)];
          const ours = [...base.slice(0, oFrom), ...oursLines, ...base.slice(oTo)];
          const theirs = [...base.slice(0, tFrom), ...theirsLines, ...base.slice(tTo)];
          const expected = [
            ...base.slice(0, oFrom),
            ...oursLines,
            ...base.slice(oTo, tFrom),
            ...theirsLines,
            ...base.slice(tTo),
          ];
          const text = (list: string[]) => list.map((line) => `${line}\n`).join('');
          expect(merge3Text(text(base), text(ours), text(theirs))).toEqual({
            ok: true,
            text: text(expected),
          });
        },
      ),
      runs,
    );
  });
});

describe('three-way merge of markdown files (properties)', () => {
  it('merging identical sides gives that file byte for byte; so does a change on their side only', () => {
    fc.assert(
      fc.property(styledFile, styledFile, (base, side) => {
        expect(mergeMarkdown(base.text, side.text, side.text)).toEqual({
          ok: true,
          text: side.text,
        });
        expect(mergeMarkdown(base.text, base.text, side.text)).toEqual({
          ok: true,
          text: side.text,
        });
      }),
      runs,
    );
  });

  it("a change on the draft's side only wins, written over the default branch's formatting", () => {
    fc.assert(
      fc.property(styledFile, styledFile, (base, ours) => {
        const merged = mergeMarkdown(base.text, ours.text, base.text);
        expect(merged.ok).toBe(true);
        if (merged.ok) expect(parseMarkdown(merged.text)).toEqual(parseMarkdown(ours.text));
      }),
      runs,
    );
  });

  it('conflicts exactly on the keys both sides changed differently, whichever side is which', () => {
    const values = fc.dictionary(fieldName, scalarValue, { minKeys: 1, maxKeys: 5 });
    const change = (base: Record<string, unknown>) =>
      fc
        .record({
          set: fc.dictionary(fc.constantFrom(...Object.keys(base), 'added'), scalarValue, {
            maxKeys: 3,
          }),
          drop: fc.subarray(Object.keys(base), { maxLength: 1 }),
        })
        .map(({ set, drop }) => {
          const next: Record<string, unknown> = { ...base, ...set };
          for (const key of drop) delete next[key];
          return next;
        });
    fc.assert(
      fc.property(
        values.chain((base) => fc.tuple(fc.constant(base), change(base), change(base), body)),
        ([base, ours, theirs, text]) => {
          const file = (values: Record<string, unknown>) =>
            serializeMarkdown(undefined, values, text);
          const value = (values: Record<string, unknown>, key: string) =>
            Object.hasOwn(values, key) ? values[key] : undefined;
          const keys = [
            ...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]),
          ];
          const expected = keys.filter(
            (key) =>
              !deepEqual(value(ours, key), value(base, key)) &&
              !deepEqual(value(theirs, key), value(base, key)) &&
              !deepEqual(value(ours, key), value(theirs, key)),
          );
          const [one, other] = [
            mergeMarkdown(file(base), file(ours), file(theirs)),
            mergeMarkdown(file(base), file(theirs), file(ours)),
          ];
          const conflicts = (result: typeof one) => (result.ok ? [] : [...result.conflicts].sort());
          expect(conflicts(one)).toEqual([...expected].sort());
          expect(conflicts(other)).toEqual([...expected].sort());
          if (one.ok && other.ok)
            expect(parseMarkdown(one.text)).toEqual(parseMarkdown(other.text));
        },
      ),
      runs,
    );
  });
});
