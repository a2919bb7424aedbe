import { readObjects } from './git-objects';
import { writeLooseObject } from './loose-objects';

/**
 * Builds a new tree from a base tree and path edits in-process, giving the tree git gives for
 * `read-tree BASE`, `update-index --index-info` with the same lines and `write-tree`:
 *
 * - writing a path replaces whatever is there (a directory with everything under it) and turns a
 *   file or gitlink standing where a parent directory goes into that directory (`a.md/b`);
 * - deleting removes a file or gitlink, and a path that is not there changes nothing;
 * - directories left without files disappear;
 * - only directories on the edited paths are written again (git reuses the others through the
 *   cache tree `read-tree` primes), and those come out in git's canonical form.
 *
 * Whatever would not round-trip exactly (a non-canonical mode, unsorted or duplicate entries, a
 * name git refuses or ignores, a delete naming a directory) answers `undefined`: the caller uses git.
 */

export type TreeEdit =
  { path: string[]; delete: true } | { path: string[]; mode: string; oid: string };

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const TREE_MODE = '40000';
const FILE_MODES = new Set(['100644', '100755', '120000', '160000']);

interface Entry {
  name: Buffer;
  mode: string;
  oid: string;
  /** Loaded (and so rewritten) directory. */
  dir?: Dir;
}

/** A directory being rewritten, keyed by the raw name bytes (latin1 keeps every byte). */
type Dir = Map<string, Entry>;

class NotExact extends Error {}

const keyOf = (name: Buffer) => name.toString('latin1');

/**
 * Names git's index refuses or ignores (verify_path with core.protectNTFS, git's default): `.`,
 * `..`, `.git` and its NTFS spellings (`.GIT.`, `git~1`); for a symbolic link also anything that
 * could be `.gitmodules`, `.gitattributes`, `.gitignore` or `.mailmap` (a dotfile, a short name).
 */
export function isDoubtfulName(name: Buffer, mode?: string): boolean {
  if (name.length === 0 || name.includes(0x2f) || name.includes(0)) return true;
  const text = name.toString('latin1');
  if (text === '.' || text === '..' || /^(?:\.git|git~1)[. ]*(?:\\|$)/i.test(text)) return true;
  return mode === '120000' && (text.startsWith('.') || text.includes('~'));
}

/** git's tree order: byte order, a directory comparing as if its name ended in '/'. */
export function compareEntries(a: Buffer, aTree: boolean, b: Buffer, bTree: boolean): number {
  const len = Math.min(a.length, b.length);
  const head = Buffer.compare(a.subarray(0, len), b.subarray(0, len));
  if (head !== 0) return head;
  const ca = a.length > len ? a[len]! : aTree ? 0x2f : 0;
  const cb = b.length > len ? b[len]! : bTree ? 0x2f : 0;
  return ca - cb;
}

/** Decodes a raw tree, or throws NotExact when it is not in the form git would write it. */
function parseCanonicalTree(content: Buffer): Dir {
  const dir: Dir = new Map();
  let previous: Entry | undefined;
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = space === -1 ? -1 : content.indexOf(0x00, space);
    if (nul === -1 || nul + 21 > content.length) throw new NotExact();
    const mode = content.subarray(at, space).toString('latin1');
    const entry: Entry = {
      name: Buffer.from(content.subarray(space + 1, nul)),
      mode,
      oid: content.subarray(nul + 1, nul + 21).toString('hex'),
    };
    at = nul + 21;
    if ((mode !== TREE_MODE && !FILE_MODES.has(mode)) || isDoubtfulName(entry.name, mode))
      throw new NotExact();
    if (
      previous &&
      compareEntries(previous.name, previous.mode === TREE_MODE, entry.name, mode === TREE_MODE) >=
        0
    )
      throw new NotExact();
    if (dir.has(keyOf(entry.name))) throw new NotExact();
    dir.set(keyOf(entry.name), entry);
    previous = entry;
  }
  return dir;
}

async function loadTree(gitDir: string, oid: string): Promise<Dir> {
  const [object] = await readObjects(gitDir, [oid]);
  if (object?.type !== 'tree') throw new NotExact();
  return parseCanonicalTree(object.content);
}

async function applyEdit(gitDir: string, root: Dir, edit: TreeEdit): Promise<void> {
  const names = edit.path.map((part) => Buffer.from(part, 'utf8'));
  const mode = 'delete' in edit ? undefined : edit.mode;
  if (mode !== undefined && !FILE_MODES.has(mode)) throw new NotExact();
  if (names.some((name, n) => isDoubtfulName(name, n === names.length - 1 ? mode : undefined)))
    throw new NotExact();
  let dir = root;
  for (const name of names.slice(0, -1)) {
    const entry = dir.get(keyOf(name));
    if (entry?.mode === TREE_MODE) {
      entry.dir ??= await loadTree(gitDir, entry.oid);
      dir = entry.dir;
    } else if ('delete' in edit) {
      return;
    } else {
      const created: Entry = { name, mode: TREE_MODE, oid: EMPTY_TREE, dir: new Map() };
      dir.set(keyOf(name), created);
      dir = created.dir!;
    }
  }
  const last = names[names.length - 1]!;
  if ('delete' in edit) {
    const entry = dir.get(keyOf(last));
    if (entry?.mode === TREE_MODE) throw new NotExact();
    dir.delete(keyOf(last));
  } else {
    dir.set(keyOf(last), { name: last, mode: edit.mode, oid: edit.oid });
  }
}

/** Whether a tree not being rewritten holds any file or gitlink (git drops those that hold none). */
async function holdsFiles(gitDir: string, oid: string): Promise<boolean> {
  if (oid === EMPTY_TREE) return false;
  const [object] = await readObjects(gitDir, [oid]);
  if (object?.type !== 'tree') throw new NotExact();
  const subtrees: string[] = [];
  let at = 0;
  while (at < object.content.length) {
    const space = object.content.indexOf(0x20, at);
    const nul = object.content.indexOf(0x00, space);
    if (space === -1 || nul === -1) throw new NotExact();
    const mode = object.content.subarray(at, space).toString('latin1');
    if (mode !== TREE_MODE && mode !== '040000') return true;
    subtrees.push(object.content.subarray(nul + 1, nul + 21).toString('hex'));
    at = nul + 21;
  }
  for (const sub of subtrees) if (await holdsFiles(gitDir, sub)) return true;
  return false;
}

/** Writes a rewritten directory and those below it; null when it ends up without files. */
async function writeDir(gitDir: string, dir: Dir): Promise<string | null> {
  const kept: Entry[] = [];
  await Promise.all(
    [...dir.values()].map(async (entry) => {
      if (entry.mode !== TREE_MODE) return void kept.push(entry);
      const oid = entry.dir
        ? await writeDir(gitDir, entry.dir)
        : (await holdsFiles(gitDir, entry.oid))
          ? entry.oid
          : null;
      if (oid) kept.push({ name: entry.name, mode: TREE_MODE, oid });
    }),
  );
  if (kept.length === 0) return null;
  kept.sort((a, b) => compareEntries(a.name, a.mode === TREE_MODE, b.name, b.mode === TREE_MODE));
  const content = Buffer.concat(
    kept.flatMap((entry) => [
      Buffer.from(`${entry.mode} `),
      entry.name,
      Buffer.from([0]),
      Buffer.from(entry.oid, 'hex'),
    ]),
  );
  return writeLooseObject(gitDir, 'tree', content);
}

/**
 * The tree `baseTree` (null: empty) becomes with `edits` applied in order, written as loose
 * objects; undefined when git must build it instead (see above).
 */
export async function editTree(
  gitDir: string,
  baseTree: string | null,
  edits: TreeEdit[],
): Promise<string | undefined> {
  try {
    const root = baseTree ? await loadTree(gitDir, baseTree) : new Map<string, Entry>();
    for (const edit of edits) await applyEdit(gitDir, root, edit);
    return (
      (await writeDir(gitDir, root)) ?? (await writeLooseObject(gitDir, 'tree', Buffer.alloc(0)))
    );
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
}
