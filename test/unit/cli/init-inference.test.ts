import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../cli/lib/init/generators';
import { inferConfig, type InferredSite } from '../../../cli/lib/init/infer-config';
import { inferSite as inferSiteAt } from '../../../cli/lib/init/infer-site';
import type { SiteFile } from '../../../cli/lib/init/site-scan';
import { parseCmsConfig } from '../../../shared/content/config-read';

/**
 * `cms init`'s inference: on the real documentation sites of the corpus (test/fixtures/real-world,
 * test/fixtures/hugo-coder), what a person would check in the proposed cms.config.json; then each
 * rule on small made-up sites.
 */
const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
const inferSite = (name: string) => inferSiteAt(fixture(name));
const fieldsOf = (site: InferredSite, collection: string) =>
  Object.fromEntries(
    site.config.collections[collection]!.fields.map((field) => [
      field.name,
      `${field.type}${field.required ? ' required' : ''}`,
    ]),
  );
const notesAbout = (site: InferredSite, kind: string) =>
  site.notes.filter((note) => note.kind === kind).map((note) => note.where);

describe('real sites', () => {
  it('Jekyll docs: a collection per folder of docs/_docs and docs/_posts; title and permalink are required strings', async () => {
    const site = await inferSite('real-world/jekyll-jekyll');

    expect(parseCmsConfig(JSON.stringify(site.config))).toEqual(site.config);
    expect(site.config.collections.docs).toMatchObject({ label: 'Docs', directory: 'docs/_docs' });
    expect(site.config.collections.docs!.path).toBeUndefined();
    expect(site.config.collections.posts).toMatchObject({
      label: 'Posts',
      directory: 'docs/_posts',
    });
    expect(site.config.collections['step-by-step']?.directory).toBe('docs/_docs/step-by-step');
    expect(site.collections.reduce((sum, collection) => sum + collection.files, 0)).toBe(97);
    expect(fieldsOf(site, 'docs')).toMatchObject({
      title: 'string required',
      permalink: 'string required',
      editable: 'boolean',
      redirect_from: 'string',
    });
    expect(fieldsOf(site, 'posts')).toMatchObject({
      title: 'string required',
      author: 'string required',
      date: 'datetime',
      categories: 'string[]',
    });
    // redirect_from is a string in some files and a list in others.
    expect(site.notes).toContainEqual({
      kind: 'mixed-types',
      where: 'docs.redirect_from',
      message: 'mixed types (string, string[]); typed string',
    });
    expect(notesAbout(site, 'rare')).toEqual(
      expect.arrayContaining(['docs.layout', 'docs.editable']),
    );
    expect(site.config.collections.docs!.fields.every((field) => field.default === undefined)).toBe(
      true,
    );
  });

  it('Hugo docs: sections with _index.md, leaf bundles as {slug}/index.md, nested params as objects', async () => {
    const site = await inferSite('real-world/gohugoio-hugoDocs');

    expect(parseCmsConfig(JSON.stringify(site.config))).toEqual(site.config);
    expect(site.config.collections['host-and-deploy']).toMatchObject({
      directory: 'content/en/host-and-deploy',
      path: ['{slug}/index.md', '{slug}.md'],
    });
    expect(site.config.collections.page).toMatchObject({
      label: 'Page',
      directory: 'content/en/methods/page',
    });
    expect(fieldsOf(site, 'page')).toEqual({
      title: 'string required',
      description: 'string required',
      categories: 'string[] required',
      keywords: 'string[] required',
      aliases: 'string[]',
      params: 'object required',
    });
    expect(site.config.collections.page!.fields.find((field) => field.name === 'params')).toEqual({
      name: 'params',
      label: 'Params',
      type: 'object',
      required: true,
      fields: [
        {
          name: 'functions_and_methods',
          label: 'Functions and methods',
          type: 'object',
          required: true,
          fields: [
            { name: 'returnType', label: 'Return type', type: 'string', required: true },
            { name: 'signatures', label: 'Signatures', type: 'string[]', required: true },
          ],
        },
      ],
    });
    // Two folders named urls: the parent folders tell them apart.
    expect(site.config.collections['en-functions-urls']?.directory).toBe(
      'content/en/functions/urls',
    );
    expect(site.config.collections['common-functions-urls']?.directory).toBe(
      'content/en/_common/functions/urls',
    );
    // The one plain file beside the bundles is reported, not dropped silently.
    // A single file beside the bundles is served too, by the collection's second pattern.
    expect(
      site.collections.find((collection) => collection.name === 'host-and-deploy')!.items,
    ).toContain('content/en/host-and-deploy/deploy-with-rsync.md');
    expect(site.notes.map((note) => note.where)).not.toContain(
      'content/en/host-and-deploy/deploy-with-rsync.md',
    );
  });

  it('Astro docs: .mdx collections, the tutorial as {slug}/index.mdx bundles, sidebar mappings as objects', async () => {
    const site = await inferSite('real-world/withastro-docs');

    expect(parseCmsConfig(JSON.stringify(site.config))).toEqual(site.config);
    expect(site.config.collections.errors).toMatchObject({
      directory: 'src/content/docs/en/reference/errors',
      path: '{slug}.mdx',
    });
    expect(site.collections.find((collection) => collection.name === 'errors')?.files).toBe(49);
    expect(fieldsOf(site, 'errors')).toEqual({
      title: 'string required',
      i18nReady: 'boolean required',
      githubURL: 'string required',
    });
    expect(site.config.collections.errors!.fields.map((field) => field.label)).toEqual([
      'Title',
      'I18n ready',
      'Github URL',
    ]);
    expect(site.config.collections.tutorial).toMatchObject({ path: '{slug}/index.mdx' });
    expect(
      site.config.collections.guides!.fields.find((field) => field.name === 'sidebar'),
    ).toEqual({
      name: 'sidebar',
      label: 'Sidebar',
      type: 'object',
      fields: [{ name: 'label', label: 'Label', type: 'string', required: true }],
    });
  });

  it('Eleventy docs: permalink false beside paths is mixed, eleventyNavigation mappings are objects, their notes named by path', async () => {
    const site = await inferSite('real-world/11ty-11ty-website');

    expect(parseCmsConfig(JSON.stringify(site.config))).toEqual(site.config);
    expect(site.collections.find((collection) => collection.name === 'docs')).toMatchObject({
      directory: 'src/docs',
      files: 87,
    });
    expect(fieldsOf(site, 'docs')).toMatchObject({ permalink: 'string' });
    expect(site.notes).toContainEqual({
      kind: 'mixed-types',
      where: 'docs.permalink',
      message: 'mixed types (boolean, string); typed string',
    });
    expect(fieldsOf(site, 'docs')).toMatchObject({ eleventyNavigation: 'object required' });
    const navigation = site.config.collections.docs!.fields.find(
      (field) => field.name === 'eleventyNavigation',
    );
    expect(
      navigation?.fields?.map(
        (field) => `${field.name}:${field.type}${field.required ? ' required' : ''}`,
      ),
    ).toEqual([
      'key:string required',
      'parent:string required',
      'excerpt:string',
      'order:number',
      'pinned:boolean',
      'title:string',
      'url:string',
    ]);
    expect(site.notes).toContainEqual({
      kind: 'mixed-types',
      where: 'docs.eleventyNavigation.url',
      message: 'mixed types (boolean, string); typed string',
    });
  });

  it('TOML frontmatter (Zola docs, a Hugo theme example): dates, lists and bundles; a folder named themes deeper down is content', async () => {
    const zola = await inferSite('real-world/getzola-zola');
    expect(zola.config.collections['content-themes']).toMatchObject({
      directory: 'docs/content/themes',
      path: '{slug}/index.md',
    });
    expect(fieldsOf(zola, 'content-themes')).toMatchObject({ title: 'string required' });

    const coder = await inferSite('hugo-coder');
    expect(fieldsOf(coder, 'posts')).toMatchObject({
      title: 'string required',
      date: 'date required',
      tags: 'string[] required',
      authors: 'string[] required',
    });
    expect(coder.leftOut).toContainEqual({
      reason: 'documents the repository (README, changelog, licence…)',
      paths: ['README.md'],
    });
  });
});

const md = (frontmatter: string) => `---\n${frontmatter}\n---\nBody.\n`;
const files = (entries: Record<string, string>): SiteFile[] =>
  Object.entries(entries).map(([path, text]) => ({ path, text }));

describe('rules', () => {
  it('types from the values: date only when every value is one; yes/no beside booleans is boolean; mixed is string, noted', () => {
    const posts: Record<string, string> = {};
    for (let n = 0; n < 10; n += 1) {
      posts[`content/posts/p${n}.md`] = md(
        [
          `title: Post ${n}`,
          `date: 2024-01-0${n}`.replace('-00', '-10'),
          `published: ${n === 3 ? 'yes' : 'true'}`,
          `weight: ${n}`,
          `tags: [a, b]`,
          `mixed: ${n % 2 ? 'text' : n}`,
          n < 8 ? `when: 2024-02-0${n + 1}T10:00:00Z` : 'when: soon',
          n === 0 ? 'rare: x' : '',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
    const site = inferConfig('blog', files(posts));
    expect(fieldsOf(site, 'posts')).toEqual({
      title: 'string required',
      date: 'date required',
      published: 'boolean required',
      weight: 'number required',
      tags: 'string[] required',
      mixed: 'string required',
      when: 'string required',
      rare: 'string',
    });
    expect(site.notes).toEqual([
      {
        kind: 'mixed-types',
        where: 'posts.mixed',
        message: 'mixed types (number, string); typed string',
      },
      {
        kind: 'mixed-types',
        where: 'posts.when',
        message: 'mixed types (datetime, string); typed string',
      },
      { kind: 'rare', where: 'posts.rare', message: 'only in 1 of 10 files' },
    ]);
  });

  it('required from 90 % of the files: 9 of 10 is required, 8 of 10 is not', () => {
    const posts: Record<string, string> = {};
    for (let n = 0; n < 10; n += 1)
      posts[`posts/p${n}.md`] = md(
        [`title: T${n}`, n < 9 ? 'nine: x' : '', n < 8 ? 'eight: x' : '']
          .filter(Boolean)
          .join('\n'),
      );
    expect(fieldsOf(inferConfig('s', files(posts)), 'posts')).toEqual({
      title: 'string required',
      nine: 'string required',
      eight: 'string',
    });
  });

  it("section pages (Zola's and Hugo's _index.md): fields, but none required that they lack; a plain site's _index.md is a post", () => {
    const pages: Record<string, string> = {
      'content/blog/_index.md': md('title: Blog\nsort_by: date\nextra:\n  paginate: true'),
    };
    for (let n = 0; n < 10; n += 1)
      pages[`content/blog/p${n}.md`] = md(
        `title: Post ${n}\nauthors: [Ann]\nextra:\n  team: Core\n  paginate: false`,
      );
    const zolaGenerator = detectGenerator(new Set(['config.toml']), () => 'base_url = "/"\n');
    const zola = inferConfig('blog', files(pages), { generator: zolaGenerator });
    const plain = inferConfig('blog', files(pages));

    expect(zolaGenerator.name).toBe('zola');
    expect(fieldsOf(zola, 'blog')).toEqual({
      title: 'string required',
      authors: 'string[]',
      extra: 'object required',
      sort_by: 'string',
    });
    expect(zola.config.collections.blog!.fields.find((f) => f.name === 'extra')).toMatchObject({
      fields: [
        { name: 'team', type: 'string' },
        { name: 'paginate', type: 'boolean', required: true },
      ],
    });
    expect(zola.config.collections.blog!.fields[2]!).not.toHaveProperty('fields.0.required');
    expect(zola.sectionPages).toEqual(['content/blog/_index.md']);
    expect(fieldsOf(plain, 'blog')).toMatchObject({ authors: 'string[] required' });
    expect(plain.sectionPages).toEqual([]);
  });

  it('keys that are no field names, nulls and mappings beside other values are left out and noted; unreadable files too', () => {
    const site = inferConfig(
      's',
      files({
        'docs/a.md': md('title: A\n"my key": 1\nempty: null\nseo: {x: 1}\nlinks: [{a: 1}]'),
        'docs/b.md': md('title: B\nseo: x'),
        'docs/broken.md': md('title: [unclosed'),
      }),
    );
    expect(fieldsOf(site, 'docs')).toEqual({ title: 'string required', links: 'list' });
    expect(site.notes.map(({ kind, where }) => `${kind} ${where}`)).toEqual([
      'unparsed docs/broken.md',
      'left-out docs.my key',
      'left-out docs.empty',
      'left-out docs.seo',
    ]);
    expect(site.collections).toEqual([
      {
        name: 'docs',
        directory: 'docs',
        files: 3,
        items: ['docs/a.md', 'docs/b.md', 'docs/broken.md'],
        fields: 2,
        required: 1,
      },
    ]);
  });

  it('nested values: object for mappings, list with fields for lists of mappings, text for multi-line strings, datetime for date-times', () => {
    const site = inferConfig(
      's',
      files({
        'docs/a.md': md(
          'title: A\nseo:\n  title: T\n  weight: 1\nlinks:\n  - label: Home\n    url: /\n  - label: Blog\nsummary: |\n  One.\n  Two.\nat: 2024-02-01T10:00:00Z\nwhen: 2024-02-01',
        ),
        'docs/b.md': md(
          'title: B\nseo:\n  title: U\nlinks: []\nat: 2024-02-02T10:00:00+01:00\nwhen: 2024-02-02T10:00:00Z\nmixed: {a: 1}',
        ),
        'docs/c.md': md('title: C\nmixed: text'),
      }),
    );
    expect(parseCmsConfig(JSON.stringify(site.config))).toEqual(site.config);
    const fields = site.config.collections.docs!.fields;
    expect(fields.find((field) => field.name === 'seo')).toEqual({
      name: 'seo',
      type: 'object',
      label: 'Seo',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'weight', type: 'number', label: 'Weight' },
      ],
    });
    expect(fields.find((field) => field.name === 'links')).toEqual({
      name: 'links',
      type: 'list',
      label: 'Links',
      fields: [
        { name: 'label', type: 'string', label: 'Label', required: true },
        { name: 'url', type: 'string', label: 'Url' },
      ],
    });
    expect(fieldsOf(site, 'docs')).toEqual({
      title: 'string required',
      seo: 'object',
      links: 'list',
      summary: 'text',
      at: 'datetime',
      when: 'date',
    });
    expect(site.notes.map(({ kind, where }) => `${kind} ${where}`)).toEqual([
      'left-out docs.mixed',
    ]);
  });

  it('layouts: a directory mixing layouts is one collection of them all, the most used first; a slug given twice is reported; names that are no slugs are served encoded', () => {
    const site = inferConfig(
      's',
      files({
        'content/blog/one/index.md': md('title: 1'),
        'content/blog/two/index.md': md('title: 2'),
        'content/blog/loose.md': md('title: 3'),
        'content/blog/twice.md': md('title: 4'),
        'content/blog/twice/index.md': md('title: 5'),
        'src/docs/a.mdx': md('title: a'),
        'src/docs/About Us.mdx': md('title: b'),
        'src/docs/c.md': md('title: c'),
        'pages/_index.md': md('title: Home'),
        'README.md': '# Read me\n',
      }),
    );
    expect(site.config.collections).toEqual({
      blog: {
        label: 'Blog',
        directory: 'content/blog',
        path: ['{slug}/index.md', '{slug}.md'],
        fields: [{ name: 'title', type: 'number', label: 'Title', required: true }],
      },
      pages: {
        label: 'Pages',
        directory: 'pages',
        fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
      },
      docs: {
        label: 'Docs',
        directory: 'src/docs',
        path: ['{slug}.mdx', '{slug}.md'],
        fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
      },
    });
    expect(
      site.notes
        .filter((note) => note.kind === 'skipped')
        .map((note) => [note.where, note.message]),
    ).toEqual([
      ['README.md', 'at the root of the site, in no collection'],
      [
        'content/blog/twice/index.md',
        'content/blog/twice/index.md and content/blog/twice.md both give the slug of "twice"; rename or delete all but one',
      ],
      [
        'content/blog/twice.md',
        'content/blog/twice/index.md and content/blog/twice.md both give the slug of "twice"; rename or delete all but one',
      ],
    ]);
    expect(site.collections.map((collection) => [collection.name, collection.files])).toEqual([
      ['blog', 3],
      ['pages', 1],
      ['docs', 3],
    ]);
  });

  it('names and labels: the last folder without its leading "_", parents added where two folders share a name', () => {
    const site = inferConfig(
      's',
      files({
        'a/_posts/x.md': md('t: 1'),
        'b/posts/y.md': md('t: 1'),
        'c/Notes & Ideas/z.md': md('t: 1'),
      }),
    );
    expect(
      Object.entries(site.config.collections).map(
        ([name, collection]) => `${name} ${collection.directory} ${collection.label}`,
      ),
    ).toEqual([
      'a-posts a/_posts Posts (a)',
      'b-posts b/posts Posts (b)',
      'notes-ideas c/Notes & Ideas Notes & Ideas',
    ]);
  });
});
