import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitCommandError, gitEnv, spawnGit } from './git-command';
import { parseCommit, readObjects } from './git-objects';
import { compareAndSwapRef, resolveRef } from './git-refs';
import {
  commitTree,
  normalizePath,
  treeWithBlobs,
  type CommitResult,
  type GitIdentity,
} from './git-write';

/**
 * Many files committed at once: their blobs are streamed into one pack by one `git fast-import`
 * (100,000 files in seconds, where loose objects or one API call per file take minutes), the
 * trees are built from the base commit's as every other write builds them (only the directories
 * that change are written), then `commit-tree`, and the branch moves by compare-and-swap from the
 * head the import started from, announced like any other move (push webhooks).
 *
 * The trees are not fast-import's: it inserts each path into its directory with a linear search,
 * so one directory of 100,000 files took over a minute, against seconds for the blobs alone.
 */

export interface ImportFilesInput {
  branch: string;
  message: string;
  author: GitIdentity;
  /**
   * Regular files (mode 100644) added or replaced on top of the branch head (a root commit when
   * the branch does not exist). Read one at a time as they are streamed to git, so a generator
   * can produce them without holding them all.
   */
  files: Iterable<{ path: string; content: string | Buffer }>;
}

export interface ImportResult extends CommitResult {
  /** How many files the commit added or replaced. */
  files: number;
}

/** Bytes gathered before a write to git's stdin (fewer, larger writes; the pipe's backpressure is honoured). */
const WRITE_BYTES = 1024 * 1024;

export async function importFiles(gitDir: string, input: ImportFilesInput): Promise<ImportResult> {
  const ref = `refs/heads/${input.branch}`;
  const parentSha = await resolveRef(gitDir, ref);
  const paths: string[] = [];
  const oids = await writeBlobs(gitDir, input.files, paths);
  const treeSha = await treeWithBlobs(
    gitDir,
    parentSha ? await treeOf(gitDir, parentSha) : null,
    paths.map((path, n) => ({ path, oid: oids[n]! })),
  );
  const commitSha = await commitTree(gitDir, {
    tree: treeSha,
    parents: parentSha ? [parentSha] : [],
    message: input.message,
    author: input.author,
    committer: input.author,
  });
  await compareAndSwapRef(gitDir, ref, commitSha, parentSha);
  return { commitSha, treeSha, parentSha, files: paths.length };
}

async function treeOf(gitDir: string, commit: string): Promise<string> {
  const [object] = await readObjects(gitDir, [commit]);
  if (object?.type !== 'commit') throw new Error(`importFiles: ${commit} is not a commit`);
  return parseCommit(object.content).tree;
}

const data = (bytes: Buffer) =>
  Buffer.concat([Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')]);

/**
 * Streams each file's bytes to `git fast-import` as a marked blob and answers their ids in the
 * order given (from the marks git exports); `paths` receives each file's checked path.
 */
async function writeBlobs(
  gitDir: string,
  files: Iterable<{ path: string; content: string | Buffer }>,
  paths: string[],
): Promise<string[]> {
  const marksFile = join(tmpdir(), `github-local-marks-${randomBytes(8).toString('hex')}`);
  const child = spawnGit(
    ['fast-import', '--quiet', '--done', `--export-marks=${marksFile}`],
    gitEnv(gitDir),
  );
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdout.resume();
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const text = Buffer.concat(stderr).toString('utf8').trim();
      reject(new GitCommandError(`git fast-import failed (${code}): ${text}`, code, text));
    });
  });
  // A write to a process that has died fails with EPIPE; its exit code and stderr say why.
  child.stdin.on('error', () => undefined);
  const write = async (chunk: Buffer) => {
    if (!child.stdin.write(chunk))
      await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), exited]);
  };
  try {
    let pending: Buffer[] = [];
    let size = 0;
    for (const file of files) {
      paths.push(normalizePath(file.path));
      const content =
        typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
      pending.push(Buffer.from(`blob\nmark :${paths.length}\n`), data(content));
      size += content.length + 32;
      if (size >= WRITE_BYTES) {
        await write(Buffer.concat(pending));
        pending = [];
        size = 0;
      }
    }
    pending.push(Buffer.from('done\n'));
    await write(Buffer.concat(pending));
    child.stdin.end();
    await exited;
    const marks = new Map<number, string>();
    for (const line of (await readFile(marksFile, 'utf8')).split('\n')) {
      const [mark, oid] = line.split(' ');
      if (mark && oid) marks.set(Number(mark.slice(1)), oid);
    }
    return paths.map((path, n) => {
      const oid = marks.get(n + 1);
      if (!oid) throw new Error(`git fast-import exported no id for ${path}`);
      return oid;
    });
  } catch (error) {
    // A stream cut short (a bad path, a failing generator) ends without `done`: git stops with an
    // error, having moved no ref; the blobs it already packed stay unreachable (as a failed push's
    // objects do) until git gc.
    child.stdin.end();
    await exited.catch(() => undefined);
    throw error;
  } finally {
    await rm(marksFile, { force: true });
  }
}
