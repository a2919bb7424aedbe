import { runGit } from './git-command';

/** File-level diffs between two commits, as GitHub's pull request files and compare endpoints report them. */

export type DiffStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed';

export interface DiffEntry {
  filename: string;
  previousFilename?: string;
  status: DiffStatus;
  /** Blob of the file after the change (before it, for a removal). */
  sha: string | null;
  additions: number;
  deletions: number;
  /** Unified diff hunks without file headers; absent for binary files and mode-only changes. */
  patch?: string;
}

const STATUS: Record<string, DiffStatus> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};
const ZERO = '0'.repeat(40);

interface RawEntry {
  status: DiffStatus;
  oldMode: string;
  newMode: string;
  oldSha: string;
  newSha: string;
  path: string;
  previous?: string;
}

function parseRaw(out: string): RawEntry[] {
  const tokens = out.split('\0');
  const entries: RawEntry[] = [];
  for (let i = 0; i < tokens.length;) {
    const header = tokens[i++] ?? '';
    if (!header.startsWith(':')) continue;
    const [oldMode = '', newMode = '', oldSha = '', newSha = '', code = ''] = header
      .slice(1)
      .split(' ');
    const letter = code.charAt(0);
    const first = tokens[i++] ?? '';
    if (letter === 'R' || letter === 'C') {
      const second = tokens[i++] ?? '';
      entries.push({
        status: STATUS[letter] ?? 'modified',
        oldMode,
        newMode,
        oldSha,
        newSha,
        path: second,
        previous: first,
      });
    } else {
      entries.push({
        status: STATUS[letter] ?? 'modified',
        oldMode,
        newMode,
        oldSha,
        newSha,
        path: first,
      });
    }
  }
  return entries;
}

/** Splits `git diff` output into one chunk per file, in the order `--raw` lists them. */
function splitPatch(out: string): string[] {
  const chunks: string[] = [];
  let current: string[] | null = null;
  for (const line of out.split('\n')) {
    if (line.startsWith('diff --git ')) {
      if (current) chunks.push(current.join('\n'));
      current = [];
    }
    current?.push(line);
  }
  if (current) chunks.push(current.join('\n'));
  return chunks;
}

function hunks(chunk: string): { patch?: string; additions: number; deletions: number } {
  const lines = chunk.replace(/\n$/, '').split('\n');
  const start = lines.findIndex((line) => line.startsWith('@@'));
  if (start < 0) return { additions: 0, deletions: 0 };
  const body = lines.slice(start);
  let additions = 0;
  let deletions = 0;
  for (const line of body) {
    if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }
  return { patch: body.join('\n'), additions, deletions };
}

/** Every changed file between two commits (renames detected), with patches. */
export async function diffEntries(gitDir: string, from: string, to: string): Promise<DiffEntry[]> {
  const common = ['-M', '--no-color', '--no-ext-diff', from, to, '--'];
  const [raw, patch] = await Promise.all([
    runGit(gitDir, ['diff', '--raw', '-z', '--no-abbrev', ...common]),
    runGit(gitDir, ['diff', '--patch', '--full-index', ...common]),
  ]);
  const chunks = splitPatch(patch);
  return parseRaw(raw).map((entry, index) => {
    const { patch: text, additions, deletions } = hunks(chunks[index] ?? '');
    const modeOnly =
      entry.status === 'modified' &&
      entry.oldSha === entry.newSha &&
      entry.oldMode !== entry.newMode;
    return {
      filename: entry.path,
      ...(entry.previous === undefined ? {} : { previousFilename: entry.previous }),
      status: modeOnly ? 'changed' : entry.status,
      sha: entry.status === 'removed' ? entry.oldSha : entry.newSha === ZERO ? null : entry.newSha,
      additions,
      deletions,
      ...(text === undefined ? {} : { patch: text }),
    };
  });
}

/** Files changed and lines added/removed between two commits (binary files count no lines). */
export async function diffStats(
  gitDir: string,
  from: string,
  to: string,
): Promise<{ files: number; additions: number; deletions: number }> {
  const out = await runGit(gitDir, ['diff', '--numstat', '-z', '-M', from, to, '--']);
  const tokens = out.split('\0');
  const stats = { files: 0, additions: 0, deletions: 0 };
  for (let i = 0; i < tokens.length; i += 1) {
    const match = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(tokens[i] ?? '');
    if (!match) continue;
    stats.files += 1;
    stats.additions += match[1] === '-' ? 0 : Number(match[1]);
    stats.deletions += match[2] === '-' ? 0 : Number(match[2]);
    // A rename leaves the path empty here and names the old and new paths in the next two tokens.
    if (match[3] === '') i += 2;
  }
  return stats;
}
