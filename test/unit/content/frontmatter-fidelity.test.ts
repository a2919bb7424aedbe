import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';

const corpusDir = fileURLToPath(new URL('../../fixtures/content/fidelity/', import.meta.url));
const files = readdirSync(corpusDir)
  .filter((name) => name.endsWith('.md'))
  .sort();

/** Every fixture as stored (LF) and converted to CRLF line endings. */
const corpus = files.flatMap((file) => {
  const text = readFileSync(corpusDir + file, 'utf8');
  return [
    { name: `${file} (LF)`, file, text },
    { name: `${file} (CRLF)`, file, text: text.replace(/\r?\n/g, '\r\n') },
  ];
});

/** Pairs whose values are aliased elsewhere: editing one rewrites the other with its value spelled out. */
const linked: Record<string, Record<string, string>> = {
  'anchors.md': { defaults: 'page', author: 'reviewer' },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line range of a top-level key: its line up to the next line that starts in column 0, other
 * than the `- item` lines of a sequence written without indentation.
 */
function pairLines(lines: string[], key: string): { start: number; end: number } {
  const keyLine = new RegExp(`^(?:&\\S+ )?["']?${escapeRegExp(key)}["']?[ \\t]*:`);
  const start = lines.findIndex((line) => keyLine.test(line));
  expect(start, `line of key ${key}`).toBeGreaterThanOrEqual(0);
  let end = start + 1;
  while (end < lines.length && (!/^\S/.test(lines[end]!) || /^-(?:[ \t]|\r?$)/.test(lines[end]!)))
    end++;
  return { start, end };
}

/** Lines that differ between two texts, after removing the common leading and trailing lines. */
function changedRegion(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return {
    start: head,
    removed: a.slice(head, a.length - tail),
    added: b.slice(head, b.length - tail),
    lines: a,
  };
}

/** A different value of the same kind. */
function edited(value: unknown): unknown {
  if (typeof value === 'string')
    return value.includes('\n') ? `${value}one more line\n` : `${value} (edited)`;
  if (typeof value === 'number') return Number.isFinite(value) ? value + 1 : 0;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 'now set';
  if (Array.isArray(value)) return [...value, 'added'];
  return { ...(value as object), added: 'value' };
}

describe('frontmatter fidelity corpus', () => {
  it('holds the expected files', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
  });

  describe.each(corpus)('$name', ({ file, text }) => {
    const parsed = parseMarkdown(text);
    const keys = Object.keys(parsed.frontmatter);

    it('writes back byte-identical when nothing changed', () => {
      expect(serializeMarkdown(text, parsed.frontmatter, parsed.body)).toBe(text);
    });

    it('keeps the body exactly as read', () => {
      expect(text.endsWith(parsed.body)).toBe(true);
    });

    it.each(keys)('changing %s leaves every other line byte-identical', (key) => {
      // Prepare
      const next = { ...parsed.frontmatter, [key]: edited(parsed.frontmatter[key]) };
      // Act
      const out = serializeMarkdown(text, next, parsed.body);
      // Assess
      expect(parseMarkdown(out)).toEqual({ frontmatter: next, body: parsed.body });
      const region = changedRegion(text, out);
      const own = pairLines(region.lines, key);
      const partner = linked[file]?.[key];
      const end = partner ? pairLines(region.lines, partner).end : own.end;
      expect(region.removed.length + region.added.length).toBeGreaterThan(0);
      expect(region.start).toBeGreaterThanOrEqual(own.start);
      expect(region.start + region.removed.length).toBeLessThanOrEqual(end);
    });

    it.each(keys)('removing %s removes only its lines', (key) => {
      const { [key]: _removed, ...next } = parsed.frontmatter;
      const out = serializeMarkdown(text, next, parsed.body);
      expect(parseMarkdown(out)).toEqual({ frontmatter: next, body: parsed.body });
      const region = changedRegion(text, out);
      const own = pairLines(region.lines, key);
      const partner = linked[file]?.[key];
      const end = partner ? pairLines(region.lines, partner).end : own.end;
      expect(region.start).toBeGreaterThanOrEqual(own.start);
      expect(region.start + region.removed.length).toBeLessThanOrEqual(end);
      if (!partner) expect(region.added).toEqual([]);
    });

    it('appends a new key at the end of the block and changes nothing else', () => {
      const next = { ...parsed.frontmatter, addedByCms: 'new value' };
      const out = serializeMarkdown(text, next, parsed.body);
      expect(parseMarkdown(out)).toEqual({ frontmatter: next, body: parsed.body });
      const region = changedRegion(text, out);
      expect(region.added.some((line) => line.startsWith('addedByCms: new value'))).toBe(true);
      if (text.replace(/^\uFEFF/, '').startsWith('---')) {
        // Inserted right before the closing delimiter; no original line is touched.
        expect(region.removed).toEqual([]);
        expect(region.lines[region.start]).toMatch(/^(?:---|\.\.\.)/);
      } else {
        expect(out.endsWith(text)).toBe(true);
      }
    });

    it('replaces the body and nothing else', () => {
      const head = text.slice(0, text.length - parsed.body.length);
      // A file that ended on its closing `---` gets a line break before the new body.
      const lineBreak =
        head === '' || head.endsWith('\n') ? '' : text.includes('\r\n') ? '\r\n' : '\n';
      const out = serializeMarkdown(text, parsed.frontmatter, 'New body\n');
      expect(out).toBe(head + lineBreak + 'New body\n');
      expect(parseMarkdown(out)).toEqual({ frontmatter: parsed.frontmatter, body: 'New body\n' });
    });
  });
});

describe('values read from the corpus', () => {
  const read = (file: string) => parseMarkdown(readFileSync(corpusDir + file, 'utf8')).frontmatter;

  it('reads numbers that JSON cannot carry faithfully as the string written', () => {
    expect(read('numbers.md')).toEqual({
      title: 'Numbers',
      zip: '01234',
      agent: '007',
      octal: 15,
      hex: 31,
      exponent: 1000,
      fixed: 1.5,
      negative: -12,
      plus: 12,
      zero: 0,
      big: '12345678901234567890',
      infinity: '.inf',
      not_a_number: '.nan',
      weight: 10,
    });
  });

  it('reads dates and date-times as the text written', () => {
    expect(read('dates.md')).toMatchObject({
      date: '2025-01-31',
      datetime_utc: '2025-01-31T10:20:30Z',
      datetime_offset: '2025-01-31T10:20:30+02:00',
      jekyll_date: '2025-01-31 10:20:30 -0500',
      fractional: '2025-01-31T10:20:30.123456Z',
      quoted_date: '2025-01-31',
      lastmod: '2024-02-29',
    });
  });

  it('reads yes, no, on, off, y and n as strings (YAML 1.2) and True/FALSE as booleans', () => {
    expect(read('yaml11-words.md')).toEqual({
      title: 'YAML 1.1 words',
      answer: 'yes',
      negative: 'no',
      switch: 'on',
      other_switch: 'off',
      letter_y: 'y',
      letter_n: 'n',
      capital: true,
      shouty: false,
      tilde: null,
      null_word: null,
      Yes: 'capitalised key',
    });
  });

  it('reads block scalars with their chomping and indentation', () => {
    expect(read('block-scalars.md')).toMatchObject({
      literal: 'First line\n  indented line\nLast line\n',
      literal_strip: 'no trailing newline',
      literal_keep: 'keeps trailing blank lines\n\n',
      folded: 'folded text that continues here\nnew paragraph\n',
      folded_strip: 'folded without final newline',
      indicator: '  starts with spaces\n',
      after: 'value after block scalars',
    });
  });

  it('resolves aliases to the anchored values', () => {
    expect(read('anchors.md')).toEqual({
      title: 'Anchors and aliases',
      defaults: { layout: 'post', comments: true },
      page: { layout: 'post', comments: true },
      author: 'Ada Lovelace',
      reviewer: 'Ada Lovelace',
    });
  });

  it('reads quoted strings with their escapes', () => {
    expect(read('quoted-strings.md')).toMatchObject({
      title: 'Double "quoted" title with a \\ backslash',
      subtitle: "It's single-quoted",
      escaped: 'café \t tab',
      hash: 'not # a comment',
      empty_double: '',
      empty_single: '',
      url: 'https://example.com/path?q=1#fragment',
      spaces: '  padded  ',
    });
  });

  it('reads a block after a byte order mark, a block closed by "...", and unicode keys and values', () => {
    expect(read('bom.md')).toEqual({ title: 'Byte order mark', author: 'Ada' });
    expect(read('dots-close.md')).toEqual({ title: 'Closed with dots', author: 'Ada' });
    expect(read('unicode.md')).toMatchObject({
      emoji: '🎉 party 🥳',
      clé: 'accented key',
      math: '𝔸𝔹ℂ',
    });
  });
});
