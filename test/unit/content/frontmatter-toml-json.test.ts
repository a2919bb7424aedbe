import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffItem } from '../../../shared/content/content-diff';
import {
  parseMarkdown,
  readMarkdown,
  serializeMarkdown,
  type Frontmatter,
} from '../../../shared/content/frontmatter';
import { mergeMarkdown } from '../../../shared/content/three-way-merge';
import { InvalidInputError } from '../../../shared/errors';

/**
 * TOML (`+++`) and JSON frontmatter: read as fields, edited by changing only the lines of the
 * fields that changed. The TOML files are real Hugo content (test/fixtures/hugo-coder/README.md).
 */
const fixture = (path: string) =>
  readFileSync(
    fileURLToPath(
      new URL(`../../fixtures/hugo-coder/exampleSite/content/${path}`, import.meta.url),
    ),
    'utf8',
  );

/** What a line diff of two texts shows: the first differing line (1-based) and the lines removed and added there. */
function lineDiff(
  before: string,
  after: string,
): { line: number; removed: string[]; added: string[] } {
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
    line: head + 1,
    removed: a.slice(head, a.length - tail),
    added: b.slice(head, b.length - tail),
  };
}

function save(text: string, change: (frontmatter: Frontmatter) => Frontmatter): string {
  const { frontmatter, body } = parseMarkdown(text);
  return serializeMarkdown(text, change({ ...frontmatter }), body);
}

describe('TOML frontmatter of real Hugo files', () => {
  const files = [
    'about.md',
    'authors/hugo-authors/_index.md',
    'posts/emoji-support.md',
    'posts/external-post.md',
    'posts/math-typesetting.pt-br.md',
  ];

  for (const path of files) {
    it(`${path}: reads without a problem, saves unchanged to the same bytes, and a title edit changes only its line`, () => {
      const text = fixture(path);
      const read = readMarkdown(text);
      expect(read.error).toBeUndefined();
      expect(typeof read.frontmatter.title).toBe('string');
      expect(serializeMarkdown(text, read.frontmatter, read.body)).toBe(text);
      const edited = save(text, (fm) => ({ ...fm, title: 'A "new" title' }));
      const titleLine = text.split('\n').find((line) => line.startsWith('title'))!;
      expect(lineDiff(text, edited)).toEqual({
        line: text.split('\n').indexOf(titleLine) + 1,
        removed: [titleLine],
        added: ['title = "A \\"new\\" title"'],
      });
      expect(parseMarkdown(edited)).toEqual({
        frontmatter: { ...read.frontmatter, title: 'A "new" title' },
        body: read.body,
      });
    });
  }

  it('keeps a multi-line array written over several lines, with its indentation and trailing comma', () => {
    const text = fixture('posts/emoji-support.md');
    expect(parseMarkdown(text).frontmatter).toMatchObject({
      date: '2023-07-07',
      tags: ['hugo', 'markdown', 'emoji'],
      series: ['Theme Demo'],
    });
    expect(
      lineDiff(
        text,
        save(text, (fm) => ({ ...fm, tags: ['hugo', 'emoji'] })),
      ),
    ).toEqual({ line: 8, removed: ['    "markdown",'], added: [] });
    expect(
      lineDiff(
        text,
        save(text, (fm) => ({ ...fm, series: ['Theme Demo', 'Emoji'] })),
      ),
    ).toEqual({
      line: 15,
      removed: ['series = ["Theme Demo"]'],
      added: ['series = ["Theme Demo", "Emoji"]'],
    });
  });

  it('removes a field with all its lines and adds one among the top-level pairs', () => {
    const text = fixture('posts/emoji-support.md');
    const removed = save(text, (fm) => ({ ...fm, categories: undefined }));
    expect(lineDiff(text, removed)).toEqual({
      line: 11,
      removed: ['categories = [', '    "syntax",', '    "theme demo",', ']'],
      added: [],
    });
    const added = save(text, (fm) => ({
      ...fm,
      draft: true,
      weight: 3,
      publishDate: '2023-07-08',
    }));
    expect(lineDiff(text, added)).toEqual({
      line: 16,
      removed: [],
      added: ['draft = true', 'weight = 3', 'publishDate = 2023-07-08'],
    });
  });

  it('reads a native TOML date-time as written and writes a changed one as a TOML date-time again', () => {
    const text = fixture('authors/hugo-authors/_index.md');
    expect(parseMarkdown(text).frontmatter).toEqual({
      draft: false,
      date: '2023-01-05T01:15:29+01:00',
      title: 'Authors of Hugo',
    });
    expect(
      lineDiff(
        text,
        save(text, (fm) => ({ ...fm, date: '2024-02-03T04:05:06+01:00' })),
      ),
    ).toEqual({
      line: 3,
      removed: ['date = 2023-01-05T01:15:29+01:00'],
      added: ['date = 2024-02-03T04:05:06+01:00'],
    });
    // The opening `+++ ` with its trailing space and `draft = false` stay as they are.
    expect(save(text, (fm) => ({ ...fm, draft: true }))).toBe(
      text.replace('draft = false', 'draft = true'),
    );
  });

  it('keeps the spacing around = of the line it changes (`math ="true"`)', () => {
    const text = fixture('posts/math-typesetting.pt-br.md');
    expect(
      lineDiff(
        text,
        save(text, (fm) => ({ ...fm, math: 'false' })),
      ),
    ).toEqual({ line: 6, removed: ['math ="true"'], added: ['math ="false"'] });
  });
});

describe('TOML frontmatter edits', () => {
  const text = [
    '+++',
    '# The page title',
    "title = 'Literal'   # trailing comment",
    'date = 2024-01-02',
    'tags = [ "a", "b" ]',
    'summary = """',
    'Two',
    'lines"""',
    'weight = 5',
    'extra.note = "dotted"',
    '',
    '[params]',
    '  author = "Me" # who',
    '',
    '[[cascade]]',
    '  draft = true',
    '+++',
    'Body',
    '',
  ].join('\n');

  it('reads every kind of value', () => {
    expect(parseMarkdown(text).frontmatter).toEqual({
      title: 'Literal',
      date: '2024-01-02',
      tags: ['a', 'b'],
      summary: 'Two\nlines',
      weight: 5,
      extra: { note: 'dotted' },
      params: { author: 'Me' },
      cascade: [{ draft: true }],
    });
  });

  it('changes only the value, in its style, keeping comments, tables and every other line', () => {
    expect(save(text, (fm) => ({ ...fm, title: 'Still literal' }))).toBe(
      text.replace("'Literal'", "'Still literal'"),
    );
    expect(save(text, (fm) => ({ ...fm, title: "It's basic now" }))).toBe(
      text.replace("'Literal'", '"It\'s basic now"'),
    );
    expect(save(text, (fm) => ({ ...fm, tags: ['c'] }))).toBe(
      text.replace('[ "a", "b" ]', '[ "c" ]'),
    );
    expect(save(text, (fm) => ({ ...fm, weight: 1.5 }))).toBe(
      text.replace('weight = 5', 'weight = 1.5'),
    );
    expect(save(text, (fm) => ({ ...fm, date: '2025-12-31' }))).toBe(
      text.replace('date = 2024-01-02', 'date = 2025-12-31'),
    );
    expect(save(text, (fm) => ({ ...fm, summary: 'Three\nshort\nlines' }))).toBe(
      text.replace('"""\nTwo\nlines"""', '"""\nThree\nshort\nlines"""'),
    );
  });

  it('removes a pair with its lines, and adds new keys before the first table', () => {
    expect(save(text, (fm) => ({ ...fm, summary: undefined }))).toBe(
      text.replace('summary = """\nTwo\nlines"""\n', ''),
    );
    expect(save(text, (fm) => ({ ...fm, 'new key': 'x' }))).toBe(
      text.replace('extra.note = "dotted"\n', 'extra.note = "dotted"\n"new key" = "x"\n'),
    );
  });

  it('treats null as removing the key: TOML has no null', () => {
    expect(save(text, (fm) => ({ ...fm, weight: null }))).toBe(text.replace('weight = 5\n', ''));
    expect(() => save(text, (fm) => ({ ...fm, tags: ['a', null] }))).toThrow(
      /frontmatter\.tags: TOML has no null/,
    );
  });

  it('changes, removes and adds keys of a [table] on their own lines, keeping its comments and every other line', () => {
    expect(save(text, (fm) => ({ ...fm, params: { author: 'You' } }))).toBe(
      text.replace('  author = "Me" # who', '  author = "You" # who'),
    );
    expect(save(text, (fm) => ({ ...fm, params: {} }))).toBe(
      text.replace('  author = "Me" # who\n', ''),
    );
    expect(save(text, (fm) => ({ ...fm, params: { author: 'Me', 'show toc': true } }))).toBe(
      text.replace('  author = "Me" # who\n', '  author = "Me" # who\n"show toc" = true\n'),
    );
    const nested =
      '+++\ntitle = "T"\n[params]\nauthor = "Me"\n[params.social]\ntwitter = "me"\n+++\n';
    expect(
      save(nested, (fm) => ({ ...fm, params: { author: 'Me', social: { twitter: 'you' } } })),
    ).toBe(nested.replace('twitter = "me"', 'twitter = "you"'));
  });

  it('refuses to remove a whole table, or to change a value set by dotted keys or an array of tables, naming the field', () => {
    expect(() => save(text, (fm) => ({ ...fm, params: undefined }))).toThrow(InvalidInputError);
    expect(() => save(text, (fm) => ({ ...fm, params: undefined }))).toThrow(
      /^frontmatter\.params: set by a TOML table/,
    );
    expect(() => save(text, (fm) => ({ ...fm, extra: { note: 'x' } }))).toThrow(
      /^frontmatter\.extra:/,
    );
    expect(() => save(text, (fm) => ({ ...fm, cascade: [] }))).toThrow(/^frontmatter\.cascade:/);
    expect(() => save(text, (fm) => ({ ...fm, cascade: [{ draft: false }] }))).toThrow(
      /^frontmatter\.cascade:/,
    );
  });

  it('refuses to rewrite an array whose items carry comments, which a rewrite would lose', () => {
    const commented = '+++\ntags = [\n  "a", # the first\n  "b",\n]\ntitle = "T"\n+++\n';
    expect(() => save(commented, (fm) => ({ ...fm, tags: ['a'] }))).toThrow(
      /^frontmatter\.tags: its TOML value holds comments/,
    );
    expect(save(commented, (fm) => ({ ...fm, title: 'U' }))).toBe(commented.replace('"T"', '"U"'));
    expect(save(commented, (fm) => ({ ...fm, tags: undefined }))).toBe('+++\ntitle = "T"\n+++\n');
  });

  it('keeps CRLF line breaks and writes new lines with them', () => {
    const crlf = '+++\r\ntitle = "A"\r\ntags = [\r\n  "x",\r\n]\r\n+++\r\nBody\r\n';
    expect(save(crlf, (fm) => ({ ...fm, title: 'B', tags: ['y', 'z'], draft: false }))).toBe(
      '+++\r\ntitle = "B"\r\ntags = [\r\n  "y",\r\n  "z",\r\n]\r\ndraft = false\r\n+++\r\nBody\r\n',
    );
  });

  it('never writes a value that would end the block early', () => {
    const edited = save('+++\nnote = """\nx"""\n+++\n', (fm) => ({ ...fm, note: 'a\n+++\nb' }));
    expect(edited).toBe('+++\nnote = "a\\n+++\\nb"\n+++\n');
  });

  it('holds TOML and JSON to the same limits as YAML', () => {
    const keys = Array.from({ length: 4_001 }, (_, n) => `k${n} = ${n}`).join('\n');
    expect(readMarkdown(`+++\n${keys}\n+++\nBody\n`).error?.kind).toBe('too-large');
    expect(
      readMarkdown(
        `{\n  "list": [${Array.from({ length: 4_001 }, () => '1').join(', ')}]\n}\nBody\n`,
      ).error?.kind,
    ).toBe('too-large');
    expect(readMarkdown(`+++\ntext = "${'x'.repeat(128 * 1024)}"\n+++\n`).error?.kind).toBe(
      'too-large',
    );
  });

  it('reports invalid TOML with its line in the file', () => {
    const read = readMarkdown('\n+++\ntitle = "x"\ntitle = "y"\n+++\nBody\n');
    expect(read.error?.kind).toBe('invalid');
    expect(read.error?.line).toBe(4);
    expect(read.body).toBe('Body\n');
  });
});

describe('JSON frontmatter', () => {
  // Laid out as Hugo's documentation shows JSON front matter.
  const text =
    '{\n   "title": "spf13-vim 3.0 release",\n   "tags": [ ".vimrc", "plugins" ],\n   "date": "2012-04-06",\n   "draft": false,\n   "10": "numeric key"\n}\n\nBody.\n';

  it('reads the object and saves it unchanged to the same bytes, members in file order', () => {
    const read = readMarkdown(text);
    expect(read.error).toBeUndefined();
    expect(read.frontmatter).toEqual({
      title: 'spf13-vim 3.0 release',
      tags: ['.vimrc', 'plugins'],
      date: '2012-04-06',
      draft: false,
      10: 'numeric key',
    });
    expect(read.body).toBe('\nBody.\n');
    expect(serializeMarkdown(text, read.frontmatter, read.body)).toBe(text);
  });

  it('changes only the member whose value changed', () => {
    expect(
      lineDiff(
        text,
        save(text, (fm) => ({ ...fm, title: 'New "title"' })),
      ),
    ).toEqual({
      line: 2,
      removed: ['   "title": "spf13-vim 3.0 release",'],
      added: ['   "title": "New \\"title\\"",'],
    });
    expect(save(text, (fm) => ({ ...fm, tags: ['vim'] }))).toBe(
      text.replace('[ ".vimrc", "plugins" ]', '["vim"]'),
    );
    expect(save(text, (fm) => ({ ...fm, draft: true }))).toBe(text.replace('false', 'true'));
  });

  it('removes a member with its line and comma, the last one included', () => {
    expect(save(text, (fm) => ({ ...fm, date: undefined }))).toBe(
      text.replace('   "date": "2012-04-06",\n', ''),
    );
    expect(save(text, (fm) => ({ ...fm, 10: undefined }))).toBe(
      text.replace(',\n   "10": "numeric key"', ''),
    );
    expect(save(text, () => ({}))).toBe('{\n}\n\nBody.\n');
    expect(save(text, (fm) => ({ title: fm.title, tags: fm.tags }))).toBe(
      '{\n   "title": "spf13-vim 3.0 release",\n   "tags": [ ".vimrc", "plugins" ]\n}\n\nBody.\n',
    );
    expect(save(text, (fm) => ({ draft: fm.draft }))).toBe('{\n   "draft": false\n}\n\nBody.\n');
  });

  it('appends a new member with the same indentation, and writes null', () => {
    expect(save(text, (fm) => ({ ...fm, weight: 2, author: null }))).toBe(
      text.replace('"numeric key"\n', '"numeric key",\n   "weight": 2,\n   "author": null\n'),
    );
    expect(save('{\n}\nBody\n', () => ({ title: 'T' }))).toBe('{\n  "title": "T"\n}\nBody\n');
  });

  it('keeps an object written over several lines so, and edits inside it only what changed', () => {
    const nested = '{\n  "title": "T",\n  "menu": {\n    "main": { "weight": 1 }\n  }\n}\nBody\n';
    expect(save(nested, (fm) => ({ ...fm, menu: { main: { weight: 2 } } }))).toBe(
      '{\n  "title": "T",\n  "menu": {\n    "main": { "weight": 2 }\n  }\n}\nBody\n',
    );
    expect(save(nested, (fm) => ({ ...fm, menu: { main: [1, 2] } }))).toBe(
      '{\n  "title": "T",\n  "menu": {\n    "main": [1, 2]\n  }\n}\nBody\n',
    );
  });

  it('reports invalid JSON and duplicate keys as invalid frontmatter', () => {
    expect(readMarkdown('{\n  "title": "x",\n  "title": "y"\n}\nBody\n').error?.message).toMatch(
      /duplicate key "title"/,
    );
    expect(readMarkdown('{\n  "title": x\n}\nBody\n').error?.kind).toBe('invalid');
  });
});

describe('diffs and merges of TOML and JSON files', () => {
  const base = fixture('posts/external-post.md');

  it('diffs a TOML file field by field', () => {
    const changed = save(base, (fm) => ({ ...fm, title: 'Wiki' }));
    const diff = diffItem({
      collection: 'posts',
      slug: 'external-post',
      fieldOrder: ['title'],
      oldText: base,
      newText: changed,
    });
    expect(diff.frontmatter.fields.filter((field) => field.changed)).toEqual([
      {
        name: 'title',
        oldValue: 'External Page: Hugo Coder Wiki',
        newValue: 'Wiki',
        changed: true,
      },
    ]);
    expect(diff.frontmatter.fields.map((field) => field.name)).toEqual([
      'title',
      'authors',
      'date',
      'slug',
      'tags',
      'externalLink',
    ]);
    expect(diff.body.oldBody).toBe(diff.body.newBody);
  });

  it('merges TOML key by key and writes the result over the default branch copy', () => {
    const ours = save(base, (fm) => ({ ...fm, title: 'Ours' }));
    const theirs = save(base, (fm) => ({ ...fm, tags: ['hugo', 'wiki'] }));
    const merged = mergeMarkdown(base, ours, theirs);
    expect(merged).toEqual({
      ok: true,
      text: theirs.replace('title = "External Page: Hugo Coder Wiki"', 'title = "Ours"'),
    });
    expect(
      mergeMarkdown(
        base,
        ours,
        save(base, (fm) => ({ ...fm, title: 'Theirs' })),
      ),
    ).toEqual({ ok: false, conflicts: ['title'] });
  });

  it('merges JSON key by key', () => {
    const json = '{\n  "title": "T",\n  "draft": true\n}\nBody\n';
    const merged = mergeMarkdown(
      json,
      save(json, (fm) => ({ ...fm, title: 'U' })),
      save(json, (fm) => ({ ...fm, draft: false })),
    );
    expect(merged).toEqual({ ok: true, text: '{\n  "title": "U",\n  "draft": false\n}\nBody\n' });
  });
});
