import { execFileSync } from 'node:child_process';

/**
 * Which code a benchmark report measured: the short HEAD commit, and whether the tree differed
 * from it. The report file itself does not count as a change (a previous run rewrote it).
 */

export const REPORT_PATH = 'docs/benchmarks.md';

export interface Revision {
  /** `git rev-parse --short HEAD`; null outside a git checkout. */
  commit: string | null;
  /** `git status --porcelain` output: one line per changed or untracked path. */
  status: string;
}

/** The tree differs from the commit in anything but the report (porcelain v1: `XY path`). */
export function hasUncommittedChanges(status: string): boolean {
  return status
    .split('\n')
    .filter((line) => line.trim() !== '')
    .some((line) => line.slice(3) !== REPORT_PATH);
}

/** `commit abc1234`, `commit abc1234 with uncommitted changes`, or `an unknown commit`. */
export function describeRevision({ commit, status }: Revision): string {
  if (commit === null) return 'an unknown commit (not a git checkout)';
  return hasUncommittedChanges(status)
    ? `commit ${commit} with uncommitted changes`
    : `commit ${commit}`;
}

/** Reads the revision of the checkout at `cwd`; outside a git checkout the commit is null. */
export function readRevision(cwd: string): Revision {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD').trim(),
      status: git('status', '--porcelain'),
    };
  } catch {
    return { commit: null, status: '' };
  }
}
