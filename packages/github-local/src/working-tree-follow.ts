import { lstat, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runGit } from './git-command';

/**
 * How a served working tree with uncommitted changes follows its checked-out branch when the host
 * moves it (working-tree.ts). The invariant kept: the index is the branch's head except where the
 * user changed something, so `git status` lists only the user's own changes and a commit there
 * undoes no save. For each path the move changed:
 *
 * - clean (the index and the file are the old head's): index entry and file follow the branch, with
 *   one `git read-tree -m -u OLD <old tree with exactly these paths moved on>`, which refuses (and
 *   changes nothing) should anything differ from what was read;
 * - changed in the working tree only (or an untracked file where the save created one): the file is
 *   the user's and is never touched; its index entry follows the branch, so the save is not undone
 *   by a commit there and `git diff` shows the user's copy against the saved version;
 * - staged by the user: neither the index entry nor the file is touched.
 */

/** A tracked path in `git status`: staged (index differs from HEAD), unstaged (file differs from the index). */
export interface PathStatus {
  staged: boolean;
  unstaged: boolean;
}

/** Tracked paths with staged or unstaged changes, as `git status` lists them (it refreshes the index's file stats first). */
export async function statusOf(gitDir: string, workTree: string): Promise<Map<string, PathStatus>> {
  const out = await runGit(
    gitDir,
    ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--no-renames'],
    { env: { GIT_WORK_TREE: workTree } },
  );
  const status = new Map<string, PathStatus>();
  for (const entry of out.split('\0')) {
    if (entry.length <= 3) continue;
    // `XY path`: X is the index against HEAD, Y the working tree against the index (U: unmerged).
    const [x, y] = [entry[0], entry[1]];
    status.set(entry.slice(3), { staged: x !== ' ', unstaged: y !== ' ' || x === 'U' });
  }
  return status;
}

interface TreeChange {
  path: string;
  oldMode: string;
  oldOid: string;
  /** `000000` when the move deleted the path. */
  newMode: string;
  newOid: string;
}

/** Every file the move from `oldSha` to `newSha` added, changed or deleted (no rename detection). */
async function changesBetween(
  gitDir: string,
  oldSha: string,
  newSha: string,
): Promise<TreeChange[]> {
  const fields = (
    await runGit(gitDir, ['diff-tree', '-r', '-z', '--no-renames', oldSha, newSha])
  ).split('\0');
  const changes: TreeChange[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const [oldMode, newMode, oldOid, newOid] = fields[at]!.replace(/^:/, '').split(' ');
    changes.push({
      path: fields[at + 1]!,
      oldMode: oldMode!,
      newMode: newMode!,
      oldOid: oldOid!,
      newOid: newOid!,
    });
  }
  return changes;
}

const indexInfo = (changes: TreeChange[]) =>
  changes.map((change) => `${change.newMode} ${change.newOid}\t${change.path}\0`).join('');
const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

export interface FollowOutcome {
  /** Index entry and file moved with the branch. */
  followed: string[];
  /** The user's file kept; its index entry moved with the branch. */
  keptFile: string[];
  /** Those of `keptFile` the move deleted: the user's copy is now an untracked file. */
  keptDeleted: string[];
  /** Staged by the user: left as it was. */
  keptStaged: string[];
}

/** Moves the index (and the files that are clean) from `oldSha` to `newSha`, given the status read before the branch moved. */
export async function followSavedPaths(input: {
  gitDir: string;
  workTree: string;
  oldSha: string;
  newSha: string;
  status: Map<string, PathStatus>;
}): Promise<FollowOutcome> {
  const { gitDir, workTree, oldSha, newSha, status } = input;
  const inTree = { env: { GIT_WORK_TREE: workTree } };
  const follow: TreeChange[] = [];
  const keepFile: TreeChange[] = [];
  const keptStaged: string[] = [];
  for (const change of await changesBetween(gitDir, oldSha, newSha)) {
    const state = status.get(change.path);
    if (state?.staged) keptStaged.push(change.path);
    else if (
      state?.unstaged ||
      (/^0+$/.test(change.oldMode) && (await exists(path.join(workTree, change.path))))
    )
      keepFile.push(change);
    else follow.push(change);
  }
  if (follow.length > 0) {
    // The two-way merge keeps the user's changes in paths the move did not change; when it changed
    // only clean paths, its target is the new head itself (the usual case: one process).
    const target =
      keepFile.length + keptStaged.length === 0
        ? newSha
        : await oldTreeWith(gitDir, oldSha, follow);
    await runGit(gitDir, ['read-tree', '-m', '-u', oldSha, target], inTree);
  }
  // An index entry moves only while it is still the old head's: the user may have staged it since.
  const stillOld = await unchangedEntries(gitDir, workTree, keepFile);
  const moving = keepFile.filter((change) => stillOld.has(change.path));
  if (moving.length > 0)
    await runGit(gitDir, ['update-index', '-z', '--index-info'], {
      ...inTree,
      input: indexInfo(moving),
    });
  return {
    followed: follow.map((change) => change.path),
    keptFile: moving.map((change) => change.path),
    keptDeleted: moving
      .filter((change) => /^0+$/.test(change.newMode))
      .map((change) => change.path),
    keptStaged: [
      ...keptStaged,
      ...keepFile.filter((change) => !stillOld.has(change.path)).map((change) => change.path),
    ],
  };
}

/** The old head's tree with exactly `changes` made (a scratch index: the user's is not touched). */
async function oldTreeWith(gitDir: string, oldSha: string, changes: TreeChange[]): Promise<string> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'github-local-follow-'));
  try {
    const scratchIndex = { env: { GIT_INDEX_FILE: path.join(scratch, 'index') } };
    await runGit(gitDir, ['read-tree', oldSha], scratchIndex);
    await runGit(gitDir, ['update-index', '-z', '--index-info'], {
      ...scratchIndex,
      input: indexInfo(changes),
    });
    return (await runGit(gitDir, ['write-tree'], scratchIndex)).trim();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The paths among `changes` whose index entry is still the old head's (absent where the old head had none). */
async function unchangedEntries(
  gitDir: string,
  workTree: string,
  changes: TreeChange[],
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const out = await runGit(
    gitDir,
    ['ls-files', '--stage', '-z', '--', ...changes.map((change) => `:(literal)${change.path}`)],
    { env: { GIT_WORK_TREE: workTree } },
  );
  const entries = new Map<string, string>();
  for (const line of out.split('\0')) {
    const match = /^(\d{6}) ([0-9a-f]+) (\d)\t(.*)$/s.exec(line);
    if (match) entries.set(match[4]!, match[3] === '0' ? `${match[1]} ${match[2]}` : 'unmerged');
  }
  return new Set(
    changes
      .filter(
        (change) =>
          (entries.get(change.path) ?? null) ===
          (/^0+$/.test(change.oldMode) ? null : `${change.oldMode} ${change.oldOid}`),
      )
      .map((change) => change.path),
  );
}
