import { runGit } from './git-command';

/**
 * Repositories served in place from a user's git working tree (`--site`). The host writes only
 * objects and refs, never files; when it moves the branch that is checked out there, the index and
 * working tree follow with `git read-tree -m -u OLD NEW` (what `git checkout` does), and only when
 * no tracked file had uncommitted changes. A dirty tree is left exactly as it was and reported: the
 * branch moved, the files are behind, and nothing of the user's is ever overwritten.
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

const inTree = (tree: WorkingTree) => ({ env: { GIT_WORK_TREE: tree.workTree } });

/** The branch checked out in the working tree (refs/heads/…), or null when HEAD is detached. */
async function checkedOutRef(gitDir: string): Promise<string | null> {
  const out = await runGit(gitDir, ['symbolic-ref', '-q', 'HEAD']).catch(() => '');
  return out.trim() || null;
}

/** Tracked files with staged or unstaged changes, as `git status` lists them. */
export async function dirtyFiles(gitDir: string, workTree: string): Promise<string[]> {
  const out = await runGit(gitDir, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--no-renames'], { env: { GIT_WORK_TREE: workTree } });
  return out
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
}

/**
 * Runs `move` (a compare-and-swap of `ref` from `oldSha` to the sha it answers). For a served
 * working tree whose checked-out branch is `ref`, the index and files follow when they were clean.
 */
export async function moveRefInPlace(gitDir: string, ref: string, oldSha: string | null, move: () => Promise<string>): Promise<void> {
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
    const dirty = await dirtyFiles(gitDir, tree.workTree);
    const newSha = await move();
    const branch = ref.replace(/^refs\/heads\//, '');
    if (dirty.length > 0) {
      const listed = dirty.slice(0, 5).join(', ') + (dirty.length > 5 ? ` and ${dirty.length - 5} more` : '');
      report(
        `[github-local] ${tree.workTree}: ${branch} moved to ${newSha.slice(0, 12)} but the working tree has uncommitted changes (${listed}), ` +
          `so its files were left as they are. Before committing there, bring the saved files in (your changes stay; ` +
          `git refuses if you changed a file the save changed too): git read-tree -m -u ${oldSha} ${branch}`,
      );
      return;
    }
    try {
      await runGit(gitDir, ['read-tree', '-m', '-u', oldSha, newSha], inTree(tree));
    } catch (error) {
      report(`[github-local] ${tree.workTree}: ${branch} moved to ${newSha.slice(0, 12)} but its files could not be updated: ${(error as Error).message}`);
    }
  });
  tree.queue = run.catch(() => undefined);
  await run;
}

/** The branch checked out in a served working tree may not be deleted (git itself refuses `git branch -d` of it). */
export async function isCheckedOutInServedTree(gitDir: string, ref: string): Promise<boolean> {
  return served.has(gitDir) && (await checkedOutRef(gitDir)) === ref;
}
