import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';

/** Byte stability for the extension field types: an edit rewrites only the lines of the changed key. */
const file = [
  '---',
  'title: Hello',
  'summary: |',
  '  First line.',
  '  Second line.',
  'category: news # picked from a list',
  'topics:',
  '  - js',
  '  - go',
  'published: 2025-01-02T10:00:00+02:00',
  'layout: post',
  '---',
  '',
  'Body.',
  '',
].join('\n');

const edit = (change: Record<string, unknown>): string => {
  const { frontmatter, body } = parseMarkdown(file);
  return serializeMarkdown(file, { ...frontmatter, ...change }, body);
};

describe('frontmatter edits of the extension field types', () => {
  it('reads a block scalar, a list, a date-time with offset as text', () => {
    expect(parseMarkdown(file).frontmatter).toEqual({
      title: 'Hello',
      summary: 'First line.\nSecond line.\n',
      category: 'news',
      topics: ['js', 'go'],
      published: '2025-01-02T10:00:00+02:00',
      layout: 'post',
    });
  });

  it('writes nothing different when nothing changed', () => {
    expect(edit({})).toBe(file);
  });

  it('a multi-line text edit rewrites only its block scalar', () => {
    expect(edit({ summary: 'First line.\nA new second line.\nAnd a third.\n' })).toBe(
      file.replace('  Second line.\n', '  A new second line.\n  And a third.\n'),
    );
  });

  it('a multiple select edit rewrites only its list', () => {
    expect(edit({ topics: ['go'] })).toBe(
      file.replace('topics:\n  - js\n  - go\n', 'topics:\n  - go\n'),
    );
  });

  it('a single select and a date-time edit rewrite only their lines', () => {
    expect(edit({ category: 'guides' })).toBe(
      file.replace('category: news # picked from a list', 'category: guides # picked from a list'),
    );
    expect(edit({ published: '2025-03-04T05:06:07-05:00' })).toBe(
      file.replace('2025-01-02T10:00:00+02:00', '2025-03-04T05:06:07-05:00'),
    );
  });
});
