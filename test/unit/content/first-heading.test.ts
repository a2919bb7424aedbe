import { describe, expect, it } from 'vitest';
import { firstHeadingOf, maxHeadingLength } from '../../../shared/content/first-heading';
import { parsedOfText } from '../../../shared/content/parsed-file';

describe("a body's first heading, as a list names an untitled item", () => {
  it('is the first ATX or setext heading, its markup dropped and its spaces collapsed', () => {
    expect(firstHeadingOf('Intro.\n\n## Hello *world* `x` [link](/a)\n\n# Later\n')).toBe(
      'Hello world x link',
    );
    expect(firstHeadingOf('Setext   title\n===\n')).toBe('Setext title');
    expect(firstHeadingOf('Second level\n---\n\ntext')).toBe('Second level');
    expect(firstHeadingOf('# ![Logo](/logo.png) Docs\n')).toBe('Logo Docs');
    expect(firstHeadingOf('# Fish \\& chips &amp; more\n')).toBe('Fish & chips & more');
  });

  it('is none in code, in raw HTML, for a bare # or a thematic break, or without a heading', () => {
    expect(firstHeadingOf('```\n# not a heading\n```\n')).toBeUndefined();
    expect(firstHeadingOf('    # indented code\n')).toBeUndefined();
    expect(firstHeadingOf('<h1>raw</h1>\n')).toBeUndefined();
    expect(firstHeadingOf('#\n\n---\n\ntext\n')).toBeUndefined();
    expect(firstHeadingOf('#hashtag is no heading\n')).toBeUndefined();
    expect(firstHeadingOf('Just text.\n')).toBeUndefined();
  });

  it('is cut at 200 characters, never inside a character', () => {
    const long = '😀'.repeat(250);
    const heading = firstHeadingOf(`# ${long}\n`)!;
    expect([...heading]).toHaveLength(maxHeadingLength);
    expect(heading).toBe('😀'.repeat(200));
  });

  it('is kept with a parse only when the frontmatter has no title', () => {
    expect(parsedOfText('---\ndate: 2024-01-01\n---\n# Hello\n')).toEqual({
      frontmatter: { date: '2024-01-01' },
      heading: 'Hello',
    });
    expect(parsedOfText('---\ntitle: Titled\n---\n# Hello\n')).toEqual({
      frontmatter: { title: 'Titled' },
    });
    expect(parsedOfText('---\ntitle: "  "\n---\n# Hello\n')).toMatchObject({ heading: 'Hello' });
  });
});
