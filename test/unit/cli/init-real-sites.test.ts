import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InferredSite } from '../../../cli/lib/init/infer-config';
import { inferSite } from '../../../cli/lib/init/infer-site';
import { realSiteFiles, realSiteNames } from '../../support/real-sites';

/**
 * `cms init` on ten real sites (test/fixtures/real-sites), each committed to a git repository
 * first, as a site owner's working tree is: the generator is read from the site's own files, only
 * content is proposed (no README, changelog, template, fixture or vendored file), no file is
 * proposed twice and no two collections read the same in the sidebar. The figures per site are
 * the closing note's: markdown files reachable through the proposed collections, of all tracked.
 */
let root: string;
const sites = new Map<string, InferredSite>();
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });

/** The site's files committed to a new repository at `dir` (added with -f: some are named by the site's own .gitignore, yet tracked). */
function commitSite(dir: string, files: { path: string; content: Buffer | string }[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
  git(dir, 'init', '--quiet');
  git(dir, 'add', '--all', '--force');
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-init-sites-'));
  for (const name of realSiteNames) {
    commitSite(join(root, name), realSiteFiles(name));
    sites.set(name, await inferSite(join(root, name)));
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const site = (name: string) => sites.get(name)!;
const proposedFiles = (inferred: InferredSite) => inferred.collections.flatMap((c) => c.items);
const markdownOf = (name: string) =>
  realSiteFiles(name).filter((file) => /\.mdx?$/.test(file.path)).length;

describe('cms init on real sites', () => {
  it('reads each site as its generator', () => {
    expect(
      Object.fromEntries(realSiteNames.map((name) => [name, site(name).generator?.name])),
    ).toEqual({
      'casdoor-casdoor-website': 'docusaurus',
      // A theme's example site: its hugo.toml is in exampleSite/, where init looks too.
      'dillonzq-LoveIt': 'hugo',
      'google-docsy-example': 'hugo',
      'hexojs-site': 'hexo',
      'just-the-docs-just-the-docs': 'jekyll',
      'kubevela-kubevela.io': 'docusaurus',
      'luizdepra-hugo-coder': 'hugo',
      'rust-lang-blog.rust-lang.org': 'zola',
      'timlrx-tailwind-nextjs-starter-blog': 'nextjs',
      'withastro-starlight': 'starlight',
    });
    // A monorepo's site is found where its configuration is, a Hugo theme's in exampleSite/.
    expect(site('withastro-starlight').generator?.evidence).toBe('docs/astro.config.mjs');
    expect(site('luizdepra-hugo-coder').generator?.evidence).toBe('exampleSite/hugo.toml');
  });

  it.each(realSiteNames)(
    '%s: a file proposed in two collections is reported as such, never silently',
    (name) => {
      const files = proposedFiles(site(name));
      const twice = files.filter((file, index) => files.indexOf(file) !== index);
      const reported = site(name)
        .notes.filter((note) => note.kind === 'overlap')
        .map((note) => note.where);
      expect(reported).toEqual(twice);
    },
  );

  it("reports Hexo's docs/index.md, a bundle of source/ beside the docs folder's pages, as served twice", () => {
    expect(site('hexojs-site').notes).toContainEqual({
      kind: 'overlap',
      where: 'source/docs/index.md',
      message:
        'served by source and docs: keep one (remove the other collection, or move the file)',
    });
  });

  it.each(realSiteNames)('%s: every collection has a label of its own', (name) => {
    const labels = Object.values(site(name).config.collections).map((c) => c.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });

  it.each(realSiteNames)(
    '%s: READMEs, changelogs, templates, fixtures and hidden folders are left out, with the reason',
    (name) => {
      const proposed = proposedFiles(site(name));
      expect(
        proposed.filter((file) =>
          /(?:^|\/)(?:README|CHANGELOG|CODE_OF_CONDUCT|CONTRIBUTING)\.md$|(?:^|\/)(?:\.[^/]+|fixtures|vendor|scaffolds|archetypes)\//.test(
            file,
          ),
        ),
      ).toEqual([]);
      const leftOut = site(name).leftOut.flatMap(({ paths }) => paths);
      expect(proposed.filter((file) => leftOut.includes(file))).toEqual([]);
    },
  );

  it("leaves Hexo's scaffolds and Just the Docs' repository files out", () => {
    expect(site('hexojs-site').leftOut).toContainEqual({
      reason: 'a template for new items (scaffolds/)',
      paths: ['scaffolds/page.md', 'scaffolds/post.md'],
    });
    // Just the Docs: its test fixtures hold markdown, none of it proposed.
    expect(site('just-the-docs-just-the-docs').leftOut.map(({ reason }) => reason)).toEqual(
      expect.arrayContaining(['documents the repository (README, changelog, licence…)']),
    );
  });

  it('proposes TOML for new items where the files use TOML (the Rust blog), YAML elsewhere', () => {
    const formats = (name: string) =>
      new Set(Object.values(site(name).config.collections).map((c) => c.format ?? 'yaml'));
    expect(formats('rust-lang-blog.rust-lang.org')).toEqual(new Set(['toml']));
    expect(formats('google-docsy-example')).toEqual(new Set(['yaml']));
  });

  it('reaches these markdown files of each site through the proposed collections, translations included', () => {
    const figures = Object.fromEntries(
      realSiteNames.map((name) => [
        name,
        `${new Set(proposedFiles(site(name))).size}/${markdownOf(name)} in ${site(name).collections.length}`,
      ]),
    );
    expect(figures).toEqual({
      'casdoor-casdoor-website': '74/75 in 41',
      // English and Chinese by file name (index.en.md, index.zh-cn.md): one collection per section.
      'dillonzq-LoveIt': '6/6 in 2',
      // One collection per section of the default locale (23: the Norwegian-only sections are
      // sections with no English page yet), not one per language folder (32).
      'google-docsy-example': '101/104 in 23',
      'hexojs-site': '139/142 in 3',
      'just-the-docs-just-the-docs': '43/53 in 8',
      // A collection per folder of docs/, each with its Chinese root (i18n/{locale}/docusaurus-plugin-content-docs/current/…).
      'kubevela-kubevela.io': '64/65 in 6',
      // A Hugo theme's demonstration site, translated by file name (posts/x.pt-br.md).
      'luizdepra-hugo-coder': '29/30 in 6',
      'rust-lang-blog.rust-lang.org': '139/140 in 3',
      'timlrx-tailwind-nextjs-starter-blog': '16/19 in 4',
      'withastro-starlight': '149/152 in 5',
    });
  });
});

describe('cms init on sections mixing layouts', () => {
  it('proposes one collection of files and bundles for the Rust blog, and .md with .mdx for Starlight', () => {
    const rust = site('rust-lang-blog.rust-lang.org').config.collections;
    expect(Object.entries(rust).map(([name, collection]) => [name, collection.path])).toEqual([
      ['content', ['{slug}.md', '{slug}/index.md']],
      ['inside-rust', ['{slug}.md', '{slug}/index.md']],
      ['releases', undefined],
    ]);
    // The Configuration reference page (an .mdx among .md pages) is served in every language.
    const configuration = site('withastro-starlight')
      .collections.flatMap((collection) => collection.items)
      .filter((file) => file.endsWith('/reference/configuration.mdx'));
    expect(configuration).toHaveLength(8);
    expect(site('withastro-starlight').config.collections.reference!.path).toEqual([
      '{slug}.md',
      '{slug}.mdx',
    ]);
  });
});

describe('cms init reads what git tracks', () => {
  it("proposes tracked posts in public/ and leaves out build output the site's .gitignore names", async () => {
    const dir = join(root, 'next-public');
    const post = (title: string) => `---\ntitle: ${title}\ndate: 2024-01-01\n---\nText.\n`;
    commitSite(dir, [
      { path: 'next.config.js', content: 'module.exports = {};\n' },
      { path: '.gitignore', content: '/out\n' },
      { path: 'public/first-post/index.md', content: post('First') },
      { path: 'public/second-post/index.md', content: post('Second') },
    ]);
    mkdirSync(join(dir, 'out/first-post'), { recursive: true });
    writeFileSync(join(dir, 'out/first-post/index.md'), post('Built copy'));

    const inferred = await inferSite(dir);

    expect(inferred.generator?.name).toBe('nextjs');
    expect(inferred.collections.map((c) => [c.directory, c.path, c.items])).toEqual([
      ['public', '{slug}/index.md', ['public/first-post/index.md', 'public/second-post/index.md']],
    ]);
  });

  it('--include and --exclude widen and narrow what is considered', async () => {
    const dir = join(root, 'globs');
    const page = `---\ntitle: A page\n---\nText.\n`;
    commitSite(dir, [
      { path: 'docs/a.md', content: page },
      { path: 'docs/b.md', content: page },
      { path: 'fixtures/site/c.md', content: page },
    ]);

    const plain = await inferSite(dir);
    const widened = await inferSite(dir, { include: ['fixtures/**'], exclude: ['docs/b.md'] });

    expect(proposedFiles(plain)).toEqual(['docs/a.md', 'docs/b.md']);
    expect(proposedFiles(widened)).toEqual(['docs/a.md', 'fixtures/site/c.md']);
    expect(widened.leftOut).toEqual([{ reason: 'matched --exclude', paths: ['docs/b.md'] }]);
  });
});
