import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../shared/content/frontmatter';
import { mergeMarkdown } from '../../../shared/content/three-way-merge';

const file = (frontmatter: string[], body: string[]) =>
  ['---', ...frontmatter, '---', ...body, ''].join('\n');

const paragraphs = [
  '# Title',
  '',
  'First paragraph.',
  '',
  'Second paragraph.',
  '',
  'Third paragraph.',
];
const base = file(['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'], paragraphs);

describe('mergeMarkdown', () => {
  it('takes frontmatter changes made on one side only', () => {
    const ours = file(
      ['title: Hello draft', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      paragraphs,
    );
    const theirs = file(
      ['title: Hello', 'date: 2025-02-01', 'tags: [a, b]', 'draft: true'],
      paragraphs,
    );
    const result = mergeMarkdown(base, ours, theirs);
    expect(result).toEqual({
      ok: true,
      text: file(
        ['title: Hello draft', 'date: 2025-02-01', 'tags: [a, b]', 'draft: true'],
        paragraphs,
      ),
    });
  });

  it('accepts the same change on both sides', () => {
    const both = file(
      ['title: Same new title', 'date: 2025-01-31', 'tags: [a, b, c]', 'draft: true'],
      paragraphs,
    );
    expect(mergeMarkdown(base, both, both)).toEqual({ ok: true, text: both });
  });

  it('compares lists and mappings by value, not by how they are written', () => {
    const ours = file(
      ['title: Hello', 'date: 2025-01-31', 'tags:', '  - a', '  - b', 'draft: false'],
      paragraphs,
    );
    const theirs = file(
      ['title: Hello!', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      paragraphs,
    );
    const result = mergeMarkdown(base, ours, theirs);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(parseMarkdown(result.text).frontmatter).toEqual({
        title: 'Hello!',
        date: '2025-01-31',
        tags: ['a', 'b'],
        draft: false,
      });
  });

  it('deletes a key deleted on one side and unchanged on the other', () => {
    const ours = file(['title: Hello', 'date: 2025-01-31', 'tags: [a, b]'], paragraphs);
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true', 'weight: 2'],
      paragraphs,
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({
      ok: true,
      text: file(['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'weight: 2'], paragraphs),
    });
  });

  it("adds keys added on either side; the draft's new keys come last", () => {
    const ours = file(
      [
        'title: Hello',
        'date: 2025-01-31',
        'tags: [a, b]',
        'draft: true',
        'summary: From the draft',
      ],
      paragraphs,
    );
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true', 'layout: post'],
      paragraphs,
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({
      ok: true,
      text: file(
        [
          'title: Hello',
          'date: 2025-01-31',
          'tags: [a, b]',
          'draft: true',
          'layout: post',
          'summary: From the draft',
        ],
        paragraphs,
      ),
    });
  });

  it('names every field changed differently on both sides', () => {
    const ours = file(['title: Ours', 'date: 2025-01-31', 'tags: [a]', 'draft: false'], paragraphs);
    const theirs = file(
      ['title: Theirs', 'date: 2025-01-31', 'tags: [b]', 'draft: false'],
      paragraphs,
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({
      ok: false,
      conflicts: ['title', 'tags'],
      paths: ['title', 'tags[0]'],
    });
  });

  it('conflicts when one side deletes a key the other changes', () => {
    const ours = file(['title: Hello', 'date: 2025-01-31', 'tags: [a, b]'], paragraphs);
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: false'],
      paragraphs,
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({ ok: false, conflicts: ['draft'] });
  });

  it('merges body edits that do not overlap', () => {
    const ours = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      [
        '# Title',
        '',
        'First paragraph, edited in the draft.',
        '',
        'Second paragraph.',
        '',
        'Third paragraph.',
      ],
    );
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      [
        '# Title',
        '',
        'First paragraph.',
        '',
        'Second paragraph.',
        '',
        'Third paragraph, fixed on main.',
      ],
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({
      ok: true,
      text: file(
        ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
        [
          '# Title',
          '',
          'First paragraph, edited in the draft.',
          '',
          'Second paragraph.',
          '',
          'Third paragraph, fixed on main.',
        ],
      ),
    });
  });

  it('reports overlapping body edits as a body conflict, after the field conflicts', () => {
    const ours = file(
      ['title: Ours', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      ['# Title', '', 'Draft wording.', '', 'Second paragraph.', '', 'Third paragraph.'],
    );
    const theirs = file(
      ['title: Theirs', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      ['# Title', '', 'Main wording.', '', 'Second paragraph.', '', 'Third paragraph.'],
    );
    expect(mergeMarkdown(base, ours, theirs)).toEqual({ ok: false, conflicts: ['title', 'body'] });
  });

  it('merges frontmatter and body changes from both sides at once', () => {
    const ours = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b, draft-tag]', 'draft: true'],
      ['# Title', '', 'First paragraph.', '', 'Second paragraph, draft.', '', 'Third paragraph.'],
    );
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: false'],
      ['# New title', '', 'First paragraph.', '', 'Second paragraph.', '', 'Third paragraph.'],
    );
    const result = mergeMarkdown(base, ours, theirs);
    expect(result).toEqual({
      ok: true,
      text: file(
        ['title: Hello', 'date: 2025-01-31', 'tags: [a, b, draft-tag]', 'draft: false'],
        [
          '# New title',
          '',
          'First paragraph.',
          '',
          'Second paragraph, draft.',
          '',
          'Third paragraph.',
        ],
      ),
    });
  });

  it("keeps the default branch's formatting of the fields the draft did not change", () => {
    const baseText = file(['title: Hello', 'zip: 01234', 'note: plain'], ['Body']);
    const ours = file(['title: "Hello from the draft"', 'zip: 01234', 'note: plain'], ['Body']);
    const theirs = file(
      ['# reviewed', "title:   'Hello'", 'zip: 01234   # keep as text', 'note: >-', '  plain'],
      ['Body'],
    );
    expect(mergeMarkdown(baseText, ours, theirs)).toEqual({
      ok: true,
      text: file(
        [
          '# reviewed',
          "title:   'Hello from the draft'",
          'zip: 01234   # keep as text',
          'note: >-',
          '  plain',
        ],
        ['Body'],
      ),
    });
  });

  it('merges a file both sides added when they agree or touch different keys', () => {
    const ours = file(['title: New', 'author: Ada'], ['Same body']);
    const theirs = file(['title: New', 'layout: post'], ['Same body']);
    expect(mergeMarkdown(undefined, ours, theirs)).toEqual({
      ok: true,
      text: file(['title: New', 'layout: post', 'author: Ada'], ['Same body']),
    });
    expect(mergeMarkdown(undefined, file(['title: A'], ['x']), file(['title: B'], ['y']))).toEqual({
      ok: false,
      conflicts: ['title', 'body'],
    });
  });

  it('keeps CRLF line endings of the default branch', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const ours = file(
      ['title: Draft', 'date: 2025-01-31', 'tags: [a, b]', 'draft: true'],
      paragraphs,
    );
    const theirs = file(
      ['title: Hello', 'date: 2025-01-31', 'tags: [a, b]', 'draft: false'],
      paragraphs,
    );
    expect(mergeMarkdown(crlf(base), crlf(ours), crlf(theirs))).toEqual({
      ok: true,
      text: crlf(
        file(['title: Draft', 'date: 2025-01-31', 'tags: [a, b]', 'draft: false'], paragraphs),
      ),
    });
  });

  it('reports unreadable frontmatter as a conflict on "frontmatter"', () => {
    const broken = file(['title: [unclosed'], paragraphs);
    expect(mergeMarkdown(base, broken, base)).toEqual({ ok: false, conflicts: ['frontmatter'] });
  });
});
