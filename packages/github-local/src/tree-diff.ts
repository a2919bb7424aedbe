import { parseTree, readObjects, type GitTreeEntry } from './git-objects';

/**
 * The files a commit added, removed and modified against its parent, as a push event lists them,
 * read through the cached object reader (no process): only subtrees whose ids differ are opened.
 * Paths are repository-relative; a rename is a removal plus an addition (no rename detection), a
 * mode change a modification. A tree that cannot be read counts as empty.
 */

export interface FileChanges {
  added: string[];
  removed: string[];
  modified: string[];
}

async function treeEntries(gitDir: string, tree: string | null): Promise<readonly GitTreeEntry[]> {
  if (!tree) return [];
  const [object] = await readObjects(gitDir, [tree]);
  return object?.type === 'tree' ? parseTree(object.content) : [];
}

/** Every file under `tree`, prefixed; into `out`. */
async function listFiles(
  gitDir: string,
  tree: string,
  prefix: string,
  out: string[],
): Promise<void> {
  for (const entry of await treeEntries(gitDir, tree)) {
    if (entry.type === 'tree') await listFiles(gitDir, entry.oid, `${prefix}${entry.name}/`, out);
    else out.push(`${prefix}${entry.name}`);
  }
}

async function compare(
  gitDir: string,
  before: string | null,
  after: string | null,
  prefix: string,
  changes: FileChanges,
): Promise<void> {
  const [left, right] = await Promise.all([
    treeEntries(gitDir, before),
    treeEntries(gitDir, after),
  ]);
  const oldByName = new Map(left.map((entry) => [entry.name, entry]));
  const newByName = new Map(right.map((entry) => [entry.name, entry]));
  const names = [...new Set([...oldByName.keys(), ...newByName.keys()])].sort();
  for (const name of names) {
    const was = oldByName.get(name);
    const now = newByName.get(name);
    if (was && now && was.oid === now.oid && was.mode === now.mode) continue;
    const path = `${prefix}${name}`;
    const wasTree = was?.type === 'tree';
    const nowTree = now?.type === 'tree';
    if (wasTree && nowTree) {
      await compare(gitDir, was.oid, now.oid, `${path}/`, changes);
      continue;
    }
    if (was && now && !wasTree && !nowTree) {
      changes.modified.push(path);
      continue;
    }
    if (was) {
      if (wasTree) await listFiles(gitDir, was.oid, `${path}/`, changes.removed);
      else changes.removed.push(path);
    }
    if (now) {
      if (nowTree) await listFiles(gitDir, now.oid, `${path}/`, changes.added);
      else changes.added.push(path);
    }
  }
}

/** Files changed from tree `before` (null: an empty tree, for a root commit) to tree `after`. */
export async function diffTreesInProcess(
  gitDir: string,
  before: string | null,
  after: string,
): Promise<FileChanges> {
  const changes: FileChanges = { added: [], removed: [], modified: [] };
  await compare(gitDir, before, after, '', changes);
  for (const list of Object.values(changes)) list.sort();
  return changes;
}
