import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';

/** A nested edit in YAML changes only the lines of the values that changed. */
const text = [
  '---',
  'title: About',
  'seo:',
  '    title:       About us   # shown in search results',
  '    description: "Who we are"',
  '    # image: old.png',
  '    keywords: [team,  people]',
  'links:',
  '  -   label: Home',
  '      url:   /',
  '  # the blog',
  '  - label: Blog',
  '    url: /blog',
  '  - {label: Contact, url: /contact}',
  'tags:',
  '- one',
  '- two',
  '---',
  'Body.',
  '',
].join('\n');

const edit = (change: (frontmatter: Record<string, any>) => void): string => {
  const { frontmatter, body } = parseMarkdown(text);
  const next = structuredClone(frontmatter);
  change(next);
  const written = serializeMarkdown(text, next, body);
  expect(parseMarkdown(written)).toEqual({ frontmatter: next, body });
  return written;
};

describe('nested YAML edits', () => {
  it('changes a nested scalar in place, keeping its spacing, comment and every sibling line', () => {
    expect(edit((fm) => (fm.seo.title = 'About the team'))).toBe(
      text.replace('About us   #', 'About the team   #'),
    );
    expect(edit((fm) => (fm.seo.description = 'Who we are, and why'))).toBe(
      text.replace('"Who we are"', '"Who we are, and why"'),
    );
  });

  it('changes a key of a list item alone', () => {
    expect(edit((fm) => (fm.links[0].url = '/home'))).toBe(
      text.replace('url:   /\n', 'url:   /home\n'),
    );
    expect(edit((fm) => (fm.links[1].label = 'News'))).toBe(
      text.replace('label: Blog', 'label: News'),
    );
    expect(edit((fm) => (fm.tags[1] = 'three'))).toBe(text.replace('- two', '- three'));
  });

  it('adds a nested key after its siblings, with their indentation', () => {
    expect(edit((fm) => (fm.seo.image = 'new.png'))).toBe(
      text.replace(
        '    keywords: [team,  people]\n',
        '    keywords: [team,  people]\n    image: new.png\n',
      ),
    );
    expect(edit((fm) => (fm.links[1].target = '_blank'))).toBe(
      text.replace('    url: /blog\n', '    url: /blog\n    target: _blank\n'),
    );
  });

  it("removes a nested key's lines only", () => {
    expect(edit((fm) => delete fm.seo.description)).toBe(
      text.replace('    description: "Who we are"\n', ''),
    );
  });

  it('adds, removes and reorders list items touching only their lines', () => {
    expect(edit((fm) => fm.links.push({ label: 'Jobs', url: '/jobs' }))).toBe(
      text.replace(
        '  - {label: Contact, url: /contact}\n',
        '  - {label: Contact, url: /contact}\n  - label: Jobs\n    url: /jobs\n',
      ),
    );
    expect(edit((fm) => fm.links.splice(1, 1))).toBe(
      text.replace('  - label: Blog\n    url: /blog\n', ''),
    );
    expect(edit((fm) => fm.tags.unshift('zero'))).toBe(
      text.replace('tags:\n- one', 'tags:\n- zero\n- one'),
    );
    expect(edit((fm) => fm.tags.reverse())).toBe(text.replace('- one\n- two\n', '- two\n- one\n'));
  });

  it('rewrites a flow collection whole (its own line) and falls back to the whole pair when a list empties', () => {
    expect(edit((fm) => fm.seo.keywords.push('jobs'))).toBe(
      text.replace('[team,  people]', '[team, people, jobs]'),
    );
    expect(edit((fm) => (fm.tags = []))).toBe(text.replace('tags:\n- one\n- two\n', 'tags: []\n'));
  });
});

describe('nested YAML edits, any mix', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  const operation = fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.constantFrom('title', 'description', 'image'),
      value,
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      key: fc.constantFrom('title', 'description', 'keywords'),
    }),
    fc.record({
      kind: fc.constant('link' as const),
      index: fc.nat(4),
      field: fc.constantFrom('label', 'url', 'target'),
      value,
    }),
    fc.record({ kind: fc.constant('push' as const), label: fc.string({ maxLength: 8 }) }),
    fc.record({ kind: fc.constant('remove' as const), index: fc.nat(4) }),
    fc.record({
      kind: fc.constant('tags' as const),
      tags: fc.array(fc.constantFrom('one', 'two', 'three'), { maxLength: 4 }),
    }),
  );

  it('reads back as written and leaves the lines of untouched fields alone', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 4 }), (operations) => {
        const written = edit((fm) => {
          for (const op of operations) {
            if (op.kind === 'set') fm.seo[op.key] = op.value;
            else if (op.kind === 'delete') delete fm.seo[op.key];
            else if (op.kind === 'link' && fm.links[op.index])
              fm.links[op.index][op.field] = op.value;
            else if (op.kind === 'push') fm.links.push({ label: op.label });
            else if (op.kind === 'remove') fm.links.splice(op.index, 1);
            else if (op.kind === 'tags') fm.tags = op.tags;
          }
        });
        expect(written.startsWith('---\ntitle: About\n')).toBe(true);
        expect(written.endsWith('---\nBody.\n')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('nested JSON edits', () => {
  const json = [
    '{',
    '  "title": "About",',
    '  "seo": {',
    '    "title" : "About us",',
    '    "description":"Who we are",',
    '    "og": { "image": "a.png" }',
    '  },',
    '  "tags": ["a"]',
    '}',
    'Body.',
    '',
  ].join('\n');
  const editJson = (change: (frontmatter: Record<string, any>) => void): string => {
    const { frontmatter, body } = parseMarkdown(json);
    const next = structuredClone(frontmatter);
    change(next);
    const written = serializeMarkdown(json, next, body);
    expect(parseMarkdown(written)).toEqual({ frontmatter: next, body });
    return written;
  };

  it("changes a member inside an object alone, keeping its siblings' spacing", () => {
    expect(editJson((fm) => (fm.seo.title = 'About the team'))).toBe(
      json.replace('"About us"', '"About the team"'),
    );
    expect(editJson((fm) => (fm.seo.og.image = 'b.png'))).toBe(json.replace('"a.png"', '"b.png"'));
  });

  it('adds and removes members inside an object touching only their lines', () => {
    expect(editJson((fm) => delete fm.seo.description)).toBe(
      json.replace('    "description":"Who we are",\n', ''),
    );
    expect(editJson((fm) => (fm.seo.robots = 'noindex'))).toBe(
      json.replace(
        '"og": { "image": "a.png" }\n',
        '"og": { "image": "a.png" },\n    "robots": "noindex"\n',
      ),
    );
  });
});
