import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferSite } from '../../../cli/lib/init/infer-site';
import { runCli } from '../../../cli/run';
import { checkoutRealSite, git, writeFiles } from '../../support/real-site-checkout';
import { realSiteNames } from '../../support/real-sites';

/**
 * `cms check` on the ten real sites, each with the cms.config.json `cms init` proposes for it,
 * and on a copy of one of them with an error of each kind planted, read in each output format.
 */
let root: string;

async function check(...args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await runCli(['check', ...args], {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: {},
  });
  return { code, stdout: out, stderr: err };
}

async function proposeConfig(dir: string): Promise<void> {
  const site = await inferSite(dir);
  writeFileSync(join(dir, 'cms.config.json'), `${JSON.stringify(site.config, null, 2)}\n`);
  git(dir, 'add', 'cms.config.json');
  git(dir, 'commit', '--quiet', '--no-verify', '-m', 'cms.config.json from cms init');
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-check-sites-'));
  for (const name of realSiteNames) {
    checkoutRealSite(name, join(root, name));
    await proposeConfig(join(root, name));
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rustPost = 'one post lacks a field every other post has';
const coderPost =
  'hugo-coder\'s Portuguese post writes math = "true", a string, where the others write a boolean';

describe('cms check on real sites with the config cms init proposes', () => {
  it(`exits 0 with no error on eight sites, section pages (_index.md) included; on the Rust blog ${rustPost}; ${coderPost}`, async () => {
    const figures: Record<string, unknown> = {};
    for (const name of realSiteNames) {
      const { code, stdout } = await check(join(root, name), '--format', 'json');
      const report = JSON.parse(stdout) as {
        checked: number;
        errors: number;
        warnings: number;
        problems: { path: string; line?: number; severity: string; message: string }[];
      };
      figures[name] = {
        code,
        checked: report.checked,
        errors: report.problems
          .filter((problem) => problem.severity === 'error')
          .map((problem) => `${problem.path}:${problem.line} ${problem.message}`),
        warnings: report.warnings,
      };
    }
    expect(figures).toEqual({
      'casdoor-casdoor-website': { code: 0, checked: 74, errors: [], warnings: 15 },
      'dillonzq-LoveIt': { code: 0, checked: 6, errors: [], warnings: 0 },
      'google-docsy-example': { code: 0, checked: 101, errors: [], warnings: 0 },
      'hexojs-site': { code: 0, checked: 140, errors: [], warnings: 0 },
      'just-the-docs-just-the-docs': { code: 0, checked: 43, errors: [], warnings: 0 },
      // Docusaurus, English in docs/ and Chinese in i18n/zh/…/current/: both locales checked.
      'kubevela-kubevela.io': { code: 0, checked: 64, errors: [], warnings: 0 },
      'luizdepra-hugo-coder': {
        code: 1,
        checked: 29,
        errors: [
          'exampleSite/content/posts/math-typesetting.pt-br.md:6 frontmatter.math: expected true or false',
        ],
        warnings: 4,
      },
      'rust-lang-blog.rust-lang.org': {
        code: 1,
        checked: 139,
        errors: ['content/inside-rust/CTCFT-may.md:1 frontmatter.extra: required'],
        warnings: 57,
      },
      'timlrx-tailwind-nextjs-starter-blog': { code: 0, checked: 16, errors: [], warnings: 0 },
      'withastro-starlight': { code: 0, checked: 149, errors: [], warnings: 0 },
    });
  });
});

/**
 * The Next.js starter blog with its authors made a relation and its images media, and one error
 * of each kind planted, each in its own file.
 */
async function plantedSite(): Promise<string> {
  const dir = join(root, 'planted');
  checkoutRealSite('timlrx-tailwind-nextjs-starter-blog', dir);
  await proposeConfig(dir);
  const config = JSON.parse(readFileSync(join(dir, 'cms.config.json'), 'utf8'));
  config.media = { directory: 'public/static/images', publicPath: '/static/images' };
  const blog = config.collections.blog.fields as { name: string; [key: string]: unknown }[];
  const field = (name: string) => blog.find((f) => f.name === name)!;
  Object.assign(field('authors'), { type: 'relation', collection: 'authors', multiple: true });
  Object.assign(field('images'), { type: 'image[]' });
  Object.assign(field('layout'), {
    type: 'select',
    options: ['PostLayout', 'PostSimple', 'PostBanner'],
  });
  writeFileSync(join(dir, 'cms.config.json'), JSON.stringify(config, null, 2));
  writeFiles(dir, [
    { path: 'public/static/images/canada/mountains.jpg', content: 'jpeg' },
    { path: 'public/static/images/canada/toronto.jpg', content: 'jpeg' },
    { path: 'public/static/images/twitter-card.png', content: 'png' },
  ]);
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--no-verify', '-m', 'relations and media');
  const edit = (path: string, from: string | RegExp, to: string) => {
    const text = readFileSync(join(dir, path), 'utf8');
    const next = text.replace(from, to);
    if (next === text) throw new Error(`nothing to plant in ${path}`);
    writeFileSync(join(dir, path), next);
  };
  git(dir, 'checkout', '--quiet', '-b', 'planted');
  // YAML that does not parse.
  edit(
    'data/blog/code-sample.mdx',
    "tags: ['markdown', 'code', 'features']",
    "tags: ['markdown', 'code'",
  );
  // A boolean written as text, a required field removed, an option the select does not have.
  edit('data/blog/my-fancy-title.mdx', /^draft: true$/m, "draft: 'yes'");
  edit('data/blog/the-time-machine.mdx', /^summary: [\s\S]*?(?=^---)/m, '');
  edit('data/blog/new-features-in-v1.mdx', 'layout: PostSimple', 'layout: Wide');
  // A relation to an author that does not exist; an image that is not in the repository.
  edit(
    'data/blog/introducing-tailwind-nextjs-starter-blog.mdx',
    "authors: ['default', 'sparrowhawk']",
    "authors: ['default', 'ged']",
  );
  edit(
    'data/blog/pictures-of-canada.mdx',
    '/static/images/canada/mountains.jpg',
    '/static/images/canada/lake.jpg',
  );
  writeFiles(dir, [
    // A file name that is not a slug, and a .md file in a collection of .mdx files.
    {
      path: 'data/blog/My Trip.mdx',
      content:
        "---\ntitle: My trip\ndate: '2024-05-01'\ntags: []\ndraft: true\nsummary: Notes\n---\n",
    },
    { path: 'data/blog/notes.md', content: '# Notes\n' },
    // JSON frontmatter: its problems are placed at the line of their top-level key.
    {
      path: 'data/blog/json-post.mdx',
      content:
        '{\n  "title": "In JSON",\n  "date": "2024-05-02",\n  "tags": [],\n  "draft": "no",\n  "summary": "JSON frontmatter"\n}\nBody\n',
    },
    // Frontmatter over the limits.
    {
      path: 'data/blog/huge.mdx',
      content: `---\ntitle: Huge\nsummary: '${'x'.repeat(140 * 1024)}'\n---\n`,
    },
  ]);
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--no-verify', '-m', 'planted');
  return dir;
}

describe('cms check with an error of each kind planted', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await plantedSite();
  }, 60_000);

  it('prints each problem under its file with its line, and exits 1', async () => {
    const { code, stdout, stderr } = await check(dir);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(stdout).toBe(
      [
        'data/blog/My Trip.mdx',
        '  -  warning  "My Trip" is not a slug (it must be lowercase); the CMS serves it as "__4dy_20_54rip" and names new items otherwise  (slug)',
        '',
        'data/blog/code-sample.mdx',
        '  5  error    frontmatter: invalid YAML at line 5, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]  (frontmatter)',
        '',
        'data/blog/huge.mdx',
        '  -  error    frontmatter: 143384 bytes is too large; the limits are 128 KiB and 4000 keys and list items  (frontmatter)',
        '',
        'data/blog/introducing-tailwind-nextjs-starter-blog.mdx',
        '  9  error    frontmatter.authors[1]: no item "ged" in collection "authors"  (relation)',
        '',
        'data/blog/json-post.mdx',
        '  5  error    frontmatter.draft: expected true or false  (field)',
        '',
        'data/blog/my-fancy-title.mdx',
        '  5  error    frontmatter.draft: expected true or false  (field)',
        '',
        'data/blog/new-features-in-v1.mdx',
        '  8  error    frontmatter.layout: expected one of "PostLayout", "PostSimple", "PostBanner"  (field)',
        '',
        'data/blog/notes.md',
        '  -  warning  no collection serves this file: data/blog/notes.md is a .md file; this collection serves "{slug}.mdx" (add "{slug}.md" to its "path" to serve these)  (unserved)',
        '',
        'data/blog/pictures-of-canada.mdx',
        '  7  error    frontmatter.images[0]: "/static/images/canada/lake.jpg" stands for public/static/images/canada/lake.jpg, which is not in the repository  (media)',
        '',
        'data/blog/the-time-machine.mdx',
        '  1  error    frontmatter.summary: required  (field)',
        '',
        '8 errors and 2 warnings in 10 files (20 files checked)',
        '',
      ].join('\n'),
    );
  });

  it('gives the same problems as JSON for scripts', async () => {
    const { code, stdout } = await check(dir, '--format', 'json');
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    expect({ checked: report.checked, errors: report.errors, warnings: report.warnings }).toEqual({
      checked: 20,
      errors: 8,
      warnings: 2,
    });
    expect(report.problems[3]).toEqual({
      path: 'data/blog/introducing-tailwind-nextjs-starter-blog.mdx',
      line: 9,
      severity: 'error',
      rule: 'relation',
      message: 'frontmatter.authors[1]: no item "ged" in collection "authors"',
    });
    expect(report.problems[2]).toEqual({
      path: 'data/blog/huge.mdx',
      severity: 'error',
      rule: 'frontmatter',
      message:
        'frontmatter: 143384 bytes is too large; the limits are 128 KiB and 4000 keys and list items',
    });
  });

  it('writes GitHub workflow commands that annotate the lines', async () => {
    const { code, stdout } = await check(dir, '--format', 'github');
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe(
      '::warning file=data/blog/My Trip.mdx,title=cms check (slug)::"My Trip" is not a slug (it must be lowercase); the CMS serves it as "__4dy_20_54rip" and names new items otherwise',
    );
    expect(lines[6]).toBe(
      '::error file=data/blog/new-features-in-v1.mdx,line=8,title=cms check (field)::frontmatter.layout: expected one of "PostLayout", "PostSimple", "PostBanner"',
    );
  });

  it('with --since checks only the files changed since the ref', async () => {
    const { code, stdout } = await check(dir, '--since', 'main', '--format', 'json');
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    // Every planted file changed on the branch; the 10 unchanged items are not read.
    expect(report.checked).toBe(10);
    git(dir, 'checkout', '--quiet', '-b', 'fixed', 'main');
    try {
      const clean = await check(dir, '--since', 'main');
      expect(clean).toEqual({ code: 0, stdout: '0 files checked: no problems\n', stderr: '' });
    } finally {
      git(dir, 'checkout', '--quiet', 'planted');
    }
  });
});

describe('cms check refuses what it cannot check with exit code 2', () => {
  it('names a missing config, an invalid one and an unknown ref', async () => {
    const dir = join(root, 'just-the-docs-just-the-docs');
    const bad = await check(dir, '--since', 'no-such-ref');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --since no-such-ref: git cannot compare it with HEAD \(/);
    const empty = mkdtempSync(join(root, 'empty-'));
    expect(await check(empty)).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: no cms.config.json in ${empty}; run "cms init ${empty}" to propose one\n`,
    });
    writeFileSync(join(empty, 'cms.config.json'), '{"name": "site", "collections": {"Posts": {}}}');
    const invalid = await check(empty);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/^error: cms\.config\.json: collections/);
  });
});

describe('cms check on a collection of several layouts', () => {
  it('names both files that give one slug, as an error', async () => {
    const dir = mkdtempSync(join(root, 'layouts-'));
    git(dir, 'init', '--quiet');
    writeFiles(dir, [
      {
        path: 'cms.config.json',
        content: JSON.stringify({
          name: 'site',
          collections: {
            posts: {
              label: 'Posts',
              directory: 'content/posts',
              path: ['{slug}.md', '{slug}/index.md'],
              fields: [{ name: 'title', label: 'Title', type: 'string' }],
            },
          },
        }),
      },
      { path: 'content/posts/hello.md', content: '---\ntitle: Hello\n---\n' },
      { path: 'content/posts/hello/index.md', content: '---\ntitle: Hello again\n---\n' },
      { path: 'content/posts/other/index.md', content: '---\ntitle: Other\n---\n' },
    ]);
    git(dir, 'add', '--all');
    const { code, stdout } = await check(dir, '--format', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.problems).toEqual([
      {
        path: 'content/posts/hello.md',
        severity: 'error',
        rule: 'duplicate-slug',
        message:
          'content/posts/hello.md and content/posts/hello/index.md both give the slug "hello"; rename or delete all but one of them (the CMS shows neither until then)',
      },
      {
        path: 'content/posts/hello/index.md',
        severity: 'error',
        rule: 'duplicate-slug',
        message:
          'content/posts/hello.md and content/posts/hello/index.md both give the slug "hello"; rename or delete all but one of them (the CMS shows neither until then)',
      },
    ]);
    expect(report.checked).toBe(3);
  });
});
