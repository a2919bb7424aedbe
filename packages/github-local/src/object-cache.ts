import type { GitObject } from './git-object-types';

/**
 * Objects whose name can never change its answer (a sha, `<sha>:<path>`, `<sha>^{tree}`), kept per
 * repository so a warm read needs no git at all. Bounded by bytes, least recently used first out;
 * large blobs are not kept. Names that go through a ref (`main:path`) are never cached, and neither
 * is "missing" (the object may be written later).
 */

const MAX_BYTES = 64 * 1024 * 1024;
const MAX_OBJECT_BYTES = 4 * 1024 * 1024;
/** What an entry costs beyond its content: the key, the record, the map slot. */
const OVERHEAD = 200;

interface Entry {
  object: GitObject;
  /** False when only the type and size were read (`info`). */
  hasContent: boolean;
}

const entries = new Map<string, Entry>();
let bytes = 0;

export const isImmutableName = (name: string): boolean => /^[0-9a-f]{40}(?:$|[:^])/.test(name);

const keyOf = (gitDir: string, name: string) => `${gitDir}\0${name}`;
const costOf = (key: string, entry: Entry) =>
  key.length + OVERHEAD + (entry.hasContent ? entry.object.content.length : 0);

/** The cached object (with content when `withContent`), or undefined. */
export function cachedObject(
  gitDir: string,
  name: string,
  withContent: boolean,
): GitObject | undefined {
  const key = keyOf(gitDir, name);
  const entry = entries.get(key);
  if (!entry || (withContent && !entry.hasContent)) return undefined;
  entries.delete(key);
  entries.set(key, entry);
  return entry.object;
}

export function rememberObject(
  gitDir: string,
  name: string,
  object: GitObject,
  hasContent: boolean,
): void {
  if (!isImmutableName(name) || object.size > MAX_OBJECT_BYTES) return;
  const key = keyOf(gitDir, name);
  const previous = entries.get(key);
  if (previous) {
    if (previous.hasContent || !hasContent) return;
    entries.delete(key);
    bytes -= costOf(key, previous);
  }
  const entry = { object, hasContent };
  entries.set(key, entry);
  bytes += costOf(key, entry);
  for (const [oldest, old] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(oldest);
    bytes -= costOf(oldest, old);
  }
}

/** Forgets the objects of every repository at or under `root` (a host closing, a path now serving another repository). */
export function forgetObjectsUnder(root: string): void {
  for (const [key, entry] of entries) {
    const gitDir = key.slice(0, key.indexOf('\0'));
    if (gitDir === root || gitDir.startsWith(`${root}/`)) {
      entries.delete(key);
      bytes -= costOf(key, entry);
    }
  }
}
