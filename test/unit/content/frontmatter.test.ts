import { describe, expect, it } from 'vitest';
import {
  FrontmatterError,
  parseMarkdown,
  readMarkdown,
  serializeMarkdown,
} from '../../../shared/content/frontmatter';
import {
  assertFrontmatterInputSize,
  frontmatterLimits,
} from '../../../shared/content/frontmatter-limits';

const post = [
  '---',
  '# Post settings',
  'title: "Hello"  # shown on the card',
  'date: 2025-01-31',
  'zip: 01234',
  'draft: yes',
  '---',
  '',
  'Body text.',
  '',
].join('\n');

describe('parseMarkdown', () => {
  it('splits frontmatter and body; the body is the exact text after the closing line', () => {
    expect(parseMarkdown(post)).toEqual({
      frontmatter: { title: 'Hello', date: '2025-01-31', zip: '01234', draft: 'yes' },
      body: '\nBody text.\n',
    });
  });

  it('reads a file without frontmatter as all body', () => {
    expect(parseMarkdown('# Title\n\nText\n')).toEqual({
      frontmatter: {},
      body: '# Title\n\nText\n',
    });
    expect(parseMarkdown('')).toEqual({ frontmatter: {}, body: '' });
  });

  it('reads a first "---" line that is never closed as body (a thematic break), like Jekyll', () => {
    const text = '---\ntitle: not closed\n\nSome text\n';
    expect(parseMarkdown(text)).toEqual({ frontmatter: {}, body: text });
  });

  it('reads an empty block and a block that ends the file', () => {
    expect(parseMarkdown('---\n---\nBody')).toEqual({ frontmatter: {}, body: 'Body' });
    expect(parseMarkdown('---\ntitle: x\n---')).toEqual({ frontmatter: { title: 'x' }, body: '' });
  });

  it('refuses invalid YAML with the line of the file where it fails', () => {
    const text = '---\ntitle: ok\nbad: [unclosed\n---\nBody';
    expect(() => parseMarkdown(text)).toThrow(FrontmatterError);
    try {
      parseMarkdown(text);
    } catch (error) {
      expect((error as FrontmatterError).message).toMatch(
        /^frontmatter: invalid YAML at line \d+, column \d+: /,
      );
      expect((error as FrontmatterError).line).toBeGreaterThanOrEqual(3);
      expect((error as FrontmatterError).code).toBe('invalid_input');
    }
  });

  it('refuses frontmatter that is not a mapping', () => {
    expect(() => parseMarkdown('---\n- a\n- b\n---\n')).toThrow(
      'frontmatter: must be a mapping of keys to values',
    );
    expect(() => parseMarkdown('---\njust text\n---\n')).toThrow(
      'frontmatter: must be a mapping of keys to values',
    );
  });

  it('refuses a duplicate key, at the top level or nested, "1" and 1 alike', () => {
    expect(() => parseMarkdown('---\ntitle: a\ntitle: b\n---\n')).toThrow(
      'frontmatter: duplicate key "title"',
    );
    expect(() => parseMarkdown('---\nnested:\n  a: 1\n  a: 2\n---\n')).toThrow(
      'frontmatter: duplicate key "a"',
    );
    expect(() => parseMarkdown('---\n1: a\n"1": b\n---\n')).toThrow(
      'frontmatter: duplicate key "1"',
    );
  });

  it('refuses a key that is a collection', () => {
    expect(() => parseMarkdown('---\n[a, b]: c\n---\n')).toThrow(
      'frontmatter: keys must be plain text',
    );
  });

  it('refuses a document that expands aliases without limit', () => {
    const bomb = [
      '---',
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      '---',
      '',
    ].join('\n');
    expect(() => parseMarkdown(bomb)).toThrow(FrontmatterError);
  });

  it('does not resolve explicit YAML 1.1 tags into non-JSON values', () => {
    expect(parseMarkdown('---\nwhen: !!timestamp 2025-01-31\n---\n').frontmatter).toEqual({
      when: '2025-01-31',
    });
  });
});

describe('serializeMarkdown', () => {
  it('changes only the value of the changed field, keeping its quoting, spacing and comment', () => {
    const { frontmatter, body } = parseMarkdown(post);
    const out = serializeMarkdown(post, { ...frontmatter, title: 'Hello, world' }, body);
    expect(out).toBe(
      post.replace(
        'title: "Hello"  # shown on the card',
        'title: "Hello, world"  # shown on the card',
      ),
    );
  });

  it('writes a number changed to -0 with its sign, whatever notation the old one used', () => {
    for (const old of ['-3.342493567616206e-117', '1.50', '2']) {
      const text = `---\nweight: ${old}\n---\n`;
      const out = serializeMarkdown(text, { weight: -0 }, '');
      expect(Object.is(parseMarkdown(out).frontmatter.weight, -0), out).toBe(true);
    }
  });

  it("keeps the alignment after the colon, as in Jekyll's post template", () => {
    const text =
      '---\nlayout: post\ntitle:  "Welcome to Jekyll!"\ndate:   2015-11-10 15:39:44 +0100\n---\n';
    const out = serializeMarkdown(
      text,
      { layout: 'post', title: 'Welcome back', date: '2015-11-11 09:00:00 +0100' },
      '',
    );
    expect(out).toBe(
      '---\nlayout: post\ntitle:  "Welcome back"\ndate:   2015-11-11 09:00:00 +0100\n---\n',
    );
  });

  it('quotes a new value that another YAML reader would take for a number or a boolean', () => {
    const { frontmatter, body } = parseMarkdown(post);
    const out = serializeMarkdown(post, { ...frontmatter, zip: '02345', draft: 'no' }, body);
    expect(out).toContain('\nzip: "02345"\n');
    expect(out).toContain('\ndraft: "no"\n');
  });

  it('writes a changed date plain, so site generators still read a date', () => {
    const { frontmatter, body } = parseMarkdown(post);
    expect(serializeMarkdown(post, { ...frontmatter, date: '2025-02-01' }, body)).toContain(
      '\ndate: 2025-02-01\n',
    );
  });

  it('appends new keys at the end of the block in the order given', () => {
    const { frontmatter, body } = parseMarkdown(post);
    const out = serializeMarkdown(post, { ...frontmatter, tags: ['a', 'b'], weight: 3 }, body);
    expect(out).toBe(post.replace('draft: yes\n', 'draft: yes\ntags:\n  - a\n  - b\nweight: 3\n'));
  });

  it('removes keys missing from the new frontmatter; undefined counts as missing', () => {
    const { frontmatter, body } = parseMarkdown(post);
    const out = serializeMarkdown(post, { ...frontmatter, zip: undefined, draft: undefined }, body);
    expect(out).toBe(post.replace('zip: 01234\ndraft: yes\n', ''));
  });

  it('keeps comments and an empty block when every key is removed', () => {
    expect(serializeMarkdown('---\n# note\ntitle: x\n---\nBody', {}, 'Body')).toBe(
      '---\n# note\n---\nBody',
    );
  });

  it('writes a multi-line string as a literal block', () => {
    expect(
      serializeMarkdown('---\ntitle: x\n---\n', { title: 'x', summary: 'one\ntwo\n' }, ''),
    ).toBe('---\ntitle: x\nsummary: |\n  one\n  two\n---\n');
  });

  it('keeps the block style of a changed literal block', () => {
    const text = '---\nsummary: |\n  one\n  two\nnext: 1\n---\n';
    expect(serializeMarkdown(text, { summary: 'one\nthree\n', next: 1 }, '')).toBe(
      '---\nsummary: |\n  one\n  three\nnext: 1\n---\n',
    );
  });

  it('keeps flow lists flow and unindented block lists unindented', () => {
    const text = '---\ntags: [a,  b]\ncats:\n- x\n- y\n---\n';
    expect(serializeMarkdown(text, { tags: ['a', 'c'], cats: ['x', 'y', 'z'] }, '')).toBe(
      '---\ntags: [a, c]\ncats:\n- x\n- y\n- z\n---\n',
    );
  });

  it('keeps the style of untouched entries inside a changed mapping', () => {
    const text = '---\nmenu:\n  main: {weight: 10}\n  y: keep\n---\n';
    expect(serializeMarkdown(text, { menu: { main: { weight: 20 }, y: 'keep' } }, '')).toBe(
      '---\nmenu:\n  main: {weight: 20}\n  y: keep\n---\n',
    );
  });

  it('keeps comment and blank lines between the entries of a changed mapping or list', () => {
    // As in Eleventy's docs: a commented-out key inside eleventyNavigation.
    const text =
      "---\nnav:\n  key: Old\n  # title: 'Old'\n  order: 3\n\n  excerpt: x\ntags:\n  - a\n  # - b\n  - c\n---\n";
    const out = serializeMarkdown(
      text,
      { nav: { key: 'New', order: 3, excerpt: 'x' }, tags: ['a', 'd'] },
      '',
    );
    expect(out).toBe(text.replace('key: Old', 'key: New').replace('  - c', '  - d'));
  });

  it('spells out an alias whose anchored value changes', () => {
    const text = '---\nauthor: &a Ada\nreviewer: *a\n---\n';
    const out = serializeMarkdown(text, { author: 'Grace', reviewer: 'Ada' }, '');
    expect(out).toBe('---\nauthor: Grace\nreviewer: Ada\n---\n');
  });

  it('keeps CRLF line endings, also for new keys', () => {
    const text = '---\r\ntitle: x\r\n---\r\nBody\r\n';
    expect(serializeMarkdown(text, { title: 'x', tags: ['a'] }, 'Body\r\n')).toBe(
      '---\r\ntitle: x\r\ntags:\r\n  - a\r\n---\r\nBody\r\n',
    );
  });

  it('stores the body exactly as given', () => {
    for (const body of [
      '',
      '\n',
      '\n\n  indented\n',
      'no final newline',
      '---\nlooks: like frontmatter\n---\n',
      '\r\nmixed\nendings\r\n',
    ]) {
      const out = serializeMarkdown(post, parseMarkdown(post).frontmatter, body);
      expect(parseMarkdown(out).body).toBe(body);
    }
  });

  it('adds a block to a file that had none, keeping the body and its line endings', () => {
    expect(serializeMarkdown('Text\n', { title: 'New' }, 'Text\n')).toBe(
      '---\ntitle: New\n---\nText\n',
    );
    expect(serializeMarkdown('Text\r\n', { title: 'New' }, 'Text\r\n')).toBe(
      '---\r\ntitle: New\r\n---\r\nText\r\n',
    );
  });

  it('writes a new file, and no block when the frontmatter is empty', () => {
    expect(serializeMarkdown(undefined, { title: 'Hi', draft: false, tags: [] }, '\nHello\n')).toBe(
      '---\ntitle: Hi\ndraft: false\ntags: []\n---\n\nHello\n',
    );
    expect(serializeMarkdown(undefined, {}, 'Hello\n')).toBe('Hello\n');
  });

  it('writes an empty block in front of a body that would otherwise read as frontmatter', () => {
    const body = '---\nnot: frontmatter\n---\ntext';
    const out = serializeMarkdown(undefined, {}, body);
    expect(out).toBe(`---\n---\n${body}`);
    expect(parseMarkdown(out)).toEqual({ frontmatter: {}, body });
  });

  it('adds a line break after a closing line that ended the file when a body follows', () => {
    expect(serializeMarkdown('---\ntitle: x\n---', { title: 'x' }, 'Body')).toBe(
      '---\ntitle: x\n---\nBody',
    );
  });

  it('keeps a byte order mark and a "..." closing line', () => {
    const text = '\uFEFF---\ntitle: x\n...\nBody';
    expect(serializeMarkdown(text, { title: 'x', weight: 1 }, 'Body')).toBe(
      '\uFEFF---\ntitle: x\nweight: 1\n...\nBody',
    );
  });

  it('edits a flow-style root mapping through the YAML document', () => {
    const text = '---\n{title: x, tags: [a, b]}\n---\n';
    const out = serializeMarkdown(text, { title: 'y z', tags: ['a', 'b'] }, '');
    expect(parseMarkdown(out).frontmatter).toEqual({ title: 'y z', tags: ['a', 'b'] });
    expect(out).toBe('---\n{title: y z, tags: [a, b]}\n---\n');
  });

  it('writes keys that need quoting so that they read back', () => {
    const frontmatter = {
      '---': 'dashes',
      '': 'empty key',
      'a: b': 1,
      '#hash': true,
      '- item': null,
      yes: 'y',
      'multi\nline': 'key',
    };
    const out = serializeMarkdown(undefined, frontmatter, 'Body');
    expect(parseMarkdown(out)).toEqual({ frontmatter, body: 'Body' });
  });

  it('writes values that need quoting so that they read back as the same strings', () => {
    const frontmatter = {
      a: 'yes',
      b: '1.0',
      c: 'null',
      d: '',
      e: ' padded ',
      f: 'a: b',
      g: '#x',
      h: '0x10',
      i: '- x',
      j: '---',
      k: '"quoted"',
      l: "it's",
      m: '\ttab',
      n: '.inf',
      o: '1e3',
      p: '12:30',
      q: '~',
    };
    const out = serializeMarkdown('---\nkeep: me\n---\n', { keep: 'me', ...frontmatter }, '');
    expect(parseMarkdown(out).frontmatter).toEqual({ keep: 'me', ...frontmatter });
    expect(out).toContain('\na: "yes"\n');
  });

  it("falls back to double quotes for strings yaml's block style would not read back", () => {
    // yaml writes " \n" as a `|+` block whose only line is blank, which reads back as "\n".
    const out = serializeMarkdown('---\ntitle: x\n---\n', { title: 'x', odd: ' \n' }, '');
    expect(parseMarkdown(out).frontmatter).toEqual({ title: 'x', odd: ' \n' });
    expect(serializeMarkdown(undefined, { odd: ' \n' }, '')).toBe('---\n"odd": "\\ \\n"\n---\n');
  });

  it('double-quotes strings holding a byte order mark, which yaml drops at a line start', () => {
    const frontmatter = { '\uFEFFkey': 'value\uFEFF' };
    expect(parseMarkdown(serializeMarkdown(undefined, frontmatter, '')).frontmatter).toEqual(
      frontmatter,
    );
  });

  it('reads back whatever JSON frontmatter it writes (generated cases)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const atoms = [
      '',
      ' ',
      '---',
      '...',
      '#',
      ': ',
      '- ',
      '"',
      "'",
      '\n',
      '\r\n',
      '\t',
      'yes',
      '~',
      'null',
      '01',
      '1.0',
      '0x1',
      '2025-01-31',
      '12:30',
      '&a',
      '*a',
      '!t',
      '%',
      '@',
      '`',
      '|',
      '>',
      '{',
      '[',
      ',',
      '?',
      'é',
      '🎉',
      '\u2028',
      '\u0000',
      '\u0085',
      'word',
      '\\',
    ];
    const text = () => Array.from({ length: Math.floor(random() * 5) }, () => pick(atoms)).join('');
    const value = (depth: number): unknown => {
      const roll = random();
      if (roll < 0.4 || depth > 1) return text();
      if (roll < 0.5) return Math.floor(random() * 1e6) / (random() < 0.5 ? 1 : 100);
      if (roll < 0.6) return random() < 0.5;
      if (roll < 0.65) return null;
      if (roll < 0.8)
        return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 3) }, () => [text(), value(depth + 1)]),
      );
    };
    for (let run = 0; run < 300; run++) {
      const original = run % 2 === 0 ? undefined : post;
      const frontmatter: Record<string, unknown> = original
        ? { ...parseMarkdown(original).frontmatter }
        : {};
      for (let change = 0; change < 3; change++)
        frontmatter[random() < 0.5 ? pick(Object.keys(frontmatter).concat('title')) : text()] =
          value(0);
      const body = text();
      expect(parseMarkdown(serializeMarkdown(original, frontmatter, body))).toEqual({
        frontmatter,
        body,
      });
    }
  });

  it('refuses to edit a file whose frontmatter is invalid', () => {
    expect(() => serializeMarkdown('---\na: [\n---\n', { a: 1 }, '')).toThrow(FrontmatterError);
  });
});

describe('frontmatter that is not YAML', () => {
  const toml = '+++\ntitle = "Hello"\ndraft = false\n+++\n\nBody.\n';
  const json = '{\n  "title": "Hello"\n}\n\nBody.\n';

  it('is recognised as TOML or JSON, read as fields, and edited in its own format', () => {
    expect(parseMarkdown(toml)).toEqual({
      frontmatter: { title: 'Hello', draft: false },
      body: '\nBody.\n',
    });
    expect(parseMarkdown(json)).toEqual({ frontmatter: { title: 'Hello' }, body: '\nBody.\n' });
    expect(serializeMarkdown(toml, { title: 'Changed', draft: false }, '\nBody.\n')).toBe(
      toml.replace('"Hello"', '"Changed"'),
    );
    expect(serializeMarkdown(json, { title: 'Changed' }, '\nBody.\n')).toBe(
      json.replace('"Hello"', '"Changed"'),
    );
  });

  it('is recognised after blank lines, as Hugo and Zola read it, so a save never puts a YAML block in front of it', () => {
    for (const text of [
      `\n${toml}`,
      ` \n\n${toml}`,
      `\n${json}`,
      `\r\n${toml.replace(/\n/g, '\r\n')}`,
    ]) {
      const read = readMarkdown(text);
      expect(read.error).toBeUndefined();
      expect(read.frontmatter.title).toBe('Hello');
      expect(read.body).toBe(text.includes('\r') ? '\r\nBody.\r\n' : '\nBody.\n');
      expect(serializeMarkdown(text, { ...read.frontmatter, title: 'Changed' }, read.body)).toBe(
        text.replace('"Hello"', '"Changed"'),
      );
    }
    // YAML is read only at the very start, as Jekyll and gray-matter read it: after a blank line it is body.
    expect(readMarkdown('\n---\ntitle: x\n---\n')).toEqual({
      frontmatter: {},
      body: '\n---\ntitle: x\n---\n',
    });
  });

  it('keeps template lines that start with a brace as body', () => {
    const text = '{{< note >}}\nText\n}\n';
    expect(readMarkdown(text)).toEqual({ frontmatter: {}, body: text });
  });

  it('reads invalid YAML leniently: empty frontmatter, the reason, the block text and the body after it', () => {
    const read = readMarkdown('---\ntitle: [unclosed\n---\nBody\n');
    expect(read).toMatchObject({
      frontmatter: {},
      body: 'Body\n',
      blockText: 'title: [unclosed\n',
    });
    expect(read.error?.kind).toBe('invalid');
  });
});

describe('frontmatter limits', () => {
  const keys = (count: number) => Array.from({ length: count }, (_, n) => `k${n}: ${n}`).join('\n');

  it('reads frontmatter up to the key limit and marks a larger one too-large without parsing it whole', () => {
    expect(Object.keys(parseMarkdown(`---\n${keys(3_999)}\n---\n`).frontmatter)).toHaveLength(
      3_999,
    );
    const read = readMarkdown(`---\n${keys(40_000)}\n---\nbody\n`);
    expect(read.error?.kind).toBe('too-large');
    expect(read.body).toBe('body\n');
    expect(
      readMarkdown(`---\nlist: [${Array.from({ length: 4_001 }, () => '1').join(', ')}]\n---\n`)
        .error?.kind,
    ).toBe('too-large');
  });

  it('refuses frontmatter over the size limit before parsing it', () => {
    const big = `---\ntext: "${'x'.repeat(frontmatterLimits.maxBytes)}"\n---\n`;
    expect(readMarkdown(big).error?.message).toMatch(
      /too large; the limits are 128 KiB and 4000 keys/,
    );
  });

  it('refuses to write a save over the limits', () => {
    const many = Object.fromEntries(Array.from({ length: 4_001 }, (_, n) => [`k${n}`, n]));
    expect(() => assertFrontmatterInputSize(many)).toThrow(/more than 4000 keys and list items/);
    expect(() =>
      assertFrontmatterInputSize({ text: 'x'.repeat(frontmatterLimits.maxBytes) }),
    ).toThrow(/too large/);
    expect(() => assertFrontmatterInputSize({ title: 'fine', tags: ['a', 'b'] })).not.toThrow();
  });
});
