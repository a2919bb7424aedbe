import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from './git-command';
import { parseCommit, readObjectInfos, readObjects } from './git-objects';
import { compareAndSwapRef, resolveRef, ZERO_SHA } from './git-refs';
import { canWriteObjects, writeLooseObject, writeLooseObjects } from './loose-objects';
import { editTree, type TreeEdit } from './tree-edit';
import { flattenTreeInProcess } from './tree-flatten';

/**
 * Writing objects into bare repositories. No work tree ever exists. In a plain repository (see
 * `canWriteObjects`) blobs and trees are written in-process as loose objects, exactly as git
 * writes them; elsewhere, or for anything the in-process builder is not sure to get exactly
 * right, trees are built by git in a temporary index. Commits and ref moves are always git's.
 */

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

export async function initBareRepo(gitDir: string, defaultBranch = 'main'): Promise<void> {
  await mkdir(gitDir, { recursive: true });
  await runGit(gitDir, ['init', '--quiet', '--bare', `--initial-branch=${defaultBranch}`, gitDir]);
}

const asBuffer = (content: string | Buffer): Buffer =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : content;

export async function hashBlob(gitDir: string, content: string | Buffer): Promise<string> {
  if (canWriteObjects(gitDir)) return writeLooseObject(gitDir, 'blob', asBuffer(content));
  return (await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content })).trim();
}

/** Many blobs with one git process (a seed of thousands of files would otherwise spawn thousands). */
export async function hashBlobs(gitDir: string, contents: (string | Buffer)[]): Promise<string[]> {
  if (canWriteObjects(gitDir)) return writeLooseObjects(gitDir, 'blob', contents.map(asBuffer));
  if (contents.length <= 1)
    return Promise.all(contents.map((content) => hashBlob(gitDir, content)));
  const dir = join(tmpdir(), `github-local-blobs-${randomBytes(8).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    const paths = contents.map((_, n) => join(dir, String(n)));
    await Promise.all(contents.map((content, n) => writeFile(paths[n]!, content)));
    const out = await runGit(gitDir, ['hash-object', '-w', '--stdin-paths'], {
      input: `${paths.join('\n')}\n`,
    });
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
  const parentSha =
    input.expectedHead === undefined ? await resolveRef(gitDir, ref) : input.expectedHead;
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

const modeOf = (change: Exclude<FileChange, { delete: true }>) =>
  change.symlink ? '120000' : change.executable ? '100755' : '100644';

/** Builds a tree from `baseCommit` (or empty) plus `changes`: in-process where exact, else in a throwaway index file. */
export async function buildTree(
  gitDir: string,
  baseCommit: string | null,
  changes: FileChange[],
): Promise<string> {
  if (canWriteObjects(gitDir)) {
    const tree = await buildTreeInProcess(gitDir, baseCommit, changes);
    if (tree) return tree;
  }
  return buildTreeInIndex(gitDir, baseCommit, changes);
}

async function buildTreeInProcess(
  gitDir: string,
  baseCommit: string | null,
  changes: FileChange[],
): Promise<string | undefined> {
  const paths = changes.map((change) => normalizePath(change.path).split('/'));
  let baseTree: string | null = null;
  if (baseCommit) {
    const [commit] = await readObjects(gitDir, [baseCommit]);
    if (commit?.type !== 'commit') return undefined;
    baseTree = parseCommit(commit.content).tree;
  }
  const written = changes.filter(
    (change): change is Exclude<FileChange, { delete: true }> => !('delete' in change),
  );
  const shas = await hashBlobs(
    gitDir,
    written.map((change) => change.content),
  );
  const shaOf = new Map(written.map((change, n) => [change, shas[n]!]));
  const edits = changes.map((change, n): TreeEdit =>
    'delete' in change
      ? { path: paths[n]!, delete: true }
      : { path: paths[n]!, mode: modeOf(change), oid: shaOf.get(change)! },
  );
  return editTree(gitDir, baseTree, edits);
}

/** Builds a tree from `baseCommit` (or empty) plus `changes` in a throwaway index file. */
export async function buildTreeInIndex(
  gitDir: string,
  baseCommit: string | null,
  changes: FileChange[],
): Promise<string> {
  // The index lives outside the bare repository so that nothing but git objects and refs ever lands there.
  const indexFile = join(tmpdir(), `github-local-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    if (baseCommit) await runGit(gitDir, ['read-tree', baseCommit], { env });
    const written = changes.filter(
      (change): change is Exclude<FileChange, { delete: true }> => !('delete' in change),
    );
    const shas = await hashBlobs(
      gitDir,
      written.map((change) => change.content),
    );
    const shaOf = new Map(written.map((change, n) => [change, shas[n]!]));
    const lines: string[] = [];
    for (const change of changes) {
      const path = normalizePath(change.path);
      if ('delete' in change) {
        // Mode 0 removes the entry from the index (see git update-index --index-info).
        lines.push(`0 ${ZERO_SHA}\t${path}`);
      } else {
        lines.push(`${modeOf(change)} ${shaOf.get(change)}\t${path}`);
      }
    }
    if (lines.length > 0)
      await runGit(gitDir, ['update-index', '--index-info'], {
        input: `${lines.join('\n')}\n`,
        env,
      });
    return (await runGit(gitDir, ['write-tree'], { env })).trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

/**
 * A tree from `baseTree` (or empty) plus regular files (100644) whose blobs are already written:
 * in-process where exact, else in a throwaway index (git reads a tree-ish for `read-tree`).
 */
export async function treeWithBlobs(
  gitDir: string,
  baseTree: string | null,
  files: { path: string; oid: string }[],
): Promise<string> {
  if (canWriteObjects(gitDir)) {
    const tree = await editTree(
      gitDir,
      baseTree,
      files.map((file): TreeEdit => ({
        path: normalizePath(file.path).split('/'),
        mode: '100644',
        oid: file.oid,
      })),
    );
    if (tree) return tree;
  }
  const indexFile = join(tmpdir(), `github-local-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    if (baseTree) await runGit(gitDir, ['read-tree', baseTree], { env });
    const lines = files.map((file) => `100644 ${file.oid}\t${normalizePath(file.path)}`);
    if (lines.length > 0)
      await runGit(gitDir, ['update-index', '--add', '--index-info'], {
        input: `${lines.join('\n')}\n`,
        env,
      });
    return (await runGit(gitDir, ['write-tree'], { env })).trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

export function normalizePath(path: string): string {
  const clean = path.replace(/^\/+/, '');
  if (
    clean === '' ||
    clean.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git')
  ) {
    throw new Error(`Invalid repository path: ${JSON.stringify(path)}`);
  }
  if (/[\t\n\0]/.test(clean)) throw new Error(`Invalid repository path: ${JSON.stringify(path)}`);
  return clean;
}

export interface IndexEntry {
  mode: string;
  oid: string;
}

/** Every file (blob or gitlink) under a tree, keyed by full path. */
export async function flattenTree(gitDir: string, tree: string): Promise<Map<string, IndexEntry>> {
  const flat = canWriteObjects(gitDir) ? await flattenTreeInProcess(gitDir, tree) : undefined;
  return flat ?? flattenTreeWithGit(gitDir, tree);
}

/** `flattenTree` by `git ls-tree -r`. */
export async function flattenTreeWithGit(
  gitDir: string,
  tree: string,
): Promise<Map<string, IndexEntry>> {
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

/**
 * Writes a tree holding exactly `entries` (paths already checked): in-process where exact (every
 * object but gitlinks present, as git write-tree demands), else through a throwaway index.
 */
export async function writeTreeFromEntries(
  gitDir: string,
  entries: Map<string, IndexEntry>,
): Promise<string> {
  if (canWriteObjects(gitDir)) {
    const needed = [...entries.values()]
      .filter((entry) => entry.mode !== '160000')
      .map((entry) => entry.oid);
    const wellFormed = [...entries.values()].every((entry) => /^[0-9a-f]{40}$/.test(entry.oid));
    const present = wellFormed && (await readObjectInfos(gitDir, needed)).every(Boolean);
    const edits = [...entries].map(([path, entry]): TreeEdit => ({
      path: path.split('/'),
      mode: entry.mode,
      oid: entry.oid,
    }));
    const tree = present ? await editTree(gitDir, null, edits) : undefined;
    if (tree) return tree;
  }
  return writeTreeInIndexFromEntries(gitDir, entries);
}

/** `writeTreeFromEntries` through a throwaway index. */
export async function writeTreeInIndexFromEntries(
  gitDir: string,
  entries: Map<string, IndexEntry>,
): Promise<string> {
  const indexFile = join(tmpdir(), `github-local-index-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    const lines = [...entries].map(([path, entry]) => `${entry.mode} ${entry.oid}\t${path}`);
    if (lines.length > 0)
      await runGit(gitDir, ['update-index', '--add', '--index-info'], {
        input: `${lines.join('\n')}\n`,
        env,
      });
    return (await runGit(gitDir, ['write-tree'], { env })).trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

/** Creates a commit object (no ref moves). Identities are always explicit: no machine git config is read. */
export async function commitTree(
  gitDir: string,
  input: {
    tree: string;
    parents: string[];
    message: string;
    author: GitIdentity;
    committer: GitIdentity;
  },
): Promise<string> {
  const args = ['commit-tree', input.tree, ...input.parents.flatMap((parent) => ['-p', parent])];
  const env = {
    ...identityEnv('AUTHOR', input.author),
    ...identityEnv('COMMITTER', input.committer),
  };
  return (await runGit(gitDir, args, { input: input.message, env })).trim();
}
