import { describe, expect, it } from 'vitest';
import { valueChanges } from '../../../shared/content/value-diff';

describe('valueChanges: what changed inside a frontmatter value', () => {
  it('walks into objects, naming each changed key by its path', () => {
    expect(
      valueChanges(
        { title: 'A', description: 'd', extra: 1 },
        { title: 'B', description: 'd', image: '/i.png' },
      ),
    ).toEqual([
      { path: 'title', oldValue: 'A', newValue: 'B' },
      { path: 'extra', oldValue: 1 },
      { path: 'image', newValue: '/i.png' },
    ]);
  });

  it('aligns list items on the unchanged ones, so an insertion at the top is one added item', () => {
    const links = [{ label: 'a' }, { label: 'b' }];
    expect(valueChanges(links, [{ label: 'new' }, ...links])).toEqual([
      { path: '[0]', newValue: { label: 'new' } },
    ]);
    expect(valueChanges(links, [links[1]])).toEqual([{ path: '[0]', oldValue: { label: 'a' } }]);
  });

  it('names a changed item inside a list by its position and key', () => {
    const before = {
      links: [
        { label: 'a', url: '/a' },
        { label: 'b', url: '/b' },
        { label: 'c', url: '/c' },
      ],
    };
    const after = {
      links: [
        { label: 'a', url: '/a' },
        { label: 'b', url: '/b' },
        { label: 'c', url: '/see' },
      ],
    };
    expect(valueChanges(before, after)).toEqual([
      { path: 'links[2].url', oldValue: '/c', newValue: '/see' },
    ]);
  });

  it('reports a change of shape as one change, and nothing for equal values', () => {
    expect(valueChanges('a', ['a'], 'tags')).toEqual([
      { path: 'tags', oldValue: 'a', newValue: ['a'] },
    ]);
    expect(valueChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('shows a reorder as the moved item removed and added', () => {
    expect(valueChanges(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { path: '[0]', newValue: 'c' },
      { path: '[2]', oldValue: 'c' },
    ]);
  });
});
