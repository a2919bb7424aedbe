import { findRepo, findUser } from './access';
import { repoGitDir, type HostContext } from './context';
import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runGit } from './git-command';
import { importFiles, type ImportFilesInput, type ImportResult } from './git-import';
import { commitFiles, initBareRepo, type CommitFilesInput, type CommitResult } from './git-write';
import type { InstallationRecord, RepoRecord, RepoRole } from './state';

/** Repository lifecycle on the host: the state record and its bare git repository move together. */

export interface CreateRepositoryInput {
  owner: string;
  name: string;
  description?: string | null;
  defaultBranch?: string;
  /** Collaborators besides the owner (who is always admin). */
  collaborators?: Record<string, RepoRole>;
  /** Add the repository to the app's installation on the owner's account (created if missing). */
  installApp?: boolean;
  createdAt?: string;
}

export async function createRepository(
  ctx: HostContext,
  input: CreateRepositoryInput,
): Promise<RepoRecord> {
  if (!findUser(ctx, input.owner)) throw new Error(`Unknown owner ${input.owner}`);
  if (!/^[A-Za-z0-9_.-]+$/.test(input.name) || input.name.startsWith('.'))
    throw new Error(`Invalid repository name ${input.name}`);
  if (findRepo(ctx, input.owner, input.name))
    throw new Error(`Repository ${input.owner}/${input.name} already exists`);
  const createdAt = isoSeconds(input.createdAt ? Date.parse(input.createdAt) : ctx.now());
  const repo: RepoRecord = {
    id: ctx.state.nextIds.repo++,
    owner: input.owner,
    name: input.name,
    description: input.description ?? null,
    defaultBranch: input.defaultBranch ?? 'main',
    collaborators: { ...input.collaborators },
    createdAt,
    updatedAt: createdAt,
    pushedAt: createdAt,
  };
  await initBareRepo(repoGitDir(ctx.dataDir, repo.owner, repo.name), repo.defaultBranch);
  ctx.state.repos.push(repo);
  if (input.installApp) installationFor(ctx, repo.owner, createdAt).repositoryIds.push(repo.id);
  ctx.save();
  return repo;
}

/**
 * A fork of `parent` owned by `owner`, as GitHub makes one: same name (`-1`, `-2`… when the owner
 * already has one), every branch and tag copied, private like its parent. As in GitHub's repository
 * networks, the parent sees the fork's objects (an `alternates` entry), so a pull request from the
 * fork can be compared, checked and merged in the parent.
 */
export async function forkRepository(
  ctx: HostContext,
  parent: RepoRecord,
  owner: string,
): Promise<RepoRecord> {
  let name = parent.name;
  for (let n = 1; findRepo(ctx, owner, name); n += 1) name = `${parent.name}-${n}`;
  const fork = await createRepository(ctx, {
    owner,
    name,
    description: parent.description,
    defaultBranch: parent.defaultBranch,
  });
  const parentDir = repoGitDir(ctx.dataDir, parent.owner, parent.name);
  const forkDir = repoGitDir(ctx.dataDir, owner, name);
  await runGit(forkDir, [
    'fetch',
    '--quiet',
    '--no-tags',
    parentDir,
    '+refs/heads/*:refs/heads/*',
    '+refs/tags/*:refs/tags/*',
  ]);
  await mkdir(join(parentDir, 'objects', 'info'), { recursive: true });
  await appendFile(
    join(parentDir, 'objects', 'info', 'alternates'),
    `${resolve(forkDir, 'objects')}\n`,
  );
  fork.forkOf = parent.id;
  ctx.save();
  return fork;
}

export function installationFor(
  ctx: HostContext,
  account: string,
  createdAt: string,
): InstallationRecord {
  const existing = ctx.state.installations.find((record) => record.account === account);
  if (existing) return existing;
  const record: InstallationRecord = {
    id: ctx.state.nextIds.installation++,
    account,
    repositorySelection: 'selected',
    repositoryIds: [],
    permissions: { ...ctx.state.app.permissions },
    events: [...ctx.state.app.events],
    createdAt,
    updatedAt: createdAt,
  };
  ctx.state.installations.push(record);
  return record;
}

/** Commits onto a branch of `repo` (compare-and-swap on the ref) and records the push time. */
export async function commitToRepo(
  ctx: HostContext,
  repo: RepoRecord,
  input: CommitFilesInput,
): Promise<CommitResult> {
  const result = await commitFiles(repoGitDir(ctx.dataDir, repo.owner, repo.name), input);
  const date = (input.committer ?? input.author).date;
  repo.pushedAt = isoSeconds(date ? Date.parse(date) : ctx.now());
  repo.updatedAt = repo.pushedAt;
  ctx.save();
  return result;
}

/** Imports many files onto a branch of `repo` in one commit (git-import.ts) and records the push time. */
export async function importToRepo(
  ctx: HostContext,
  repo: RepoRecord,
  input: ImportFilesInput,
): Promise<ImportResult> {
  const result = await importFiles(repoGitDir(ctx.dataDir, repo.owner, repo.name), input);
  repo.pushedAt = isoSeconds(input.author.date ? Date.parse(input.author.date) : ctx.now());
  repo.updatedAt = repo.pushedAt;
  ctx.save();
  return result;
}

/** GitHub's REST timestamps: UTC, whole seconds. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
