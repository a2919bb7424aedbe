import { releaseRepositories } from './git-reading';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { findRepo, findUser } from './access';
import { repoGitDir, type HostContext } from './context';
import { installationFor, isoSeconds } from './repos';
import type { RepoRecord } from './state';
import { registerWorkingTree } from './working-tree';

/**
 * A user's own site served in place (`--site DIR`): the git working tree at DIR becomes the
 * repository `local/<dir name>` on the host, its default branch the branch checked out there. The
 * host's path for it is a symbolic link to the site's own git directory, so commits, drafts and
 * pushes land in the user's repository; the demo user is its admin and the app is installed on it.
 */

export const SITE_OWNER = 'local';

export interface ServedSite {
  owner: string;
  name: string;
  defaultBranch: string;
  /** The working tree (absolute). */
  dir: string;
}

export class SiteError extends Error {
  override name = 'SiteError';
}

async function inspect(dir: string): Promise<{ gitDir: string; branch: string }> {
  if (!existsSync(dir)) throw new SiteError(`--site ${dir}: no such directory`);
  let gitDir: string;
  try {
    // Run inside the directory: GIT_DIR must not be set for git to find the repository itself.
    gitDir = (await runGitIn(dir, ['rev-parse', '--absolute-git-dir'])).trim();
  } catch {
    throw new SiteError(`--site ${dir}: not a git working tree (run git init there first)`);
  }
  if ((await runGitIn(dir, ['rev-parse', '--is-bare-repository'])).trim() === 'true')
    throw new SiteError(`--site ${dir}: a bare repository has no working tree to edit`);
  const head = (
    await runGitIn(dir, ['symbolic-ref', '-q', '--short', 'HEAD']).catch(() => '')
  ).trim();
  if (!head) throw new SiteError(`--site ${dir}: HEAD is detached; check out a branch first`);
  if (!(await runGitIn(dir, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => ''))) {
    throw new SiteError(`--site ${dir}: branch ${head} has no commit yet; commit your files first`);
  }
  return { gitDir, branch: head };
}

/** git in a working tree, found from `dir` as the user's own git would find it. */
async function runGitIn(dir: string, args: string[]): Promise<string> {
  const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, ...inherited } = process.env;
  const env = {
    ...inherited,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    LC_ALL: 'C',
  };
  const result = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args[0]} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

function ensureOwner(ctx: HostContext, createdAt: string): void {
  if (findUser(ctx, SITE_OWNER)) return;
  ctx.state.users.push({
    id: ctx.state.nextIds.user++,
    login: SITE_OWNER,
    name: 'Local sites',
    email: null,
    company: null,
    location: null,
    bio: 'Owner of the sites served from working trees on this machine.',
    blog: '',
    createdAt,
  });
}

async function linkGitDir(link: string, target: string): Promise<void> {
  await mkdir(dirname(link), { recursive: true });
  if (existsSync(link) || isLink(link)) await rm(link, { recursive: false, force: true });
  await symlink(target, link, 'dir');
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Serves every directory as `local/<dir name>`; a repository served before keeps its id. */
export async function serveSites(ctx: HostContext, dirs: string[]): Promise<ServedSite[]> {
  const sites: ServedSite[] = [];
  const names = new Set<string>();
  for (const given of dirs) {
    const dir = resolve(given);
    const name = basename(dir);
    if (names.has(name.toLowerCase()))
      throw new SiteError(
        `--site ${given}: another site is also named ${name}; rename one directory`,
      );
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.'))
      throw new SiteError(
        `--site ${given}: "${name}" cannot be a repository name (letters, digits, . _ - only)`,
      );
    names.add(name.toLowerCase());
    const { gitDir, branch } = await inspect(dir);
    const createdAt = isoSeconds(ctx.now());
    ensureOwner(ctx, createdAt);
    let repo = findRepo(ctx, SITE_OWNER, name);
    if (!repo) {
      repo = {
        id: ctx.state.nextIds.repo++,
        owner: SITE_OWNER,
        name,
        description: `Served from ${dir}`,
        defaultBranch: branch,
        collaborators: { demo: 'admin' },
        createdAt,
        updatedAt: createdAt,
        pushedAt: createdAt,
      } satisfies RepoRecord;
      ctx.state.repos.push(repo);
    }
    const installation = installationFor(ctx, SITE_OWNER, createdAt);
    if (!installation.repositoryIds.includes(repo.id)) installation.repositoryIds.push(repo.id);
    repo.defaultBranch = branch;
    repo.description = `Served from ${dir}`;
    const hostPath = repoGitDir(ctx.dataDir, SITE_OWNER, name);
    releaseRepositories(hostPath);
    await linkGitDir(hostPath, gitDir);
    registerWorkingTree(hostPath, dir);
    sites.push({ owner: SITE_OWNER, name, defaultBranch: branch, dir });
  }
  await retireUnserved(ctx, names);
  ctx.save();
  return sites;
}

/**
 * A site served by an earlier run but not this one goes out of reach (404, the app no longer on it)
 * and its link is removed: no write can reach a working tree the host is not watching.
 */
async function retireUnserved(ctx: HostContext, served: Set<string>): Promise<void> {
  const installation = ctx.state.installations.find((record) => record.account === SITE_OWNER);
  for (const repo of ctx.state.repos) {
    if (repo.owner !== SITE_OWNER || served.has(repo.name.toLowerCase())) continue;
    if (installation)
      installation.repositoryIds = installation.repositoryIds.filter((id) => id !== repo.id);
    await rm(repoGitDir(ctx.dataDir, SITE_OWNER, repo.name), { force: true });
  }
}
