import { describe, expect, it } from 'vitest';
import { merge3Text } from '../../../shared/content/diff3';
import { matchLines, maxEditDistance, splitLines } from '../../../shared/content/line-diff';

const lines = (...items: string[]) => items.map((item) => `${item}\n`).join('');

/** Checks that `matches` pairs equal lines, in increasing order, as many as a longest common subsequence. */
function expectLcs(a: string[], b: string[], expectedLength: number) {
  const matches = matchLines(a, b);
  let last = -1;
  let count = 0;
  matches.forEach((j, i) => {
    if (j < 0) return;
    expect(a[i]).toBe(b[j]);
    expect(j).toBeGreaterThan(last);
    last = j;
    count++;
  });
  expect(count).toBe(expectedLength);
}

describe('line diff', () => {
  it('splits lines keeping their line breaks', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a')).toEqual(['a']);
    expect(splitLines('a\nb')).toEqual(['a\n', 'b']);
    expect(splitLines('a\r\n\nb\n')).toEqual(['a\r\n', '\n', 'b\n']);
  });

  it('finds a longest common subsequence', () => {
    expectLcs(['a', 'b', 'c', 'a', 'b', 'b', 'a'], ['c', 'b', 'a', 'b', 'a', 'c'], 4);
    expectLcs(['x', 'y', 'z'], ['x', 'y', 'z'], 3);
    expectLcs(['x', 'y', 'z'], [], 0);
    expectLcs([], ['x'], 0);
    expectLcs(['a', 'b', 'c'], ['d', 'e', 'f'], 0);
    expectLcs(['1', '2', '3', '4', '5', '6'], ['0', '1', '3', '4', 'x', '6', '7'], 4);
  });

  it('agrees with a dynamic-programming LCS on random texts', () => {
    // A small deterministic generator (mulberry32), so a failure always reproduces.
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const text = () =>
      Array.from({ length: Math.floor(random() * 30) }, () => 'abcd'[Math.floor(random() * 4)]!);
    const lcsLength = (a: string[], b: string[]) => {
      const table = Array.from({ length: a.length + 1 }, () =>
        new Array<number>(b.length + 1).fill(0),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++)
          table[i]![j] =
            a[i - 1] === b[j - 1]
              ? table[i - 1]![j - 1]! + 1
              : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
      }
      return table[a.length]![b.length]!;
    };
    for (let run = 0; run < 300; run++) {
      const [a, b] = [text(), text()];
      expectLcs(a, b, lcsLength(a, b));
    }
  });

  it('stays correct on long texts that differ everywhere', () => {
    const a = Array.from({ length: maxEditDistance * 2 }, (_, i) => `a${i}`);
    const b = Array.from({ length: maxEditDistance * 2 }, (_, i) => `b${i}`);
    expectLcs(['same', ...a, 'end'], ['same', ...b, 'end'], 2);
  });
});

describe('merge3Text', () => {
  const base = lines('one', 'two', 'three', 'four', 'five', 'six', 'seven');

  it('merges edits to lines apart from each other', () => {
    const ours = lines('ONE', 'two', 'three', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'three', 'four', 'five', 'six', 'SEVEN');
    expect(merge3Text(base, ours, theirs)).toEqual({
      ok: true,
      text: lines('ONE', 'two', 'three', 'four', 'five', 'six', 'SEVEN'),
    });
  });

  it('merges an insertion on one side with a deletion on the other', () => {
    const ours = lines('one', 'two', 'inserted', 'three', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'three', 'four', 'six', 'seven');
    expect(merge3Text(base, ours, theirs)).toEqual({
      ok: true,
      text: lines('one', 'two', 'inserted', 'three', 'four', 'six', 'seven'),
    });
  });

  it('takes an identical change on both sides once', () => {
    const both = lines('one', 'two', 'THREE', 'four', 'five', 'six', 'seven');
    expect(merge3Text(base, both, both)).toEqual({ ok: true, text: both });
    const ours = lines('zero', 'one', 'two', 'THREE', 'four', 'five', 'six', 'seven');
    expect(merge3Text(base, ours, both)).toEqual({ ok: true, text: ours });
  });

  it('conflicts on different edits of the same line', () => {
    const ours = lines('one', 'two', 'three (ours)', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'three (theirs)', 'four', 'five', 'six', 'seven');
    expect(merge3Text(base, ours, theirs)).toEqual({ ok: false, conflicts: 1 });
  });

  it('conflicts on edits of adjacent lines, as git does', () => {
    const ours = lines('one', 'two', 'THREE', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'three', 'FOUR', 'five', 'six', 'seven');
    expect(merge3Text(base, ours, theirs).ok).toBe(false);
  });

  it('conflicts on different insertions at the same place', () => {
    const ours = lines('one', 'two', 'ours', 'three', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'theirs', 'three', 'four', 'five', 'six', 'seven');
    expect(merge3Text(base, ours, theirs).ok).toBe(false);
  });

  it('counts each conflicting region', () => {
    const ours = lines('1', 'two', 'three', 'four', 'five', 'six', '7');
    const theirs = lines('uno', 'two', 'three', 'four', 'five', 'six', 'siete');
    expect(merge3Text(base, ours, theirs)).toEqual({ ok: false, conflicts: 2 });
  });

  it('conflicts when one side deletes a line the other edits', () => {
    const ours = lines('one', 'two', 'four', 'five', 'six', 'seven');
    const theirs = lines('one', 'two', 'THREE', 'four', 'five', 'six', 'seven');
    expect(merge3Text(base, ours, theirs).ok).toBe(false);
  });

  it('returns one side when the other did not change', () => {
    const ours = lines('changed');
    expect(merge3Text(base, ours, base)).toEqual({ ok: true, text: ours });
    expect(merge3Text(base, base, ours)).toEqual({ ok: true, text: ours });
  });

  it('merges from an empty base only when one side is empty or both agree', () => {
    expect(merge3Text('', 'a\n', '')).toEqual({ ok: true, text: 'a\n' });
    expect(merge3Text('', 'a\n', 'a\n')).toEqual({ ok: true, text: 'a\n' });
    expect(merge3Text('', 'a\n', 'b\n').ok).toBe(false);
  });

  it('keeps CRLF lines and a last line without line break', () => {
    const crlfBase = 'a\r\nb\r\nc\r\nd\r\ne';
    const ours = 'A\r\nb\r\nc\r\nd\r\ne';
    const theirs = 'a\r\nb\r\nc\r\nd\r\nE';
    expect(merge3Text(crlfBase, ours, theirs)).toEqual({ ok: true, text: 'A\r\nb\r\nc\r\nd\r\nE' });
  });
});
