import { GitCommandError, runGit } from './git-command';
import { readObjectInfos, type GitObjectType } from './git-objects';
import { listRefFiles, readRefFile } from './git-ref-files';
import { announceRefMove } from './ref-moves';
import { isCheckedOutInServedTree, moveRefInPlace } from './working-tree';

/** Refs of a bare repository: reading them, and moving or deleting them only by compare-and-swap. */

export const ZERO_SHA = '0000000000000000000000000000000000000000';

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

/** The commit sha a ref points at, or null when it does not exist. */
export async function resolveRef(gitDir: string, ref: string): Promise<string | null> {
  const oid = readRefFile(gitDir, ref);
  if (oid === null) return null;
  if (oid !== undefined) {
    // A commit peels to itself, an annotated tag to its commit (the answer is cached by that name).
    const [peeled] = await readObjectInfos(gitDir, [`${oid}^{commit}`]);
    return peeled?.oid ?? null;
  }
  try {
    return (await runGit(gitDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  } catch (error) {
    if (error instanceof GitCommandError && error.exitCode === 1) return null;
    throw error;
  }
}

/** Moves `ref` to `newSha` only if it currently holds `oldSha` (null: only if it does not exist). */
export async function compareAndSwapRef(
  gitDir: string,
  ref: string,
  newSha: string,
  oldSha: string | null,
): Promise<void> {
  await moveRefInPlace(gitDir, ref, oldSha, async () => {
    try {
      await runGit(gitDir, ['update-ref', ref, newSha, oldSha ?? ZERO_SHA]);
      announceRefMove(gitDir, ref, oldSha, newSha);
      return newSha;
    } catch (error) {
      if (error instanceof GitCommandError) throw new GitRefConflictError(ref, { cause: error });
      throw error;
    }
  });
}

/** Deletes `ref` only if it still holds `oldSha`. */
export async function compareAndDeleteRef(
  gitDir: string,
  ref: string,
  oldSha: string,
): Promise<void> {
  if (await isCheckedOutInServedTree(gitDir, ref)) throw new GitRefConflictError(ref);
  try {
    await runGit(gitDir, ['update-ref', '-d', ref, oldSha]);
    announceRefMove(gitDir, ref, oldSha, null);
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitRefConflictError(ref, { cause: error });
    throw error;
  }
}

export interface GitRef {
  /** Full name, e.g. refs/heads/main. */
  ref: string;
  oid: string;
  type: GitObjectType;
}

/** One ref by its full name (refs/heads/main), read without starting git; null when there is none. */
export async function readRef(gitDir: string, ref: string): Promise<GitRef | null> {
  const oid = readRefFile(gitDir, ref);
  if (oid === undefined)
    return (await listRefs(gitDir)).find((candidate) => candidate.ref === ref) ?? null;
  if (oid === null || !ref.startsWith('refs/')) return null;
  const [info] = await readObjectInfos(gitDir, [oid]);
  return info ? { ref, oid, type: info.type } : null;
}

/** Every ref of the repository, sorted by name. */
export async function listRefs(gitDir: string): Promise<GitRef[]> {
  const fromFiles = listRefFiles(gitDir, 'refs/');
  if (fromFiles) {
    const names = [...fromFiles.keys()];
    const infos = await readObjectInfos(
      gitDir,
      names.map((name) => fromFiles.get(name)!),
    );
    // A ref whose object is missing is broken; git leaves it out of the listing too.
    return names
      .flatMap((ref, index) =>
        infos[index] ? [{ ref, oid: infos[index].oid, type: infos[index].type }] : [],
      )
      .sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  }
  const out = await runGit(gitDir, [
    'for-each-ref',
    '--format=%(objectname) %(objecttype) %(refname)',
  ]);
  return out
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [oid = '', type = 'commit', ...rest] = line.split(' ');
      return { oid, type: type as GitObjectType, ref: rest.join(' ') };
    })
    .sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

/** A full ref name git accepts (`refs/<kind>/<name>`), as the refs APIs require. */
export async function validRefName(gitDir: string, ref: string): Promise<boolean> {
  if (!/^refs\/[^/]+\/./.test(ref)) return false;
  try {
    await runGit(gitDir, ['check-ref-format', ref]);
    return true;
  } catch {
    return false;
  }
}

/** True when `ancestor` is reachable from `descendant` (a fast-forward from one to the other). */
export async function isAncestor(
  gitDir: string,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  try {
    await runGit(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch (error) {
    if (error instanceof GitCommandError && error.exitCode === 1) return false;
    throw error;
  }
}
