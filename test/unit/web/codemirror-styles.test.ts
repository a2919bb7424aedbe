import { describe, expect, it } from 'vitest';
import { mergeModules } from '../../../web/src/lib/codemirror-styles';

describe('the order CodeMirror style modules are kept in', () => {
  it('adds new modules after the one asked before them, and leaves the list alone when nothing is new', () => {
    const mounted: string[] = [];
    expect(mergeModules(mounted, ['theme', 'base'])).toBe(true);
    expect(mounted).toEqual(['theme', 'base']);
    expect(mergeModules(mounted, ['theme', 'highlight', 'base'])).toBe(true);
    expect(mounted).toEqual(['theme', 'highlight', 'base']);
    expect(mergeModules(mounted, ['theme', 'base'])).toBe(false);
    expect(mergeModules(mounted, ['highlight'])).toBe(false);
    expect(mounted).toEqual(['theme', 'highlight', 'base']);
  });

  it('moves a module asked for after one it stood ahead of, so later modules take precedence', () => {
    const mounted = ['a', 'b', 'c'];
    expect(mergeModules(mounted, ['c', 'a'])).toBe(true);
    expect(mounted).toEqual(['b', 'c', 'a']);
  });
});
