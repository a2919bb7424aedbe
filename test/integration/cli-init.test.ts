import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CmsConfig } from '../../shared/content/config-schema';
import { parseCmsConfig } from '../../shared/content/config-read';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { runCli, type CliResult } from './cli-support';
import { localRepo } from '../support/served-real-sites';

/**
 * `cms init` on real documentation sites (the corpus of test/fixtures/real-world), each copied
 * into a git repository: the CLI writes a cms.config.json, the owner commits it, local mode serves
 * the site, and every file of every inferred collection lists and opens.
 */
const sites = {
  'jekyll-docs': 'jekyll-jekyll',
  'hugo-docs': 'gohugoio-hugoDocs',
  'astro-docs': 'withastro-docs',
} as const;
type SiteName = keyof typeof sites;

let root: string;
let service: TestService;
let api: ApiClient;
let demo: string;
const initRuns = new Map<SiteName, CliResult>();
const configs = new Map<SiteName, CmsConfig>();

const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: root,
  XDG_CONFIG_HOME: path.join(root, 'config'),
  NO_COLOR: '1',
});
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
const commit = (dir: string, message: string) =>
  git(
    dir,
    '-c',
    'user.name=Site Owner',
    '-c',
    'user.email=owner@example.com',
    'commit',
    '--quiet',
    '-m',
    message,
  );
const siteDir = (name: SiteName) => path.join(root, name);
const repoPath = localRepo;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-init-'));
  for (const [name, corpus] of Object.entries(sites) as [SiteName, string][]) {
    const dir = siteDir(name);
    await cp(fileURLToPath(new URL(`../fixtures/real-world/${corpus}`, import.meta.url)), dir, {
      recursive: true,
    });
    git(dir, 'init', '--quiet', '--initial-branch=main');
    git(dir, 'add', '--all');
    commit(dir, 'The site');
    const result = await runCli(['init', dir], env());
    initRuns.set(name, result);
    if (result.code === 0) {
      configs.set(name, parseCmsConfig(await readFile(path.join(dir, 'cms.config.json'), 'utf8')));
      git(dir, 'add', 'cms.config.json');
      commit(dir, 'cms.config.json from cms init');
    }
  }
  service = await startTestService({
    dataDir: path.join(root, 'data'),
    sites: Object.keys(sites).map((name) => siteDir(name as SiteName)),
  });
  api = apiClient(service.url);
  demo = await api.signIn('demo');
}, 180_000);
afterAll(async () => {
  await service?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('cms init on real sites', () => {
  it('writes a valid cms.config.json and prints the collections and what it was unsure of', () => {
    for (const name of Object.keys(sites) as SiteName[]) {
      const result = initRuns.get(name)!;
      expect(result.code, result.stderr).toBe(0);
      expect(configs.get(name)?.name).toBe(name);
      expect(result.stdout).toMatch(/^\d+ collections:\nCOLLECTION +FILES AT +FILES +FIELDS\n/);
      expect(result.stdout).toMatch(
        /\nWrote .*cms\.config\.json\. Review it, commit it, then run: cms dev /,
      );
    }
    expect(initRuns.get('jekyll-docs')!.stdout).toMatch(
      /\ndocs +docs\/_docs\/\{slug\}\.md +34 +7 \(2 required\)\n/,
    );
    expect(initRuns.get('jekyll-docs')!.stdout).toContain(
      '  Fields with mixed types:\n    docs.redirect_from: mixed types (string, string[]); typed string\n',
    );
    // Mappings such as Astro's sidebar: become object fields.
    const astro = Object.values(configs.get('astro-docs')!.collections);
    expect(
      astro.some((collection) =>
        collection.fields.some((field) => field.name === 'sidebar' && field.type === 'object'),
      ),
    ).toBe(true);
    expect(initRuns.get('hugo-docs')!.stdout).toMatch(
      /\nhost-and-deploy +content\/en\/host-and-deploy\/\{slug\}\/index\.md,\{slug\}\.md +3 /,
    );
  });

  it('connects each site, and every file of every collection lists and opens: no 500, no unreported problem', async () => {
    expect(
      service.sites.map(({ fullName, connected, problem }) => ({ fullName, connected, problem })),
    ).toEqual(
      Object.keys(sites).map((name) => ({
        fullName: `local/${name}`,
        connected: true,
        problem: undefined,
      })),
    );
    const opened = new Set<string>();
    for (const name of Object.keys(sites) as SiteName[]) {
      const expected = initRuns.get(name)!.stdout;
      for (const [collection] of Object.entries(configs.get(name)!.collections)) {
        const list = await api.get(`${repoPath(name)}/content/${collection}`, { session: demo });
        expect(list.status, `${name}/${collection}: ${JSON.stringify(list.body)}`).toBe(200);
        expect(list.body.length, `${name}/${collection}`).toBeGreaterThan(0);
        expect(expected).toMatch(new RegExp(`\\n${collection} +\\S+ +${list.body.length} `));
        for (const listed of list.body as { slug: string; path: string; problem?: string }[]) {
          const item = await api.get(`${repoPath(name)}/content/${collection}/${listed.slug}`, {
            session: demo,
          });
          expect(
            item.status,
            `${name}/${collection}/${listed.slug}: ${JSON.stringify(item.body)}`,
          ).toBe(200);
          expect(item.body.problem, `${name}/${collection}/${listed.slug}`).toBe(listed.problem);
          expect(typeof item.body.body).toBe('string');
          opened.add(`${name}/${item.body.path}`);
        }
      }
    }
    // Every markdown file of the three sites (an Astro tutorial step's index.mdx is in two
    // collections), the single file among Hugo's bundles included: its collection takes both layouts.
    const single = 'content/en/host-and-deploy/deploy-with-rsync.md';
    expect(initRuns.get('hugo-docs')!.stdout).not.toContain('Markdown files no collection serves');
    expect(opened.has(`hugo-docs/${single}`)).toBe(true);
    expect(opened.size).toBe(97 + 241 + 140);
  }, 300_000);

  it('a body edit of a file with inferred fields saves: existing values are never refused', async () => {
    const edits = {
      'jekyll-docs': ['docs', 'configuration'],
      'hugo-docs': ['page', 'methods'],
      'astro-docs': ['errors', 'tutorial'],
    } as const;
    for (const [name, collections] of Object.entries(edits) as [SiteName, readonly string[]][]) {
      for (const collection of collections) {
        const list = await api.get(`${repoPath(name)}/content/${collection}`, { session: demo });
        const slug = (list.body as { slug: string }[]).at(-1)!.slug;
        const item = (
          await api.get(`${repoPath(name)}/content/${collection}/${slug}`, { session: demo })
        ).body;
        const saved = await api.put(
          `${repoPath(name)}/content/${collection}/${slug}`,
          {
            frontmatter: item.frontmatter,
            body: `${item.body}\nEdited.\n`,
            sha: item.sha,
            mode: 'direct',
          },
          { session: demo },
        );
        expect(saved.status, `${name}/${collection}/${slug}: ${JSON.stringify(saved.body)}`).toBe(
          200,
        );
        expect(git(siteDir(name), 'show', `HEAD:${item.path}`)).toMatch(/\nEdited\.\n$/);
      }
    }
  });
});

describe('refusals and --dry-run', () => {
  it('refuses to overwrite cms.config.json without --force; --dry-run prints the config and writes nothing', async () => {
    const dir = siteDir('jekyll-docs');
    const before = await readFile(path.join(dir, 'cms.config.json'), 'utf8');
    await writeFile(path.join(dir, 'cms.config.json'), '{"mine": true}\n');

    const refused = await runCli(['init', dir], env());
    const dryRun = await runCli(['init', dir, '--dry-run'], env());
    const untouched = await readFile(path.join(dir, 'cms.config.json'), 'utf8');
    const forced = await runCli(['init', dir, '--force'], env());

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error: cms\.config\.json already exists in .*; pass --force to replace it/,
    );
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toBe(before);
    expect(dryRun.stderr).toMatch(/^12 collections:\n/);
    expect(untouched).toBe('{"mine": true}\n');
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'cms.config.json'), 'utf8')).toBe(before);
  });

  it('exits 2 for a directory that does not exist, 1 for a site with no content, saying where markdown was left out and why', async () => {
    const missing = await runCli(['init', path.join(root, 'nowhere')], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nowhere is not a directory/);
    const empty = path.join(root, 'empty-site');
    await cp(
      fileURLToPath(new URL('../fixtures/hugo-coder/README.md', import.meta.url)),
      path.join(empty, 'README.md'),
    );
    const nothing = await runCli(['init', empty], env());
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(
      /^error: No collection to propose for .*empty-site \(Read as a plain folder of markdown\)\. Markdown left out:\n {2}1 documents the repository \(README, changelog, licence…\): README\.md\nPass --include <glob> to consider some of it anyway/,
    );
  });
});
