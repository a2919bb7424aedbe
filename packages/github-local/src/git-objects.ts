import { GitCommandError, runGitBuffer } from './git-command';

/** Reading git objects: many through one `git cat-file` process, and decoding raw trees and commits. */

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface GitObjectInfo {
  oid: string;
  type: GitObjectType;
  size: number;
}

export interface GitObject extends GitObjectInfo {
  content: Buffer;
}

const OBJECT_HEADER = /^([0-9a-f]{40}) (blob|tree|commit|tag) (\d+)$/;

/**
 * Looks up many objects in one `git cat-file --batch[-check]` process. Names are git revisions
 * (a sha, `main:path/to/file`, `refs/heads/x`), read from stdin so they can never become options;
 * a name git cannot resolve, or one that cannot travel on one line, yields null.
 */
async function catFile(gitDir: string, names: string[], withContent: boolean): Promise<(GitObject | null)[]> {
  const sendable = names.map((name) => name.length > 0 && !/[\n\r\0]/.test(name));
  const lines = names.filter((_, index) => sendable[index]);
  if (lines.length === 0) return names.map(() => null);
  const out = await runGitBuffer(gitDir, ['cat-file', withContent ? '--batch' : '--batch-check'], { input: `${lines.join('\n')}\n` });
  const parsed: (GitObject | null)[] = [];
  let at = 0;
  while (at < out.length && parsed.length < lines.length) {
    const end = out.indexOf(0x0a, at);
    const header = out.subarray(at, end === -1 ? out.length : end).toString('utf8');
    at = end === -1 ? out.length : end + 1;
    const match = OBJECT_HEADER.exec(header);
    if (!match) {
      parsed.push(null);
      continue;
    }
    const size = Number(match[3]);
    const content = withContent ? out.subarray(at, at + size) : Buffer.alloc(0);
    if (withContent) at += size + 1;
    parsed.push({ oid: match[1] ?? '', type: match[2] as GitObjectType, size, content });
  }
  let next = 0;
  return names.map((_, index) => (sendable[index] ? (parsed[next++] ?? null) : null));
}

export function readObjects(gitDir: string, names: string[]): Promise<(GitObject | null)[]> {
  return catFile(gitDir, names, true);
}

export async function readObjectInfos(gitDir: string, names: string[]): Promise<(GitObjectInfo | null)[]> {
  return (await catFile(gitDir, names, false)).map((object) => object && { oid: object.oid, type: object.type, size: object.size });
}

export interface GitTreeEntry {
  /** Six digits, as the REST API spells them: 100644, 100755, 120000, 040000, 160000. */
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  name: string;
  oid: string;
}

/** Decodes a raw tree object (`<mode> <name>\0<20-byte sha>` repeated). */
export function parseTree(content: Buffer): GitTreeEntry[] {
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
  return { name: match?.[1] ?? '', email: match?.[2] ?? '', date: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') };
}

/** Decodes a raw commit object's headers (continuation lines such as gpgsig are skipped) and message. */
export function parseCommit(content: Buffer): ParsedCommit {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split === -1 ? text : text.slice(0, split)).split('\n');
  const commit: ParsedCommit = { tree: '', parents: [], author: parseSignature(''), committer: parseSignature(''), message: split === -1 ? '' : text.slice(split + 2) };
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
export async function readFileAt(gitDir: string, commitish: string, path: string): Promise<Buffer | null> {
  try {
    return await runGitBuffer(gitDir, ['cat-file', 'blob', `${commitish}:${path}`]);
  } catch (error) {
    if (error instanceof GitCommandError) return null;
    throw error;
  }
}
