import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Git plumbing over bare repositories. No work tree ever exists: trees are built in a temporary index. */

export const ZERO_SHA = '0000000000000000000000000000000000000000';

export interface GitIdentity {
  name: string;
  email: string;
  /** ISO 8601 date; defaults to now. */
  date?: string;
}

export type FileChange =
  | { path: string; content: string | Buffer; executable?: boolean }
  | { path: string; delete: true };

export interface CommitFilesInput {
  branch: string;
  /**
   * Compare-and-swap guard for the branch head: a sha means "only if the branch still points here",
   * `null` means "only if the branch does not exist yet"; omitted means "on top of the current head".
   */
  expectedHead?: string | null;
  changes: FileChange[];
  message: string;
  author: GitIdentity;
  committer?: GitIdentity;
}

export interface CommitResult {
  commitSha: string;
  treeSha: string;
  parentSha: string | null;
}

export class GitCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitCommandError';
  }
}

/** The branch moved (or appeared) between reading it and updating it. */
export class GitRefConflictError extends Error {
  constructor(
    readonly ref: string,
    options?: { cause?: unknown },
  ) {
    super(`Reference ${ref} was updated concurrently`, options);
    this.name = 'GitRefConflictError';
  }
}

export interface RunGitOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
}

/** Isolated from the user's and system's git configuration so results never depend on the machine. */
const BASE_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

export function runGit(gitDir: string, args: string[], options: RunGitOptions = {}): Promise<string> {
  return runGitBuffer(gitDir, args, options).then((out) => out.toString('utf8'));
}

export function runGitBuffer(gitDir: string, args: string[], options: RunGitOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env: { ...process.env, ...BASE_ENV, GIT_DIR: gitDir, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const stderr = Buffer.concat(err).toString('utf8').trim();
      reject(new GitCommandError(`git ${args[0]} failed (${code}): ${stderr}`, code, stderr));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

export async function initBareRepo(gitDir: string, defaultBranch = 'main'): Promise<void> {
  await mkdir(gitDir, { recursive: true });
  await runGit(gitDir, ['init', '--quiet', '--bare', `--initial-branch=${defaultBranch}`, gitDir]);
}

/** The commit sha a ref points at, or null when it does not exist. */
export async function resolveRef(gitDir: string, ref: string): Promise<string | null> {
  try {
    return (await runGit(gitDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  } catch (error) {
    if (error instanceof GitCommandError && error.exitCode === 1) return null;
    throw error;
  }
}

/** A file's bytes at a commit-ish, or null when the path is not a blob there. */
export async function readFileAt(gitDir: string, commitish: string, path: string): Promise<Buffer | null> {
  try {
    return await runGitBuffer(gitDir, ['cat-file', 'blob', `${commitish}:${path}`]);
  } catch (error) {
    if (error instanceof GitCommandError) return null;
    throw error;
  }
}

export async function hashBlob(gitDir: string, content: string | Buffer): Promise<string> {
  return (await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content })).trim();
}

function identityEnv(role: 'AUTHOR' | 'COMMITTER', who: GitIdentity): Record<string, string> {
  return {
    [`GIT_${role}_NAME`]: who.name,
    [`GIT_${role}_EMAIL`]: who.email,
    [`GIT_${role}_DATE`]: who.date ?? new Date().toISOString(),
  };
}

/**
 * Commits `changes` on top of `branch` and moves the branch with `git update-ref NEW OLD`, which
 * fails unless the ref still holds OLD: concurrent writers cannot lose each other's commits.
 */
export async function commitFiles(gitDir: string, input: CommitFilesInput): Promise<CommitResult> {
  const ref = `refs/heads/${input.branch}`;
  const parentSha = input.expectedHead === undefined ? await resolveRef(gitDir, ref) : input.expectedHead;
  const treeSha = await buildTree(gitDir, parentSha, input.changes);
  const committer = input.committer ?? input.author;
  const args = ['commit-tree', treeSha, ...(parentSha ? ['-p', parentSha] : [])];
  const commitSha = (
    await runGit(gitDir, args, {
      input: input.message,
      env: { ...identityEnv('AUTHOR', input.author), ...identityEnv('COMMITTER', committer) },
    })
  ).trim();
  await compareAndSwapRef(gitDir, ref, commitSha, parentSha);
  return { commitSha, treeSha, parentSha };
}

/** Moves `ref` to `newSha` only if it currently holds `oldSha` (null: only if it does not exist). */
export async function compareAndSwapRef(gitDir: string, ref: string, newSha: string, oldSha: string | null): Promise<void> {
  try {
    await runGit(gitDir, ['update-ref', ref, newSha, oldSha ?? ZERO_SHA]);
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitRefConflictError(ref, { cause: error });
    throw error;
  }
}

/** Builds a tree from `baseCommit` (or empty) plus `changes` in a throwaway index file. */
export async function buildTree(gitDir: string, baseCommit: string | null, changes: FileChange[]): Promise<string> {
  // The index lives outside the bare repository so that nothing but git objects and refs ever lands there.
  const indexFile = join(tmpdir(), `github-local-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    if (baseCommit) await runGit(gitDir, ['read-tree', baseCommit], { env });
    const lines: string[] = [];
    for (const change of changes) {
      const path = normalizePath(change.path);
      if ('delete' in change) {
        // Mode 0 removes the entry from the index (see git update-index --index-info).
        lines.push(`0 ${ZERO_SHA}\t${path}`);
      } else {
        const sha = await hashBlob(gitDir, change.content);
        lines.push(`${change.executable ? '100755' : '100644'} ${sha}\t${path}`);
      }
    }
    if (lines.length > 0) await runGit(gitDir, ['update-index', '--index-info'], { input: `${lines.join('\n')}\n`, env });
    return (await runGit(gitDir, ['write-tree'], { env })).trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

function normalizePath(path: string): string {
  const clean = path.replace(/^\/+/, '');
  if (clean === '' || clean.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git')) {
    throw new Error(`Invalid repository path: ${JSON.stringify(path)}`);
  }
  if (/[\t\n\0]/.test(clean)) throw new Error(`Invalid repository path: ${JSON.stringify(path)}`);
  return clean;
}
