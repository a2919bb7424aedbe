import { describe, expect, it } from 'vitest';
import { conflictCount, mergeEdits, resolveMerge } from '../../../web/src/lib/edit-merge';

const base = {
  frontmatter: { title: 'Hello', tags: ['a', 'b'], draft: false },
  body: 'First line.\nSecond line.\nThird line.\nFourth line.\n',
};

describe('merging the edits on screen with the version a save met', () => {
  it('takes a title changed only here and a body line changed only there, asking nothing', () => {
    const mine = { ...base, frontmatter: { ...base.frontmatter, title: 'Hello, world' } };
    const theirs = { ...base, body: base.body.replace('Third line.', 'Third line, theirs.') };
    const merge = mergeEdits(base, mine, theirs);
    expect(conflictCount(merge)).toBe(0);
    expect(resolveMerge(merge, { fields: {}, body: {} })).toEqual({
      frontmatter: { title: 'Hello, world', tags: ['a', 'b'], draft: false },
      body: 'First line.\nSecond line.\nThird line, theirs.\nFourth line.\n',
    });
  });

  it('names the keys taken from their side only', () => {
    const mine = { ...base, frontmatter: { ...base.frontmatter, title: 'Mine' } };
    const theirs = { ...base, frontmatter: { ...base.frontmatter, draft: true } };
    const merge = mergeEdits(base, mine, theirs);
    expect(merge.takenFromTheirs).toEqual(['draft']);
    expect(merge.frontmatter).toEqual({ title: 'Mine', tags: ['a', 'b'], draft: true });
  });

  it('merges lists item by item and keeps a key one side removed removed', () => {
    const mine = { ...base, frontmatter: { title: 'Hello', tags: ['a', 'b', 'c'] } };
    const theirs = { ...base, frontmatter: { ...base.frontmatter, tags: ['z', 'a', 'b'] } };
    const merged = resolveMerge(mergeEdits(base, mine, theirs), { fields: {}, body: {} });
    expect(merged.frontmatter).toEqual({ title: 'Hello', tags: ['z', 'a', 'b', 'c'] });
  });

  it('leaves a field both changed differently to choose, per field, and applies the choice', () => {
    const mine = { ...base, frontmatter: { ...base.frontmatter, title: 'Mine', draft: true } };
    const theirs = { ...base, frontmatter: { ...base.frontmatter, title: 'Theirs' } };
    const merge = mergeEdits(base, mine, theirs);
    expect(merge.fieldConflicts).toEqual([
      { name: 'title', base: 'Hello', mine: 'Mine', theirs: 'Theirs' },
    ]);
    expect(conflictCount(merge)).toBe(1);
    const chosen = resolveMerge(merge, { fields: { title: 'theirs' }, body: {} });
    expect(chosen.frontmatter).toEqual({ title: 'Theirs', tags: ['a', 'b'], draft: true });
  });

  it('cuts the body into hunks: only the one both changed is a choice, the rest merges', () => {
    const mine = {
      ...base,
      body: 'First line, mine.\nSecond line.\nThird line.\nFourth line.\nA fifth line, mine.\n',
    };
    const theirs = {
      ...base,
      body: 'First line, theirs.\nSecond line.\nThird line, theirs.\nFourth line.\n',
    };
    const merge = mergeEdits(base, mine, theirs);
    expect(merge.body).toEqual([
      {
        settled: false,
        base: 'First line.\n',
        mine: 'First line, mine.\n',
        theirs: 'First line, theirs.\n',
        firstLine: 1,
      },
      {
        settled: true,
        text: 'Second line.\nThird line, theirs.\nFourth line.\nA fifth line, mine.\n',
      },
    ]);
    expect(resolveMerge(merge, { fields: {}, body: { 0: 'theirs' } }).body).toBe(
      'First line, theirs.\nSecond line.\nThird line, theirs.\nFourth line.\nA fifth line, mine.\n',
    );
    expect(resolveMerge(merge, { fields: {}, body: { 0: 'mine' } }).body).toBe(
      'First line, mine.\nSecond line.\nThird line, theirs.\nFourth line.\nA fifth line, mine.\n',
    );
  });

  it('takes the same change made on both sides once', () => {
    const same = { ...base, body: base.body.replace('Second', 'Both') };
    const merge = mergeEdits(base, same, same);
    expect(conflictCount(merge)).toBe(0);
    expect(resolveMerge(merge, { fields: {}, body: {} }).body).toBe(same.body);
  });
});
