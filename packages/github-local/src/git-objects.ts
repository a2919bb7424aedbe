import { batchLookup } from './git-batch';
import { GitCommandError } from './git-command';
import { readRefFile } from './git-ref-files';
import type { GitObject, GitObjectInfo } from './git-object-types';
import { cachedObject, rememberObject } from './object-cache';

/** Reading git objects: many through one `git cat-file` process, and decoding raw trees and commits. */

export type { GitObject, GitObjectInfo, GitObjectType } from './git-object-types';

/**
 * Looks up many objects at once through the repository's long-lived `git cat-file` reader, answering
 * what the cache already holds without git. Names are git revisions (a sha, `main:path/to/file`,
 * `refs/heads/x`), written on lines of their own so they can never become options; a name git
 * cannot resolve, or one that cannot travel on one line, yields null.
 */
async function lookup(
  gitDir: string,
  givenNames: string[],
  withContent: boolean,
): Promise<(GitObject | null)[]> {
  const names = givenNames.map((name) => pinToObject(gitDir, name));
  const answers: (GitObject | null)[] = names.map(
    (name) => cachedObject(gitDir, name, withContent) ?? null,
  );
  const missing = [
    ...new Set(
      names.filter(
        (name, index) => answers[index] === null && name.length > 0 && !/[\n\r\0]/.test(name),
      ),
    ),
  ];
  if (missing.length === 0) return answers;
  const found = await batchLookup(gitDir, missing, withContent);
  const byName = new Map(missing.map((name, index) => [name, found[index] ?? null]));
  for (const [name, object] of byName)
    if (object) rememberObject(gitDir, name, object, withContent);
  return names.map((name, index) => answers[index] ?? byName.get(name) ?? null);
}

/**
 * `refs/heads/main` or `refs/heads/main:path` with the ref read from its file now, so the name
 * becomes an immutable one the cache can answer. Only an exact full ref name is pinned (git's first
 * lookup rule matches it the same way); anything else, or a ref that is not there, goes to git as
 * written.
 */
function pinToObject(gitDir: string, name: string): string {
  const colon = name.indexOf(':');
  const rev = colon === -1 ? name : name.slice(0, colon);
  if (!rev.startsWith('refs/') || /[\^~@{}]/.test(rev)) return name;
  const oid = readRefFile(gitDir, rev);
  return typeof oid === 'string' ? `${oid}${name.slice(rev.length)}` : name;
}

export function readObjects(gitDir: string, names: string[]): Promise<(GitObject | null)[]> {
  return lookup(gitDir, names, true);
}

export async function readObjectInfos(
  gitDir: string,
  names: string[],
): Promise<(GitObjectInfo | null)[]> {
  return (await lookup(gitDir, names, false)).map(
    (object) => object && { oid: object.oid, type: object.type, size: object.size },
  );
}

export interface GitTreeEntry {
  /** Six digits, as the REST API spells them: 100644, 100755, 120000, 040000, 160000. */
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  name: string;
  oid: string;
}

const parsedTrees = new WeakMap<
  Buffer,
  { entries: readonly GitTreeEntry[]; byName?: Map<string, GitTreeEntry> }
>();

/**
 * Decodes a raw tree object (`<mode> <name>\0<20-byte sha>` repeated). Remembered for as long as
 * the content buffer lives: a cached tree (a folder of 1,000 posts) is decoded once, not per request.
 */
export function parseTree(content: Buffer): readonly GitTreeEntry[] {
  let parsed = parsedTrees.get(content);
  if (!parsed) {
    parsed = { entries: decodeTree(content) };
    parsedTrees.set(content, parsed);
  }
  return parsed.entries;
}

/** The entry called `name` in a raw tree, or null. */
export function findTreeEntry(content: Buffer, name: string): GitTreeEntry | null {
  const entries = parseTree(content);
  const parsed = parsedTrees.get(content)!;
  parsed.byName ??= new Map(entries.map((entry) => [entry.name, entry]));
  return parsed.byName.get(name) ?? null;
}

function decodeTree(content: Buffer): GitTreeEntry[] {
  const entries: GitTreeEntry[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0x00, space);
    const mode = content.subarray(at, space).toString('ascii').padStart(6, '0');
    const name = content.subarray(space + 1, nul).toString('utf8');
    const oid = content.subarray(nul + 1, nul + 21).toString('hex');
    at = nul + 21;
    const type = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({ mode, type, name, oid });
  }
  return entries;
}

export interface GitSignature {
  name: string;
  email: string;
  /** UTC, whole seconds, e.g. 2024-02-14T08:30:00Z. */
  date: string;
}

export interface ParsedCommit {
  tree: string;
  parents: string[];
  author: GitSignature;
  committer: GitSignature;
  message: string;
}

function parseSignature(value: string): GitSignature {
  const match = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(value);
  const seconds = Number(match?.[3] ?? 0);
  return {
    name: match?.[1] ?? '',
    email: match?.[2] ?? '',
    date: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'),
  };
}

/** Decodes a raw commit object's headers (continuation lines such as gpgsig are skipped) and message. */
export function parseCommit(content: Buffer): ParsedCommit {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split === -1 ? text : text.slice(0, split)).split('\n');
  const commit: ParsedCommit = {
    tree: '',
    parents: [],
    author: parseSignature(''),
    committer: parseSignature(''),
    message: split === -1 ? '' : text.slice(split + 2),
  };
  for (const line of headers) {
    const space = line.indexOf(' ');
    const key = line.slice(0, space);
    const value = line.slice(space + 1);
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author') commit.author = parseSignature(value);
    else if (key === 'committer') commit.committer = parseSignature(value);
  }
  return commit;
}

/** A file's bytes at a commit-ish, or null when the path is not a blob there. */
export async function readFileAt(
  gitDir: string,
  commitish: string,
  path: string,
): Promise<Buffer | null> {
  try {
    const [object] = await readObjects(gitDir, [`${commitish}:${path}`]);
    return object?.type === 'blob' ? object.content : null;
  } catch (error) {
    if (error instanceof GitCommandError) return null;
    throw error;
  }
}
