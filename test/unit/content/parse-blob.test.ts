import { describe, expect, it } from 'vitest';
import { parseBlob, parseFile } from '../../../shared/content/parsed-file';

/** An item opened again is not parsed again, and no caller can change what the next one gets. */

const text = '---\ntitle: Hello\ntags:\n  - a\n  - b\n---\nBody\n';

describe('parsing a blob once', () => {
  it('answers what parseFile answers, the same record for the same blob sha', () => {
    const first = parseBlob('1'.repeat(40), text);
    expect(first).toEqual(parseFile(text));
    expect(parseBlob('1'.repeat(40), text)).toBe(first);
  });

  it('hands out a frozen record: changing it throws instead of changing the next answer', () => {
    const parsed = parseBlob('2'.repeat(40), text);
    expect(() => {
      (parsed.frontmatter.tags as string[]).push('c');
    }).toThrow(TypeError);
    expect(() => {
      parsed.frontmatter.title = 'Changed';
    }).toThrow(TypeError);
    expect(parseBlob('2'.repeat(40), text).frontmatter).toEqual({
      title: 'Hello',
      tags: ['a', 'b'],
    });
  });

  it('does not keep a very large text', () => {
    const large = `---\ntitle: Big\n---\n${'x'.repeat(300 * 1024)}\n`;
    const parsed = parseBlob('3'.repeat(40), large);
    expect(parseBlob('3'.repeat(40), large)).not.toBe(parsed);
    expect(Object.isFrozen(parsed)).toBe(false);
  });
});
