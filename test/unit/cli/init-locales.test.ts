import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferSite } from '../../../cli/lib/init/infer-site';
import { runCli } from '../../../cli/run';
import { git, writeFiles } from '../../support/real-site-checkout';

/**
 * `cms init` on small multilingual sites written here, one per way a generator names its
 * languages: what the proposal's `i18n` says, and what init says when it cannot read them. The
 * real sites' proposals are in init-real-sites.test.ts.
 */
let root: string;
let count = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cms-init-locales-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\nText.\n`;

/** A new git working tree holding `files`, tracked, as a site owner's clone. */
function site(files: Record<string, string>): string {
  count += 1;
  const dir = join(root, `site-${count}`);
  writeFiles(
    dir,
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  git(dir, 'init', '--quiet');
  git(dir, 'add', '--all');
  return dir;
}

async function init(...args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await runCli(['init', ...args], {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: {},
  });
  return { code, stdout: out, stderr: err };
}

const hugoSuffixSite = () =>
  site({
    'hugo.toml': [
      'baseURL = "https://example.org/"',
      'defaultContentLanguage = "en"',
      '[languages.en]',
      'weight = 1',
      '[languages.fr]',
      'weight = 2',
      '[languages.pt-br]',
      'weight = 3',
      '',
    ].join('\n'),
    'content/posts/first.md': page('First', 'date: 2024-01-02\ndraft: false\n'),
    'content/posts/first.fr.md': page('Premier', 'date: 2024-01-02\ndraft: false\n'),
    'content/posts/first.pt-br.md': page('Primeiro', 'date: 2024-01-02\ndraft: false\n'),
    'content/posts/second.md': page('Second', 'date: 2024-02-03\ndraft: true\n'),
    'content/posts/trip/index.md': page('Trip', 'date: 2024-03-04\ncover: /images/trip.jpg\n'),
    'content/posts/trip/index.fr.md': page('Voyage', 'date: 2024-03-04\ncover: /images/trip.jpg\n'),
    'content/posts/_index.md': page('Posts'),
    'content/posts/_index.fr.md': page('Articles'),
    'content/about/team.en.md': page('Team'),
    'content/about/team.fr.md': page('Équipe'),
  });

describe('Hugo, translations by file name', () => {
  it('proposes one collection per section with the suffix structure, and the languages of hugo.toml', async () => {
    const inferred = await inferSite(hugoSuffixSite());

    expect(inferred.config.i18n).toEqual({ locales: ['en', 'fr', 'pt-br'], default: 'en' });
    const posts = inferred.config.collections.posts!;
    expect(posts).toMatchObject({
      directory: 'content/posts',
      path: ['{slug}.md', '{slug}/index.md'],
      i18n: { structure: 'suffix' },
    });
    expect(inferred.collections.find((c) => c.name === 'posts')).toMatchObject({
      files: 8,
      translations: 4,
      items: [
        'content/posts/_index.md',
        'content/posts/_index.fr.md',
        'content/posts/first.md',
        'content/posts/first.fr.md',
        'content/posts/first.pt-br.md',
        'content/posts/second.md',
        'content/posts/trip/index.md',
        'content/posts/trip/index.fr.md',
      ],
    });
    // The default locale's files carry their suffix too here (team.en.md).
    expect(inferred.config.collections.about!.i18n).toEqual({
      structure: 'suffix',
      suffixDefault: true,
    });
    expect(Object.keys(inferred.config.collections)).toEqual(['about', 'posts']);
    // The section page in French is the section's page too: listed as one, not as a post.
    expect(inferred.sectionPages).toEqual([
      'content/posts/_index.md',
      'content/posts/_index.fr.md',
    ]);
  });

  it('marks the date and the draft flag shared, an image path duplicated, the title translated', async () => {
    const inferred = await inferSite(hugoSuffixSite());

    const roles = Object.fromEntries(
      inferred.config.collections.posts!.fields.map((field) => [field.name, field.i18n ?? null]),
    );
    expect(roles).toEqual({ title: null, date: 'shared', draft: 'shared', cover: 'duplicate' });
  });

  it('says which locales it found and where, and --no-i18n proposes one collection per file name as before', async () => {
    const dir = hugoSuffixSite();

    const dryRun = await init(dir, '--dry-run');
    const plain = await init(dir, '--dry-run', '--no-i18n');

    expect(dryRun.code).toBe(0);
    expect(dryRun.stderr).toContain(
      '3 locales detected (en, fr, pt-br) from hugo.toml; default en.',
    );
    expect(dryRun.stderr).toMatch(
      /\nposts +content\/posts\/\{slug\}\.md,\{slug\}\/index\.md +4 \+ 4 translations /,
    );
    expect(JSON.parse(dryRun.stdout).i18n).toEqual({
      locales: ['en', 'fr', 'pt-br'],
      default: 'en',
    });
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('locales detected');
    const config = JSON.parse(plain.stdout);
    expect(config.i18n).toBeUndefined();
    expect(config.collections.posts.i18n).toBeUndefined();
  });
});

describe('Zola, translations by file name', () => {
  it('proposes the suffix structure from default_language and the languages tables of config.toml', async () => {
    const inferred = await inferSite(
      site({
        'config.toml': [
          'base_url = "https://example.org"',
          'default_language = "en"',
          '[languages.fr]',
          'title = "Mon site"',
          '',
        ].join('\n'),
        'content/blog/_index.md': '+++\ntitle = "Blog"\n+++\n',
        'content/blog/_index.fr.md': '+++\ntitle = "Blogue"\n+++\n',
        'content/blog/first.md': '+++\ntitle = "First"\ndate = 2024-01-02\n+++\nText.\n',
        'content/blog/first.fr.md': '+++\ntitle = "Premier"\ndate = 2024-01-02\n+++\nTexte.\n',
      }),
    );

    expect(inferred.generator?.name).toBe('zola');
    expect(inferred.config.i18n).toEqual({ locales: ['en', 'fr'], default: 'en' });
    expect(inferred.config.collections.blog).toMatchObject({
      directory: 'content/blog',
      format: 'toml',
      i18n: { structure: 'suffix' },
    });
    expect(inferred.sectionPages).toEqual(['content/blog/_index.md', 'content/blog/_index.fr.md']);
  });
});

describe('configurations init reads as text, never runs', () => {
  it('Starlight without a root locale: the default is defaultLocale, in its own folder; comments and strings holding braces are no trouble', async () => {
    const inferred = await inferSite(
      site({
        'package.json': JSON.stringify({ dependencies: { '@astrojs/starlight': '0.30.0' } }),
        'astro.config.mjs': [
          "import starlight from '@astrojs/starlight';",
          '// locales: { xx: {} } is an old setting, kept in this comment',
          'export default defineConfig({',
          '  integrations: [',
          '    starlight({',
          "      title: 'Docs {beta}',",
          "      defaultLocale: 'en',",
          '      locales: {',
          "        en: { label: 'English', lang: 'en' },",
          "        /* French } */ fr: { label: 'Français {fr}', lang: 'fr' },",
          '      },',
          '    }),',
          '  ],',
          '});',
          '',
        ].join('\n'),
        'src/content/docs/en/guides/start.md': page('Start'),
        'src/content/docs/fr/guides/start.md': page('Commencer'),
        'src/content/docs/en/index.md': page('Home'),
        'src/content/docs/en/faq.md': page('FAQ'),
      }),
    );

    expect(inferred.config.i18n).toEqual({ locales: ['en', 'fr'], default: 'en' });
    expect(
      Object.entries(inferred.config.collections).map(([name, c]) => [name, c.directory, c.i18n]),
    ).toEqual([
      [
        'en',
        'src/content/docs/en',
        { structure: 'directories', directory: 'src/content/docs/{locale}' },
      ],
      [
        'guides',
        'src/content/docs/en/guides',
        { structure: 'directories', directory: 'src/content/docs/{locale}/guides' },
      ],
    ]);
  });

  it('Starlight with locales imported from another file: no i18n, and init says why', async () => {
    const inferred = await inferSite(
      site({
        'package.json': JSON.stringify({ dependencies: { '@astrojs/starlight': '0.30.0' } }),
        'astro.config.mjs': [
          "import { locales } from './locales.mjs';",
          "export default defineConfig({ integrations: [starlight({ title: 'Docs', locales })] });",
          '',
        ].join('\n'),
        'src/content/docs/guides/start.md': page('Start'),
        'src/content/docs/fr/guides/start.md': page('Commencer'),
      }),
    );

    expect(inferred.config.i18n).toBeUndefined();
    expect(Object.keys(inferred.config.collections)).toEqual(['fr-guides', 'docs-guides']);
    expect(inferred.notes).toContainEqual({
      kind: 'locales',
      where: 'astro.config.mjs',
      message:
        'its locales are not written out as plain keys with a lang (computed or imported); no i18n proposed',
    });
  });

  it('Starlight: a language folder its locales do not name stays a collection of its own, said so', async () => {
    const inferred = await inferSite(
      site({
        'package.json': JSON.stringify({ dependencies: { '@astrojs/starlight': '0.30.0' } }),
        'astro.config.mjs':
          "export default { integrations: [starlight({ locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })] };\n",
        'src/content/docs/guides/start.md': page('Start'),
        'src/content/docs/fr/guides/start.md': page('Commencer'),
        'src/content/docs/de/guides/start.md': page('Anfangen'),
      }),
    );

    expect(inferred.config.i18n).toEqual({ locales: ['en', 'fr'], default: 'en' });
    expect(
      Object.entries(inferred.config.collections).map(([name, c]) => [name, c.i18n ?? null]),
    ).toEqual([
      ['de-guides', null],
      ['docs-guides', { structure: 'directories', directory: 'src/content/docs/{locale}/guides' }],
    ]);
    expect(inferred.notes).toContainEqual({
      kind: 'locales',
      where: 'astro.config.mjs',
      message:
        'src/content/docs/de/ looks like a translation folder, but astro.config.mjs does not name its locale: proposed as collections of its own (name it there, then run cms init again)',
    });
  });

  it('Docusaurus: a locale code the config cannot hold is left out and named; the others are proposed', async () => {
    const inferred = await inferSite(
      site({
        'docusaurus.config.js': [
          'module.exports = {',
          "  i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'zh_CN'] },",
          '};',
          '',
        ].join('\n'),
        'docs/intro.md': page('Intro'),
        'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': page('Intro FR'),
      }),
    );

    expect(inferred.config.i18n).toEqual({ locales: ['en', 'fr'], default: 'en' });
    expect(inferred.config.collections.docs!.i18n).toEqual({
      structure: 'directories',
      directory: 'i18n/{locale}/docusaurus-plugin-content-docs/current',
    });
    expect(inferred.collections.map((c) => [c.name, c.items])).toEqual([
      ['docs', ['docs/intro.md', 'i18n/fr/docusaurus-plugin-content-docs/current/intro.md']],
    ]);
    expect(inferred.notes).toContainEqual({
      kind: 'locales',
      where: 'docusaurus.config.js',
      message:
        '"zh_CN" is no locale code a config accepts (letters and digits in parts joined by "-": en, pt-br, zh-CN); left out',
    });
  });
});
