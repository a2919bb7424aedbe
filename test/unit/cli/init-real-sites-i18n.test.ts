import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldWithRole } from '../../../cli/lib/init/field-roles';
import type { InferredSite } from '../../../cli/lib/init/infer-config';
import { inferSite } from '../../../cli/lib/init/infer-site';
import { checkoutRealSite } from '../../support/real-site-checkout';

/**
 * `cms init` on the five real sites kept in several languages (test/fixtures/real-sites): the
 * locales their generator's configuration names, one collection per section with `i18n` saying
 * where its translations are, and the fields kept alike across locales. The figures (files reached,
 * collections) are in init-real-sites.test.ts.
 */
const multilingual = [
  'casdoor-casdoor-website',
  'google-docsy-example',
  'hexojs-site',
  'luizdepra-hugo-coder',
  'withastro-starlight',
];
let root: string;
const sites = new Map<string, InferredSite>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-init-i18n-'));
  for (const name of multilingual) {
    checkoutRealSite(name, join(root, name));
    sites.set(name, await inferSite(join(root, name)));
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const site = (name: string) => sites.get(name)!;

describe('cms init on multilingual sites', () => {
  const i18nOf = (name: string) =>
    Object.fromEntries(
      Object.entries(site(name).config.collections).map(([key, c]) => [key, c.i18n ?? null]),
    );

  it('Starlight: the locales of astro.config.mjs, English at the root, one collection per section', () => {
    const starlight = site('withastro-starlight');
    expect(starlight.config.i18n).toEqual({
      locales: [
        'en',
        'de',
        'es',
        'ja',
        'fr',
        'it',
        'id',
        'zh-cn',
        'pt-br',
        'pt-pt',
        'ko',
        'tr',
        'ru',
        'hi',
        'da',
        'uk',
        'fa',
      ],
      default: 'en',
    });
    expect(starlight.locales?.evidence).toBe('docs/astro.config.mjs');
    const docs = 'docs/src/content/docs';
    expect(i18nOf('withastro-starlight')).toEqual({
      docs: { structure: 'directories', directory: `${docs}/{locale}` },
      components: { structure: 'directories', directory: `${docs}/{locale}/components` },
      guides: { structure: 'directories', directory: `${docs}/{locale}/guides` },
      reference: { structure: 'directories', directory: `${docs}/{locale}/reference` },
      resources: { structure: 'directories', directory: `${docs}/{locale}/resources` },
    });
    const guides = starlight.collections.find((c) => c.name === 'guides')!;
    expect([guides.directory, guides.files, guides.translations]).toEqual([
      `${docs}/guides`,
      32,
      28,
    ]);
    expect(guides.items).toContain(`${docs}/zh-cn/guides/i18n.mdx`);
  });

  it("Docsy: Hugo's languages with a contentDir each, the default in its own folder", () => {
    const docsy = site('google-docsy-example');
    expect(docsy.config.i18n).toEqual({ locales: ['en', 'no', 'fa'], default: 'en' });
    expect(docsy.locales?.evidence).toBe('hugo.yaml');
    const collections = docsy.config.collections;
    expect([collections.docs!.directory, collections.docs!.i18n]).toEqual([
      'content/en/docs',
      { structure: 'directories', directory: 'content/{locale}/docs' },
    ]);
    expect(collections.news!.i18n).toEqual({
      structure: 'directories',
      directory: 'content/{locale}/blog/news',
    });
    // A section only the Norwegian site has is one collection with no English page yet.
    const bigData = docsy.collections.find((c) => c.name === 'big-data')!;
    expect([bigData.directory, bigData.files, bigData.translations]).toEqual([
      'content/en/docs/big-data',
      2,
      2,
    ]);
  });

  it("hugo-coder: Hugo's languages without a contentDir, translated by file name", () => {
    const coder = site('luizdepra-hugo-coder');
    expect(coder.config.i18n).toEqual({ locales: ['en', 'pt-br'], default: 'en' });
    expect(coder.locales?.evidence).toBe('exampleSite/hugo.toml');
    expect(coder.config.collections.posts).toMatchObject({
      directory: 'exampleSite/content/posts',
      i18n: { structure: 'suffix' },
    });
    const posts = coder.collections.find((c) => c.name === 'posts')!;
    expect([posts.files, posts.translations]).toEqual([18, 9]);
    expect(posts.items).toContain('exampleSite/content/posts/math-typesetting.pt-br.md');
    // A taxonomy page only the Portuguese site has: a collection with no English page yet.
    const syntax = coder.collections.find((c) => c.name === 'syntax')!;
    expect([syntax.directory, syntax.items]).toEqual([
      'exampleSite/content/categories/syntax',
      ['exampleSite/content/categories/syntax/_index.pt-br.md'],
    ]);
  });

  it("Hexo: _config.yml's language and the language folders of source/, said as not named there; posts stay untranslated", () => {
    const hexo = site('hexojs-site');
    const folders = ['es', 'ja', 'ko', 'pt-br', 'ru', 'th', 'zh-cn', 'zh-tw'];
    expect(hexo.config.i18n).toEqual({ locales: ['en', ...folders], default: 'en' });
    expect(hexo.locales).toMatchObject({ evidence: '_config.yml', fromFolders: folders });
    expect(i18nOf('hexojs-site')).toEqual({
      source: { structure: 'directories', directory: 'source/{locale}' },
      posts: null,
      docs: { structure: 'directories', directory: 'source/{locale}/docs' },
    });
    // The home page in Japanese is the home page's translation, not a bundle named "ja".
    expect(hexo.collections.find((c) => c.name === 'source')!.items).toContain(
      'source/ja/index.md',
    );
  });

  it("Casdoor: docusaurus.config.js's i18n with the translations kept elsewhere, said so", () => {
    const casdoor = site('casdoor-casdoor-website');
    expect(casdoor.config.i18n).toEqual({
      locales: ['en', 'es', 'fr', 'de', 'ja', 'zh', 'vi', 'pt', 'tr', 'pl', 'uk'],
      default: 'en',
    });
    const collections = casdoor.config.collections;
    expect(collections.blog!.i18n).toEqual({
      structure: 'directories',
      directory: 'i18n/{locale}/docusaurus-plugin-content-blog',
    });
    expect(collections.oauth!.i18n).toEqual({
      structure: 'directories',
      directory: 'i18n/{locale}/docusaurus-plugin-content-docs/current/provider/oauth',
    });
    expect(casdoor.notes).toContainEqual({
      kind: 'locales',
      where: 'docusaurus.config.js',
      message:
        "no page in another locale than en is in the repository yet: each collection's i18n.directory says where the generator reads them (pass --no-i18n if a translation service keeps them elsewhere)",
    });
  });

  it('marks the date, the ordering number and image paths as kept across locales, text as translated; nested fields go with the field holding them', () => {
    const starlight = site('withastro-starlight').config.collections;
    const field = (fields: FieldWithRole[] | undefined, name: string) =>
      fields?.find((candidate) => candidate.name === name);
    // The config takes `i18n` on top-level fields only: Starlight's `sidebar.order` and
    // `hero.image.file` are translated with `sidebar` and `hero`.
    const sidebar = field(starlight.components!.fields, 'sidebar');
    expect(sidebar).toBeDefined();
    expect(sidebar).not.toHaveProperty('i18n');
    expect(field(sidebar?.fields, 'order')).not.toHaveProperty('i18n');
    const hero = field(starlight.docs!.fields, 'hero');
    expect(field(field(hero?.fields, 'image')?.fields, 'file')).not.toHaveProperty('i18n');
    expect(field(starlight.guides!.fields, 'title')).not.toHaveProperty('i18n');
    const docsy = site('google-docsy-example').config.collections;
    expect(field(docsy.news!.fields, 'date')?.i18n).toBe('shared');
    expect(field(docsy.docs!.fields, 'weight')?.i18n).toBe('shared');
  });
});
