import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads one ref straight from git's files backend (a loose ref file, else `packed-refs`), as git
 * itself does on every lookup, so nothing can go stale: the loose file is read each time and
 * `packed-refs` is parsed again whenever its inode, size or mtime changed (git rewrites it by
 * rename). Whatever this reader is unsure of (a linked worktree sharing refs through
 * `commondir`, the reftable backend, a name git would refuse, content it does not expect) answers
 * `undefined`, and the caller asks git instead.
 */

const HEX40 = /^[0-9a-f]{40}$/;
const MAX_SYMREF_DEPTH = 5;

interface PackedRefs {
  key: string;
  refs: Map<string, string>;
}

const packed = new Map<string, PackedRefs>();
const plainLayout = new Map<string, boolean>();

/** A files-backend repository whose refs all live in this git directory. */
export function isPlainLayout(gitDir: string): boolean {
  let plain = plainLayout.get(gitDir);
  if (plain === undefined) {
    plain =
      !exists(join(gitDir, 'commondir')) &&
      !exists(join(gitDir, 'reftable')) &&
      exists(join(gitDir, 'refs'));
    plainLayout.set(gitDir, plain);
  }
  return plain;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The names this reader accepts: `refs/…` or HEAD, in components git allows (a subset of check-ref-format). */
function isSafeName(name: string): boolean {
  if (name === 'HEAD') return true;
  if (!name.startsWith('refs/') || name.endsWith('/') || name.endsWith('.lock')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|\/\/|@\{|\/\./.test(name)) return false;
  return true;
}

function readPackedRefs(gitDir: string): Map<string, string> | undefined {
  const file = join(gitDir, 'packed-refs');
  let stat;
  try {
    stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (!stat) return new Map();
  const key = `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  const known = packed.get(gitDir);
  if (known?.key === key) return known.refs;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const refs = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.length === 0 || line.startsWith('#') || line.startsWith('^')) continue;
    const space = line.indexOf(' ');
    const oid = line.slice(0, space);
    if (space !== 40 || !HEX40.test(oid)) return undefined;
    refs.set(line.slice(space + 1), oid);
  }
  packed.set(gitDir, { key, refs });
  return refs;
}

/** The object id `name` points at (symbolic refs followed), null when there is no such ref, undefined when unsure. */
export function readRefFile(gitDir: string, name: string, depth = 0): string | null | undefined {
  if (depth > MAX_SYMREF_DEPTH || !isPlainLayout(gitDir) || !isSafeName(name)) return undefined;
  // Most names asked for do not exist (a draft branch not created yet): a stat that answers
  // undefined instead of throwing keeps that case cheap.
  const path = join(gitDir, name);
  let content: string | null = null;
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isFile()) content = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') return undefined;
  }
  if (content === null) {
    if (name === 'HEAD') return undefined;
    const refs = readPackedRefs(gitDir);
    return refs === undefined ? undefined : (refs.get(name) ?? null);
  }
  const line = content.trimEnd();
  if (HEX40.test(line)) return line;
  if (line.startsWith('ref: ')) return readRefFile(gitDir, line.slice('ref: '.length), depth + 1);
  return undefined;
}

/**
 * Every ref under `prefix` (e.g. `refs/heads/`) with the object it points at, as `git for-each-ref`
 * lists them, or undefined when unsure. Loose refs are read before `packed-refs`, as git does, so a
 * concurrent `pack-refs` can never hide a ref.
 */
export function listRefFiles(gitDir: string, prefix: string): Map<string, string> | undefined {
  if (!isPlainLayout(gitDir) || !prefix.startsWith('refs/') || !prefix.endsWith('/'))
    return undefined;
  const loose = new Map<string, string>();
  const walk = (dir: string): boolean => {
    let names: string[];
    try {
      names = readdirSync(join(gitDir, dir));
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
    for (const name of names) {
      const full = `${dir}/${name}`;
      if (name.endsWith('.lock')) continue;
      let isDirectory: boolean;
      try {
        isDirectory = statSync(join(gitDir, full)).isDirectory();
      } catch {
        continue; // removed while listing
      }
      if (isDirectory) {
        if (!walk(full)) return false;
        continue;
      }
      const oid = readRefFile(gitDir, full);
      if (oid === undefined) return false;
      if (oid !== null) loose.set(full, oid);
    }
    return true;
  };
  if (!walk(prefix.slice(0, -1))) return undefined;
  const packedRefs = readPackedRefs(gitDir);
  if (packedRefs === undefined) return undefined;
  const all = new Map<string, string>();
  for (const [name, oid] of packedRefs)
    if (name.startsWith(prefix) && !loose.has(name)) all.set(name, oid);
  for (const [name, oid] of loose) all.set(name, oid);
  return all;
}
