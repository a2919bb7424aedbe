import { runGit } from './git-command';
import {
  followSavedPaths,
  statusOf,
  type FollowOutcome,
  type PathStatus,
} from './working-tree-follow';

/**
 * Repositories served in place from a user's git working tree (`--site`). The host writes only
 * objects and refs; when it moves the branch that is checked out there, the index and working tree
 * follow (working-tree-follow.ts): a clean tree with `git read-tree -m -u OLD NEW` (what
 * `git checkout` does); one with uncommitted changes path by path: the saved files the user did
 * not touch follow the branch, the user's changes are never touched, and the index stays the
 * branch's head except where the user changed something, so `git status` lists only the user's
 * own changes and a commit there undoes no save. Each such move is reported, naming the user's
 * changes and, for a file the save changed too, how to bring the save into the user's copy.
 */

interface WorkingTree {
  workTree: string;
  /** Moves of the checked-out branch are serialised, so index updates apply in order. */
  queue: Promise<unknown>;
}

const served = new Map<string, WorkingTree>();

/** What happens to the working tree: written to stderr, where `npm start` shows it. */
let report = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export function setWorkingTreeReporter(reporter: (line: string) => void): void {
  report = reporter;
}

/** `gitDir` (the path the host uses) is the git directory of `workTree`. */
export function registerWorkingTree(gitDir: string, workTree: string): void {
  served.set(gitDir, { workTree, queue: Promise.resolve() });
}

/** The branch checked out in the working tree (refs/heads/…), or null when HEAD is detached. */
async function checkedOutRef(gitDir: string): Promise<string | null> {
  const out = await runGit(gitDir, ['symbolic-ref', '-q', 'HEAD']).catch(() => '');
  return out.trim() || null;
}

/**
 * Runs `move` (a compare-and-swap of `ref` from `oldSha` to the sha it answers). For a served
 * working tree whose checked-out branch is `ref`, the index and files follow: all of them when the
 * tree was clean, else the saved files the user did not touch (working-tree-follow.ts).
 */
export async function moveRefInPlace(
  gitDir: string,
  ref: string,
  oldSha: string | null,
  move: () => Promise<string>,
): Promise<void> {
  const tree = served.get(gitDir);
  if (!tree) {
    await move();
    return;
  }
  const run = tree.queue.then(async () => {
    if ((await checkedOutRef(gitDir)) !== ref || oldSha === null) {
      await move();
      return;
    }
    const status = await statusOf(gitDir, tree.workTree);
    const newSha = await move();
    const branch = ref.replace(/^refs\/heads\//, '');
    try {
      // A clean tree too: an untracked file where the save creates one is the user's, and kept.
      const outcome = await followSavedPaths({
        gitDir,
        workTree: tree.workTree,
        oldSha,
        newSha,
        status,
      });
      if (status.size > 0 || outcome.keptFile.length > 0)
        report(dirtyReport({ workTree: tree.workTree, branch, oldSha, newSha, status, outcome }));
    } catch (error) {
      report(
        `[github-local] ${tree.workTree}: ${branch} moved to ${newSha.slice(0, 12)} but its files could not be updated (${(error as Error).message.trim()}); ` +
          `nothing of yours was overwritten. If git status lists saved files you did not change, bring them in there with: git read-tree -m -u ${oldSha} ${branch} ` +
          `(git refuses it if you changed a file the save changed too)`,
      );
    }
  });
  tree.queue = run.catch(() => undefined);
  await run;
}

/** The branch checked out in a served working tree may not be deleted (git itself refuses `git branch -d` of it). */
export async function isCheckedOutInServedTree(gitDir: string, ref: string): Promise<boolean> {
  return served.has(gitDir) && (await checkedOutRef(gitDir)) === ref;
}

const listed = (paths: string[]) =>
  paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '');
const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The line a move of a dirty working tree prints: the user's own changes, and what to do where a save met one. */
function dirtyReport(input: {
  workTree: string;
  branch: string;
  oldSha: string;
  newSha: string;
  status: Map<string, PathStatus>;
  outcome: FollowOutcome;
}): string {
  const { workTree, branch, oldSha, newSha, outcome } = input;
  const saved = new Set([...outcome.keptFile, ...outcome.keptStaged]);
  const yours = [...input.status.keys()].filter((file) => !saved.has(file));
  const parts = [
    `[github-local] ${workTree}: ${branch} moved to ${newSha.slice(0, 12)}; ${outcome.followed.length} saved file(s) followed it`,
  ];
  if (yours.length > 0)
    parts.push(`your uncommitted changes (${listed(yours)}) were left as they are`);
  for (const file of outcome.keptDeleted)
    parts.push(
      `${file} was deleted by the save while you had uncommitted changes in it: your copy was kept, as an untracked file`,
    );
  for (const file of outcome.keptFile.filter((kept) => !outcome.keptDeleted.includes(kept))) {
    parts.push(
      `${file} was saved while you had uncommitted changes in it: your copy was kept and git diff shows it against the saved version; to bring the save's change into your copy, run there: git diff ${oldSha} ${newSha} -- ${shellQuoted(file)} | git apply`,
    );
  }
  for (const file of outcome.keptStaged) {
    parts.push(
      `${file} was saved while you had staged changes in it: your staged and working copies were kept (a commit of them would undo the save there); what the save changed: git diff ${oldSha} ${newSha} -- ${shellQuoted(file)}`,
    );
  }
  return parts.join('; ');
}
