import { createHash } from 'node:crypto';
import { merge3Text } from '../../shared/content/diff3';
import type { ChangedFile } from '../../shared/ports/pull-host';

/**
 * Git's object model in memory, for the fake hosts: blobs are content-addressed with git's own
 * blob ids (so a fake and a real host agree on the sha of a text), trees are flat path → file
 * maps, commits carry their parents. No process, no disk.
 */
export interface FileEntry {
  oid: string;
  symlink: boolean;
}

export type Tree = ReadonlyMap<string, FileEntry>;

export interface Commit {
  oid: string;
  tree: Tree;
  parents: string[];
  message: string;
}

/** What a commit changes: the same shape the local host's `commitFiles` takes. */
export type FileChange =
  | { path: string; content: string | Buffer; symlink?: boolean }
  | { path: string; oid: string; symlink?: boolean }
  | { path: string; delete: true };

export interface DirEntry {
  name: string;
  type: 'blob' | 'tree';
  oid: string;
  symlink: boolean;
}

const sha1 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** git's own rule (GitHub's `isBinary` follows it): a NUL byte in the first 8,000 bytes. */
export const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

/** UTF-8 text of at most `limit` bytes, never ending in half a character; a byte order mark is kept. */
export const textUpTo = (bytes: Buffer, limit: number) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, limit), {
    stream: bytes.length > limit,
  });

const sameEntry = (a: FileEntry | undefined, b: FileEntry | undefined) =>
  a?.oid === b?.oid && a?.symlink === b?.symlink;

/** git orders tree entries by name, a directory as if its name ended in `/`. */
const treeOrder = (a: DirEntry, b: DirEntry) => {
  const key = (entry: DirEntry) =>
    Buffer.from(entry.type === 'tree' ? `${entry.name}/` : entry.name);
  return Buffer.compare(key(a), key(b));
};

export function createObjectStore() {
  const blobs = new Map<string, Buffer>();
  const commits = new Map<string, Commit>();
  let made = 0;

  const putBlob = (content: string | Buffer): string => {
    const bytes = Buffer.from(content);
    const oid = sha1(`blob ${bytes.length}\0`, bytes);
    blobs.set(oid, bytes);
    return oid;
  };

  const text = (entry: FileEntry | undefined): string | undefined => {
    const bytes = entry && blobs.get(entry.oid);
    return bytes && !isBinary(bytes) ? bytes.toString('utf8') : undefined;
  };

  const ancestors = (oid: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [oid];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(commits.get(next)?.parents ?? []));
    }
    return seen;
  };

  const store = {
    blobs,
    commits,
    putBlob,

    /** The tree of `base` with `changes` applied. */
    applyChanges(base: Tree | undefined, changes: readonly FileChange[]): Tree {
      const tree = new Map(base);
      for (const change of changes) {
        if ('delete' in change) tree.delete(change.path);
        else if ('oid' in change) {
          if (!blobs.has(change.oid)) throw new Error(`No blob ${change.oid}`);
          tree.set(change.path, { oid: change.oid, symlink: change.symlink === true });
        } else
          tree.set(change.path, { oid: putBlob(change.content), symlink: change.symlink === true });
      }
      return tree;
    },

    commit(tree: Tree, parents: string[], message: string): string {
      made += 1;
      const oid = sha1(
        'commit',
        String(made),
        message,
        ...parents,
        ...[...tree].map(([path, entry]) => `${path}\0${entry.oid}`),
      );
      commits.set(oid, { oid, tree: new Map(tree), parents, message });
      return oid;
    },

    /** The entries directly under `dir` ('' for the root); null when nothing is there. */
    listDirectory(tree: Tree, dir: string): DirEntry[] | null {
      const prefix = dir === '' ? '' : `${dir}/`;
      const entries = new Map<string, DirEntry>();
      for (const [path, entry] of tree) {
        if (!path.startsWith(prefix)) continue;
        const [name = '', ...rest] = path.slice(prefix.length).split('/');
        if (rest.length === 0)
          entries.set(name, { name, type: 'blob', oid: entry.oid, symlink: entry.symlink });
        else if (!entries.has(name))
          entries.set(name, {
            name,
            type: 'tree',
            oid: subtreeOid(tree, `${prefix}${name}/`),
            symlink: false,
          });
      }
      return entries.size === 0 ? null : [...entries.values()].sort(treeOrder);
    },

    /** The oid of the directory `dir` of a tree (content-addressed, as git's tree oids are); null when nothing is there. */
    directoryOid: (tree: Tree, dir: string): string | null =>
      [...tree.keys()].some((path) => path.startsWith(`${dir}/`))
        ? subtreeOid(tree, `${dir}/`)
        : null,

    /** Whether `ancestor` is reachable from `descendant` (a commit is its own ancestor). */
    isAncestor: (ancestor: string, descendant: string) => ancestors(descendant).has(ancestor),

    /** The nearest common ancestor (breadth first from `b`); null for unrelated histories. */
    mergeBase(a: string, b: string): string | null {
      const ofA = ancestors(a);
      const queue = [b];
      const seen = new Set<string>();
      while (queue.length > 0) {
        const next = queue.shift()!;
        if (ofA.has(next)) return next;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(...(commits.get(next)?.parents ?? []));
      }
      return null;
    },

    /**
     * Three-way merge of trees, file by file as git's merge does: one-sided changes win, equal
     * changes are taken once, text files changed on both sides are merged line by line (diff3),
     * anything else changed on both sides is a conflict.
     */
    mergeTrees(base: Tree, ours: Tree, theirs: Tree): Tree | null {
      const merged = new Map<string, FileEntry>();
      for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
        const [b, o, t] = [base.get(path), ours.get(path), theirs.get(path)];
        let result: FileEntry | undefined;
        if (sameEntry(o, t) || sameEntry(b, t)) result = o;
        else if (sameEntry(b, o)) result = t;
        else {
          const [bt, ot, tt] = [b ? text(b) : '', text(o), text(t)];
          if (bt === undefined || ot === undefined || tt === undefined || o!.symlink || t!.symlink)
            return null;
          const lines = merge3Text(bt, ot, tt);
          if (!lines.ok) return null;
          result = { oid: putBlob(lines.text), symlink: false };
        }
        if (result) merged.set(path, result);
      }
      return merged;
    },

    /** The files `head` changed since `base`, in path order; a file moved unchanged is a rename. */
    diff(base: Tree, head: Tree): ChangedFile[] {
      const files: ChangedFile[] = [];
      const removed = new Map<string, string>();
      for (const [path, entry] of base) if (!head.has(path)) removed.set(entry.oid, path);
      for (const [path, entry] of head) {
        const before = base.get(path);
        if (before) {
          if (!sameEntry(before, entry)) files.push({ path, status: 'modified' });
          continue;
        }
        const previousPath = removed.get(entry.oid);
        if (previousPath === undefined) files.push({ path, status: 'added' });
        else {
          removed.delete(entry.oid);
          files.push({ path, status: 'renamed', previousPath });
        }
      }
      for (const path of removed.values()) files.push({ path, status: 'removed' });
      return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
  return store;
}

function subtreeOid(tree: Tree, prefix: string): string {
  const lines = [...tree]
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, entry]) => `${path}\0${entry.oid}\0${entry.symlink}`);
  return sha1('tree', ...lines.sort());
}

export type ObjectStore = ReturnType<typeof createObjectStore>;
