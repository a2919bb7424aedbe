import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CmsConfig } from '../../shared/content/config-schema';
import { parseCmsConfig } from '../../shared/content/config-read';
import { runCli, type CliResult } from '../integration/cli-support';
import type { ApiClient } from './api-client';
import { realSiteFiles } from './real-sites';

/**
 * The real sites as their owners would run them: each committed to a git repository of its own,
 * `cms init` run on it and its proposal committed, then read through the API as the editor reads
 * them. One code path for real-sites-matrix.test.ts and the bench's real-site figures.
 */
export const siteGit = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });

const commit = (dir: string, message: string) =>
  siteGit(
    dir,
    '-c',
    'user.name=Site Owner',
    '-c',
    'user.email=owner@example.com',
    'commit',
    '-qm',
    message,
  );

/** Commits site `name` at `dir`, runs `cms init` there and commits the config it proposes. */
export async function initRealSite({
  name,
  dir,
  env,
}: {
  name: string;
  dir: string;
  /** The CLI's environment (its own HOME). */
  env: Record<string, string>;
}): Promise<{ init: CliResult; config?: CmsConfig }> {
  for (const file of realSiteFiles(name)) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.content);
  }
  siteGit(dir, 'init', '--quiet', '--initial-branch=main');
  // Forced: a few tracked files are named by the site's own .gitignore (fixtures README).
  siteGit(dir, 'add', '--all', '--force');
  commit(dir, 'The site');
  const init = await runCli(['init', dir], env);
  if (init.code !== 0) return { init };
  const config = parseCmsConfig(await readFile(path.join(dir, 'cms.config.json'), 'utf8'));
  siteGit(dir, 'add', 'cms.config.json');
  commit(dir, 'cms.config.json from cms init');
  return { init, config };
}

export interface ListedItem {
  slug: string;
  path: string;
  problem?: string;
}

/** Every item of every collection of a connected site, as the lists give them. */
export async function listAllItems({
  api,
  session,
  repo,
  config,
}: {
  api: ApiClient;
  session: string;
  /** `/api/repos/{repo}`. */
  repo: string;
  config: CmsConfig;
}): Promise<{ collection: string; item: ListedItem }[]> {
  const items: { collection: string; item: ListedItem }[] = [];
  for (const collection of Object.keys(config.collections)) {
    const list = await api.get(`${repo}/content/${collection}`, { session });
    if (list.status !== 200)
      throw new Error(`${repo}/content/${collection}: ${list.status} ${JSON.stringify(list.body)}`);
    for (const item of list.body as ListedItem[]) items.push({ collection, item });
  }
  return items;
}

/** Opens every listed item: its read beside its row. */
export async function openAllItems(options: {
  api: ApiClient;
  session: string;
  repo: string;
  config: CmsConfig;
}) {
  const opened = [];
  for (const { collection, item } of await listAllItems(options)) {
    const read = await options.api.get(`${options.repo}/content/${collection}/${item.slug}`, {
      session: options.session,
    });
    opened.push({ collection, item, read });
  }
  return opened;
}

/** The distinct files the items that opened are: the site's files reachable in the editor. */
export const reachablePaths = (
  opened: readonly { read: { status: number; body: { path?: string } } }[],
) => new Set(opened.filter(({ read }) => read.status === 200).map(({ read }) => read.body.path));

/** The site's markdown files (`.md`, `.mdx`): what "reachable" is counted against. */
export const markdownFilesOf = (name: string) =>
  realSiteFiles(name).filter((file) => /\.mdx?$/.test(file.path)).length;
