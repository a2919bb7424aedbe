import { execFileSync } from 'node:child_process';
import type { GitHubLocal } from '@cms/github-local';

/**
 * A ledger of acknowledged writes (every 2xx a client got), checked against the repository's
 * history afterwards: what was acknowledged must be reachable from a branch (the default branch, or
 * a draft branch not yet published), never only from an unreachable object.
 *
 * A text write is found by a marker line that only it wrote: a later save built on it (a draft
 * saved again, a publish's squash commit, a merge with other changes) carries the line on, so the
 * line being in some reachable blob is exactly "the write was not lost".
 */
export type LedgerEntry =
  | { kind: 'text'; what: string; marker: string }
  | { kind: 'blob'; what: string; path: string; oid: string }
  | { kind: 'deletion'; what: string; path: string };

export interface Reachable {
  /** `${oid} ${path}` for every file a commit reachable from a branch added or changed. */
  files: Set<string>;
  /** Paths some reachable commit deleted. */
  deleted: Set<string>;
  /** The texts of every blob under `textsUnder` those commits wrote, concatenated. */
  texts: string;
}

/** Everything the branches of `repo` reach: two git processes, whatever the size of the history. */
export function readReachable(github: GitHubLocal, repo: string, textsUnder: string): Reachable {
  const [owner = '', name = ''] = repo.split('/');
  const gitDir = github.gitDir(owner, name);
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      encoding: 'utf8',
      input,
      maxBuffer: 256 * 1024 * 1024,
    });
  // One line per file a commit changed: ":oldmode newmode oldoid newoid status\tpath" (no renames, so a move is a D and an A).
  const raw = git(['log', '--branches', '--raw', '--no-abbrev', '--no-renames', '--format=']);
  const files = new Set<string>();
  const deleted = new Set<string>();
  const textOids = new Set<string>();
  for (const line of raw.split('\n')) {
    const match = /^:\d+ \d+ [0-9a-f]{40} ([0-9a-f]{40}) ([ADMT])\t(.+)$/.exec(line);
    if (!match) continue;
    const [, oid = '', status, path = ''] = match;
    if (status === 'D') deleted.add(path);
    else {
      files.add(`${oid} ${path}`);
      if (path.startsWith(textsUnder)) textOids.add(oid);
    }
  }
  const texts =
    textOids.size === 0 ? '' : git(['cat-file', '--batch'], `${[...textOids].join('\n')}\n`);
  return { files, deleted, texts };
}

/** The entries the history does not hold, each with what it was. */
export function missingFrom(reachable: Reachable, ledger: LedgerEntry[]): LedgerEntry[] {
  return ledger.filter((entry) => {
    if (entry.kind === 'text') return !reachable.texts.includes(entry.marker);
    if (entry.kind === 'blob') return !reachable.files.has(`${entry.oid} ${entry.path}`);
    return !reachable.deleted.has(entry.path);
  });
}
