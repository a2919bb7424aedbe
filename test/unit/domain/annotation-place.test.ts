import { describe, expect, it } from 'vitest';
import { placeOfLine } from '../../../shared/pulls/annotation-place';

const yaml = [
  '---', // 1
  'title: Hello', // 2
  'seo:', // 3
  '  title: Search me', // 4
  'tags:', // 5
  '  - a', // 6
  '---', // 7
  '', // 8
  'Body text.', // 9
].join('\n');

describe("the field an annotation's line falls on", () => {
  it('places a YAML line at its top-level field, a nested value at the field that holds it', () => {
    expect(placeOfLine(yaml, 2)).toEqual({ field: 'title' });
    expect(placeOfLine(yaml, 4)).toEqual({ field: 'seo' });
    expect(placeOfLine(yaml, 6)).toEqual({ field: 'tags' });
  });

  it('places a line after the block in the body, and the delimiters and past the end nowhere', () => {
    expect(placeOfLine(yaml, 9)).toEqual({ inBody: true });
    expect(placeOfLine(yaml, 1)).toEqual({});
    expect(placeOfLine(yaml, 7)).toEqual({});
    expect(placeOfLine(yaml, 40)).toEqual({});
  });

  it('places TOML keys, and nothing in a frontmatter that does not parse', () => {
    const toml = '+++\ntitle = "Hello"\ndate = 2024-01-01\n+++\nBody\n';
    expect(placeOfLine(toml, 3)).toEqual({ field: 'date' });
    expect(placeOfLine(toml, 5)).toEqual({ inBody: true });
    expect(placeOfLine('---\ntitle: [unclosed\n---\nBody\n', 2)).toEqual({});
  });
});
