import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliPackage } from '../../../cli/package/build';
import { checkoutRealSite, git, writeFiles } from '../../support/real-site-checkout';

/**
 * The installable CLI: built and packed once (`npm pack`), installed from the tarball into an
 * empty folder with the network off (`npm install --offline`: the bundle carries its
 * dependencies), and run from there on a real site.
 */
let root: string;
let cms: string;
const { version } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-cli-package-'));
  const out = join(root, 'package');
  await buildCliPackage(out);
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', root], {
    cwd: out,
    encoding: 'utf8',
  }).trim();
  const project = join(root, 'empty');
  mkdirSync(project);
  execFileSync(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(root, tarball)],
    { cwd: project, encoding: 'utf8' },
  );
  cms = join(project, 'node_modules/.bin/cms');
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (cwd: string, ...args: string[]) => {
  const result = spawnSync(cms, args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('the packed cms CLI installed into an empty folder', () => {
  it("answers --version with the repository's version", () => {
    expect(run(root, '--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('checks a real site and fails on a planted error', () => {
    const site = join(root, 'site');
    checkoutRealSite('timlrx-tailwind-nextjs-starter-blog', site);
    writeFiles(site, [
      {
        path: 'cms.config.json',
        content: JSON.stringify({
          name: 'blog',
          collections: {
            blog: {
              label: 'Blog',
              directory: 'data/blog',
              path: '{slug}.mdx',
              fields: [
                { name: 'title', label: 'Title', type: 'string', required: true },
                { name: 'draft', label: 'Draft', type: 'boolean' },
              ],
            },
          },
        }),
      },
    ]);
    git(site, 'add', 'cms.config.json');
    // A warning (the nested-route folder the collection does not serve) does not fail the check.
    expect(run(site, 'check')).toEqual({
      code: 0,
      stdout: [
        'data/blog/nested-route/introducing-multi-part-posts-with-nested-routing.mdx',
        '  -  warning  no collection serves this file: data/blog/nested-route is a folder; this collection\'s items are "{slug}.mdx" files directly in data/blog (a "path" such as "{slug}/index.md" serves page bundles)  (unserved)',
        '',
        '0 errors and 1 warning in 1 file (11 files checked)',
        '',
      ].join('\n'),
      stderr: '',
    });
    writeFiles(site, [
      { path: 'data/blog/code-sample.mdx', content: '---\ndraft: 1\n---\nBody\n' },
    ]);
    expect(run(site, 'check', '--format', 'github')).toEqual({
      code: 1,
      stdout: [
        '::error file=data/blog/code-sample.mdx,line=1,title=cms check (field)::frontmatter.title: required',
        '::error file=data/blog/code-sample.mdx,line=2,title=cms check (field)::frontmatter.draft: expected true or false',
        '::warning file=data/blog/nested-route/introducing-multi-part-posts-with-nested-routing.mdx,title=cms check (unserved)::no collection serves this file: data/blog/nested-route is a folder; this collection\'s items are "{slug}.mdx" files directly in data/blog (a "path" such as "{slug}/index.md" serves page bundles)',
        '',
      ].join('\n'),
      stderr: '',
    });
  });
});
