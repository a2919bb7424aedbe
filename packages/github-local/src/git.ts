import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
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
  /** `symlink`: a symbolic link whose target is `content` (mode 120000). */
  | { path: string; content: string | Buffer; executable?: boolean; symlink?: boolean }
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

/** Many blobs with one git process (a seed of thousands of files would otherwise spawn thousands). */
export async function hashBlobs(gitDir: string, contents: (string | Buffer)[]): Promise<string[]> {
  if (contents.length <= 1) return Promise.all(contents.map((content) => hashBlob(gitDir, content)));
  const dir = join(tmpdir(), `github-local-blobs-${randomBytes(8).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    const paths = contents.map((_, n) => join(dir, String(n)));
    await Promise.all(contents.map((content, n) => writeFile(paths[n]!, content)));
    const out = await runGit(gitDir, ['hash-object', '-w', '--stdin-paths'], { input: `${paths.join('\n')}\n` });
    return out.trim().split('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
    const written = changes.filter((change): change is Exclude<FileChange, { delete: true }> => !('delete' in change));
    const shas = await hashBlobs(gitDir, written.map((change) => change.content));
    const shaOf = new Map(written.map((change, n) => [change, shas[n]!]));
    const lines: string[] = [];
    for (const change of changes) {
      const path = normalizePath(change.path);
      if ('delete' in change) {
        // Mode 0 removes the entry from the index (see git update-index --index-info).
        lines.push(`0 ${ZERO_SHA}\t${path}`);
      } else {
        lines.push(`${change.symlink ? '120000' : change.executable ? '100755' : '100644'} ${shaOf.get(change)}\t${path}`);
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

/* ---- Object and ref reading for the REST git data, contents and GraphQL endpoints ---- */

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface GitObjectInfo {
  oid: string;
  type: GitObjectType;
  size: number;
}

export interface GitObject extends GitObjectInfo {
  content: Buffer;
}

const OBJECT_HEADER = /^([0-9a-f]{40}) (blob|tree|commit|tag) (\d+)$/;

/**
 * Looks up many objects in one `git cat-file --batch[-check]` process. Names are git revisions
 * (a sha, `main:path/to/file`, `refs/heads/x`), read from stdin so they can never become options;
 * a name git cannot resolve, or one that cannot travel on one line, yields null.
 */
async function catFile(gitDir: string, names: string[], withContent: boolean): Promise<(GitObject | null)[]> {
  const sendable = names.map((name) => name.length > 0 && !/[\n\r\0]/.test(name));
  const lines = names.filter((_, index) => sendable[index]);
  if (lines.length === 0) return names.map(() => null);
  const out = await runGitBuffer(gitDir, ['cat-file', withContent ? '--batch' : '--batch-check'], { input: `${lines.join('\n')}\n` });
  const parsed: (GitObject | null)[] = [];
  let at = 0;
  while (at < out.length && parsed.length < lines.length) {
    const end = out.indexOf(0x0a, at);
    const header = out.subarray(at, end === -1 ? out.length : end).toString('utf8');
    at = end === -1 ? out.length : end + 1;
    const match = OBJECT_HEADER.exec(header);
    if (!match) {
      parsed.push(null);
      continue;
    }
    const size = Number(match[3]);
    const content = withContent ? out.subarray(at, at + size) : Buffer.alloc(0);
    if (withContent) at += size + 1;
    parsed.push({ oid: match[1] ?? '', type: match[2] as GitObjectType, size, content });
  }
  let next = 0;
  return names.map((_, index) => (sendable[index] ? (parsed[next++] ?? null) : null));
}

export function readObjects(gitDir: string, names: string[]): Promise<(GitObject | null)[]> {
  return catFile(gitDir, names, true);
}

export async function readObjectInfos(gitDir: string, names: string[]): Promise<(GitObjectInfo | null)[]> {
  return (await catFile(gitDir, names, false)).map((object) => object && { oid: object.oid, type: object.type, size: object.size });
}

export interface GitTreeEntry {
  /** Six digits, as the REST API spells them: 100644, 100755, 120000, 040000, 160000. */
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  name: string;
  oid: string;
}

/** Decodes a raw tree object (`<mode> <name>\0<20-byte sha>` repeated). */
export function parseTree(content: Buffer): GitTreeEntry[] {
  const entries: GitTreeEntry[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0x00, space);
    const mode = content.subarray(at, space).toString('ascii').padStart(6, '0');
    const name = content.subarray(space + 1, nul).toString('utf8');
    const oid = content.subarray(nul + 1, nul + 21).toString('hex');
    at = nul + 21;
    const type = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({ mode, type, name, oid });
  }
  return entries;
}

export interface GitSignature {
  name: string;
  email: string;
  /** UTC, whole seconds, e.g. 2024-02-14T08:30:00Z. */
  date: string;
}

export interface ParsedCommit {
  tree: string;
  parents: string[];
  author: GitSignature;
  committer: GitSignature;
  message: string;
}

function parseSignature(value: string): GitSignature {
  const match = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(value);
  const seconds = Number(match?.[3] ?? 0);
  return { name: match?.[1] ?? '', email: match?.[2] ?? '', date: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') };
}

/** Decodes a raw commit object's headers (continuation lines such as gpgsig are skipped) and message. */
export function parseCommit(content: Buffer): ParsedCommit {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split === -1 ? text : text.slice(0, split)).split('\n');
  const commit: ParsedCommit = { tree: '', parents: [], author: parseSignature(''), committer: parseSignature(''), message: split === -1 ? '' : text.slice(split + 2) };
  for (const line of headers) {
    const space = line.indexOf(' ');
    const key = line.slice(0, space);
    const value = line.slice(space + 1);
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author') commit.author = parseSignature(value);
    else if (key === 'committer') commit.committer = parseSignature(value);
  }
  return commit;
}

export interface GitRef {
  /** Full name, e.g. refs/heads/main. */
  ref: string;
  oid: string;
  type: GitObjectType;
}

/** Every ref of the repository, sorted by name. */
export async function listRefs(gitDir: string): Promise<GitRef[]> {
  const out = await runGit(gitDir, ['for-each-ref', '--format=%(objectname) %(objecttype) %(refname)']);
  return out
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [oid = '', type = 'commit', ...rest] = line.split(' ');
      return { oid, type: type as GitObjectType, ref: rest.join(' ') };
    })
    .sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

/** True when `ancestor` is reachable from `descendant` (a fast-forward from one to the other). */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await runGit(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch (error) {
    if (error instanceof GitCommandError && error.exitCode === 1) return false;
    throw error;
  }
}

/** Deletes `ref` only if it still holds `oldSha`. */
export async function compareAndDeleteRef(gitDir: string, ref: string, oldSha: string): Promise<void> {
  try {
    await runGit(gitDir, ['update-ref', '-d', ref, oldSha]);
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitRefConflictError(ref, { cause: error });
    throw error;
  }
}

export interface IndexEntry {
  mode: string;
  oid: string;
}

/** Every file (blob or gitlink) under a tree, keyed by full path. */
export async function flattenTree(gitDir: string, tree: string): Promise<Map<string, IndexEntry>> {
  const out = await runGit(gitDir, ['ls-tree', '-r', '-z', '--full-tree', tree]);
  const entries = new Map<string, IndexEntry>();
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode = '', , oid = ''] = record.slice(0, tab).split(' ');
    entries.set(record.slice(tab + 1), { mode, oid });
  }
  return entries;
}

/** Writes a tree holding exactly `entries` (paths already checked) through a throwaway index. */
export async function writeTreeFromEntries(gitDir: string, entries: Map<string, IndexEntry>): Promise<string> {
  const indexFile = join(tmpdir(), `github-local-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    const lines = [...entries].map(([path, entry]) => `${entry.mode} ${entry.oid}\t${path}`);
    if (lines.length > 0) await runGit(gitDir, ['update-index', '--add', '--index-info'], { input: `${lines.join('\n')}\n`, env });
    return (await runGit(gitDir, ['write-tree'], { env })).trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

/** Creates a commit object (no ref moves). Identities are always explicit: no machine git config is read. */
export async function commitTree(
  gitDir: string,
  input: { tree: string; parents: string[]; message: string; author: GitIdentity; committer: GitIdentity },
): Promise<string> {
  const args = ['commit-tree', input.tree, ...input.parents.flatMap((parent) => ['-p', parent])];
  const env = { ...identityEnv('AUTHOR', input.author), ...identityEnv('COMMITTER', input.committer) };
  return (await runGit(gitDir, args, { input: input.message, env })).trim();
}
