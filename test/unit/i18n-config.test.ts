import { describe, expect, it } from 'vitest';
import { parseCmsConfig, readCmsConfig } from '../../shared/content/config-read';

/**
 * The i18n configuration (issue #36): the repository's locales and default, a collection's
 * structure, and each field's mode; every problem is named by its path, as other config problems
 * are, and a problem of one collection leaves only that collection out.
 */
const guides = {
  label: 'Guides',
  directory: 'docs/src/content/docs/guides',
  path: ['{slug}.md', '{slug}.mdx'],
  i18n: { structure: 'directories', directory: 'docs/src/content/docs/{locale}/guides' },
  fields: [
    { name: 'title', label: 'Title', type: 'string', i18n: 'translate' },
    { name: 'date', label: 'Date', type: 'date', i18n: 'shared' },
    { name: 'draft', label: 'Draft', type: 'boolean', i18n: 'duplicate' },
  ],
};
const posts = {
  label: 'Posts',
  directory: 'content/posts',
  i18n: { structure: 'suffix' },
  fields: [],
};

const config = (extra: Record<string, unknown> = {}, collections: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Site',
    i18n: { locales: ['en', 'fr', 'de'], default: 'en' },
    collections: { guides, posts, ...collections },
    ...extra,
  });

const problemOf = (text: string, collection: string) => readCmsConfig(text).problems?.[collection];

describe('i18n in cms.config.json', () => {
  it('reads the repository locales, a collection structure and field modes', () => {
    const read = parseCmsConfig(config());
    expect(read.i18n).toEqual({ locales: ['en', 'fr', 'de'], default: 'en' });
    expect(read.collections.guides!.i18n).toEqual(guides.i18n);
    expect(read.collections.guides!.fields.map((field) => field.i18n)).toEqual([
      'translate',
      'shared',
      'duplicate',
    ]);
    expect(read.collections.posts!.i18n).toEqual({ structure: 'suffix' });
  });

  it('refuses a bad repository i18n for the whole file, by path', () => {
    expect(() => readCmsConfig(config({ i18n: { locales: ['en', 'fr'], default: 'it' } }))).toThrow(
      'cms.config.json: i18n.default: must be one of "locales" (en, fr)',
    );
    expect(() =>
      readCmsConfig(config({ i18n: { locales: ['en', 'EN_us'], default: 'en' } })),
    ).toThrow(/^cms\.config\.json: i18n\.locales\[1\]: expected a locale code/);
    expect(() => readCmsConfig(config({ i18n: { locales: ['en', 'en'], default: 'en' } }))).toThrow(
      'cms.config.json: i18n.locales[1]: "en" is listed twice',
    );
    expect(() => readCmsConfig(config({ i18n: { locales: [], default: 'en' } }))).toThrow(
      'cms.config.json: i18n.locales: must list at least one locale',
    );
    const many = Array.from(
      { length: 41 },
      (_, n) => `l${String.fromCharCode(97 + (n % 26))}${n >= 26 ? 'x' : ''}`,
    );
    expect(() => readCmsConfig(config({ i18n: { locales: many, default: many[0] } }))).toThrow(
      'cms.config.json: i18n.locales: must list at most 40 locales',
    );
  });

  it('accepts region and script subtags in either case', () => {
    const read = parseCmsConfig(
      config({ i18n: { locales: ['en', 'pt-br', 'pt-BR', 'zh-cn', 'zh-Hant-TW'], default: 'en' } }),
    );
    expect(read.i18n!.locales).toHaveLength(5);
  });

  it.each([
    [
      { ...guides, i18n: { structure: 'directories', directory: 'docs/guides' } },
      'collections.guides.i18n.directory: must contain "{locale}" exactly once',
    ],
    [
      { ...guides, i18n: { structure: 'directories', directory: 'docs/{locale}/{locale}' } },
      'collections.guides.i18n.directory: must contain "{locale}" exactly once',
    ],
    [
      { ...guides, i18n: { structure: 'directories', directory: 'docs/{locale}/{slug}' } },
      'collections.guides.i18n.directory: may hold no placeholder but "{locale}"',
    ],
    [
      { ...guides, i18n: { structure: 'directories', directory: '../{locale}' } },
      'collections.guides.i18n.directory: must not contain "." or ".." segments',
    ],
    [
      { ...guides, i18n: { structure: 'directories' } },
      'collections.guides.i18n.directory: "directories" needs "directory"',
    ],
    [
      { ...guides, i18n: true },
      'collections.guides.i18n: expected {"structure": "directories", "directory": "…/{locale}/…"} or {"structure": "suffix"}',
    ],
    [
      { ...guides, i18n: { structure: 'folders' } },
      'collections.guides.i18n.structure: expected "directories" or "suffix"',
    ],
    [
      { ...guides, i18n: { structure: 'suffix', directory: 'x/{locale}' } },
      'collections.guides.i18n.directory: only "directories" takes "directory"',
    ],
    [
      { ...guides, i18n: { ...guides.i18n, locales: ['en', 'it'] } },
      `collections.guides.i18n.locales: "it" is not one of the config's locales (en, fr, de)`,
    ],
    [
      { ...guides, i18n: { ...guides.i18n, locales: ['fr', 'de'] } },
      'collections.guides.i18n.locales: must include the default locale "en"',
    ],
    [
      { ...guides, i18n: { ...guides.i18n, default: 'it' } },
      'collections.guides.i18n.default: must be one of the locales (en, fr, de)',
    ],
    [
      { ...guides, fields: [{ name: 'title', label: 'T', type: 'string', i18n: 'copy' }] },
      'collections.guides.fields[0].i18n: expected "translate"',
    ],
    [
      {
        ...guides,
        fields: [
          {
            name: 'seo',
            label: 'SEO',
            type: 'object',
            fields: [{ name: 'title', label: 'T', type: 'string', i18n: 'shared' }],
          },
        ],
      },
      'collections.guides.fields[0].fields[0].i18n: only a top-level field takes "i18n"',
    ],
    [
      { ...guides, i18n: undefined },
      'collections.guides.fields[0].i18n: only a field of a translated collection (one with "i18n") takes "i18n"',
    ],
  ])(
    'names a collection problem by its path, and leaves the others working (%#)',
    (bad, message) => {
      const text = config({}, { guides: bad });
      expect(problemOf(text, 'guides')).toContain(message);
      expect(readCmsConfig(text).collections.posts).toBeDefined();
    },
  );

  it('a collection without a repository i18n names its locales and default', () => {
    const alone = (i18n: Record<string, unknown>) =>
      JSON.stringify({ name: 'Site', collections: { posts: { ...posts, i18n } } });
    expect(problemOf(alone({ structure: 'suffix' }), 'posts')).toBe(
      'collections.posts.i18n.locales: is required when the config has no top-level "i18n" (or add {"locales", "default"} there)',
    );
    expect(problemOf(alone({ structure: 'suffix', locales: ['en', 'fr'] }), 'posts')).toMatch(
      /^collections\.posts\.i18n\.default: is required/,
    );
    expect(
      parseCmsConfig(alone({ structure: 'suffix', locales: ['en', 'fr'], default: 'fr' }))
        .collections.posts!.i18n,
    ).toEqual({ structure: 'suffix', locales: ['en', 'fr'], default: 'fr' });
  });

  it("refuses a locale folder that is another collection's directory, naming both", () => {
    const text = config(
      {},
      {
        french: { label: 'French', directory: 'docs/src/content/docs/fr/guides', fields: [] },
      },
    );
    expect(problemOf(text, 'guides')).toBe(
      'collections.guides.i18n.structure: locale "fr" is in the files of collection "french" (e.g. docs/src/content/docs/fr/guides/x.md); give the locales other directories',
    );
  });

  it("lets collections of other layouts share a suffixed collection's directory", () => {
    const text = config(
      {},
      {
        bundles: { label: 'B', directory: 'content/posts', path: '{slug}/index.md', fields: [] },
        pages: { label: 'P', directory: 'content/posts', path: '{slug}.mdx', fields: [] },
      },
    );
    expect(readCmsConfig(text).problems).toBeUndefined();
  });
});
