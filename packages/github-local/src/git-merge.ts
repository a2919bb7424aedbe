import { listRefFiles, readRefFile } from './git-ref-files';
import { announceRefMove, isPushRef, isWatchingRefMoves } from './ref-moves';
import { GitCommandError, runGit } from './git-command';
import { moveRefInPlace } from './working-tree';
import type { GitIdentity } from './git-write';

/**
 * Server-side merges over bare repositories, for git 2.39: `git merge-tree --write-tree` exists but
 * `--merge-base` does not (2.40+). Merging two commits lets merge-tree find their merge base itself;
 * a merge against an explicit base goes through throwaway commits whose only common ancestor is that
 * base, so both paths use the same merge machinery (renames, conflict rules) and never a work tree.
 */

/** GitHub's identity for commits it writes on a user's behalf (web-flow). */
export const WEB_FLOW: GitIdentity = { name: 'GitHub', email: 'noreply@github.com' };

export type MergeOutcome = { clean: true; tree: string } | { clean: false; conflicts: string[] };

function identityEnv(
  author: GitIdentity,
  committer: GitIdentity,
  fallbackDate: string,
): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: author.date ?? fallbackDate,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    GIT_COMMITTER_DATE: committer.date ?? fallbackDate,
  };
}

export interface CreateCommitInput {
  tree: string;
  parents: string[];
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
}

/** Writes a commit object (no ref moves); identities come from the environment, never from git config. */
export async function createCommit(gitDir: string, input: CreateCommitInput): Promise<string> {
  const args = ['commit-tree', input.tree, ...input.parents.flatMap((parent) => ['-p', parent])];
  const env = identityEnv(input.author, input.committer, new Date().toISOString());
  return (await runGit(gitDir, args, { input: input.message, env })).trim();
}

/** Three-way merge of two commits over their merge base. Unrelated histories count as a conflict. */
export async function mergeCommits(
  gitDir: string,
  ours: string,
  theirs: string,
): Promise<MergeOutcome> {
  try {
    const out = await runGit(gitDir, [
      'merge-tree',
      '--write-tree',
      '--name-only',
      '--no-messages',
      ours,
      theirs,
    ]);
    return { clean: true, tree: out.split('\n')[0]?.trim() ?? '' };
  } catch (error) {
    // Exit status 1 is "merged with conflicts": stdout then lists the tree and the conflicted paths.
    if (error instanceof GitCommandError && error.exitCode === 1)
      return { clean: false, conflicts: [] };
    if (error instanceof GitCommandError && /unrelated histories/.test(error.stderr))
      return { clean: false, conflicts: [] };
    throw error;
  }
}

/** Fixed identity and date for the throwaway commits: identical inputs give identical objects. */
const SCAFFOLD: GitIdentity = {
  name: 'github-local',
  email: 'github-local@localhost',
  date: '2000-01-01T00:00:00Z',
};

/** Three-way merge of two trees (or commits) over an explicit base tree (or commit). */
export async function mergeTreesWithBase(
  gitDir: string,
  base: string,
  ours: string,
  theirs: string,
): Promise<MergeOutcome> {
  const scaffold = (tree: string, parents: string[]) =>
    createCommit(gitDir, {
      tree,
      parents,
      message: 'merge scaffold\n',
      author: SCAFFOLD,
      committer: SCAFFOLD,
    });
  const [baseTree = '', oursTree = '', theirsTree = ''] = await Promise.all(
    [base, ours, theirs].map((ish) => treeOf(gitDir, ish)),
  );
  const root = await scaffold(baseTree, []);
  const [left, right] = await Promise.all([
    scaffold(oursTree, [root]),
    scaffold(theirsTree, [root]),
  ]);
  return mergeCommits(gitDir, left, right);
}

export async function treeOf(gitDir: string, commitish: string): Promise<string> {
  return (await runGit(gitDir, ['rev-parse', '--verify', `${commitish}^{tree}`])).trim();
}

/** The best common ancestor, or null for unrelated histories. */
export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  try {
    return (await runGit(gitDir, ['merge-base', a, b])).trim() || null;
  } catch (error) {
    if (error instanceof GitCommandError && error.exitCode === 1) return null;
    throw error;
  }
}

/** Number of commits reachable from `to` and not from `from`. */
export async function countCommits(gitDir: string, from: string, to: string): Promise<number> {
  return Number((await runGit(gitDir, ['rev-list', '--count', `${from}..${to}`])).trim());
}

/** Branch name → commit sha for every branch, in one call. */
export async function branchHeads(gitDir: string): Promise<Map<string, string>> {
  const fromFiles = listRefFiles(gitDir, 'refs/heads/');
  if (fromFiles)
    return new Map([...fromFiles].map(([ref, oid]) => [ref.slice('refs/heads/'.length), oid]));
  const out = await runGit(gitDir, [
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    'refs/heads/',
  ]);
  const heads = new Map<string, string>();
  for (const line of out.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0)
      heads.set(line.slice(space + 1).replace(/^refs\/heads\//, ''), line.slice(0, space));
  }
  return heads;
}

/**
 * Moves several refs in one transaction, each only if it still holds its expected value
 * (`null`: only if absent; `undefined`: whatever it holds); `sha: null` deletes the ref. `verify`
 * names refs that must hold a value without moving (locked and checked in the same transaction).
 * All or nothing.
 */
export async function updateRefs(
  gitDir: string,
  updates: { ref: string; sha: string | null; expected?: string | null }[],
  verify: { ref: string; sha: string }[] = [],
): Promise<void> {
  if (updates.length === 0) return;
  const zero = '0'.repeat(40);
  const lines = [
    ...updates.map(({ ref, sha, expected }) => {
      if (sha === null)
        return expected === undefined ? `delete ${ref}` : `delete ${ref} ${expected ?? zero}`;
      return expected === undefined
        ? `update ${ref} ${sha}`
        : `update ${ref} ${sha} ${expected ?? zero}`;
    }),
    ...verify.map(({ ref, sha }) => `verify ${ref} ${sha}`),
  ];
  // What each ref held, for the push events of refs moved without an expected value (read only when watched).
  const befores = isWatchingRefMoves()
    ? await Promise.all(
        updates.map(({ ref, expected }) =>
          expected !== undefined || !isPushRef(ref) ? expected : currentSha(gitDir, ref),
        ),
      )
    : updates.map(({ expected }) => expected);
  const write = async () => {
    await runGit(gitDir, ['update-ref', '--stdin'], { input: `${lines.join('\n')}\n` });
    updates.forEach(({ ref, sha }, index) =>
      announceRefMove(gitDir, ref, befores[index] ?? null, sha),
    );
  };
  const [only] = updates;
  // A branch moved on its own may be the one checked out in a served working tree.
  if (
    updates.length === 1 &&
    only &&
    only.ref.startsWith('refs/heads/') &&
    only.expected !== undefined &&
    only.sha !== null
  ) {
    const moved = only.sha;
    return moveRefInPlace(gitDir, only.ref, only.expected, () => write().then(() => moved));
  }
  await write();
}

/** The object a ref holds now (no process in a plain repository), null when it does not exist. */
async function currentSha(gitDir: string, ref: string): Promise<string | null> {
  const oid = readRefFile(gitDir, ref);
  if (oid !== undefined) return oid;
  try {
    return (await runGit(gitDir, ['rev-parse', '--verify', '--quiet', ref])).trim() || null;
  } catch (error) {
    if (error instanceof GitCommandError) return null;
    throw error;
  }
}

export interface CommitMeta {
  sha: string;
  tree: string;
  parents: string[];
  author: Required<GitIdentity>;
  committer: Required<GitIdentity>;
  message: string;
}

const LOG_FORMAT = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x1f');

/** Commit metadata for `git log` arguments (e.g. a range, or `--no-walk=unsorted sha…`). */
export async function logCommits(gitDir: string, args: string[]): Promise<CommitMeta[]> {
  const out = await runGit(gitDir, ['log', '-z', `--format=${LOG_FORMAT}`, ...args, '--']);
  return out
    .split('\0')
    .filter((record) => record.length > 0)
    .map((record) => {
      const [
        sha = '',
        tree = '',
        parents = '',
        an = '',
        ae = '',
        ad = '',
        cn = '',
        ce = '',
        cd = '',
        ...message
      ] = record.split('\x1f');
      return {
        sha,
        tree,
        parents: parents.split(' ').filter(Boolean),
        author: { name: an, email: ae, date: ad },
        committer: { name: cn, email: ce, date: cd },
        message: message.join('\x1f'),
      };
    });
}

/** Commits in `base..head`, oldest first. */
export function commitsBetween(gitDir: string, base: string, head: string): Promise<CommitMeta[]> {
  return logCommits(gitDir, ['--reverse', '--topo-order', `${base}..${head}`]);
}

/**
 * Resolves what GitHub accepts as a ref in a URL or body: a branch, a tag, or a (possibly abbreviated)
 * commit sha, in that order of preference. Null when nothing matches.
 */
export async function resolveCommitish(gitDir: string, name: string): Promise<string | null> {
  if (name === '' || name.startsWith('-') || /[\0\n\s]/.test(name)) return null;
  const candidates = [`refs/heads/${name}`, `refs/tags/${name}`];
  if (/^[0-9a-f]{4,40}$/i.test(name)) candidates.push(name);
  for (const candidate of candidates) {
    try {
      return (
        await runGit(gitDir, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`])
      ).trim();
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error;
    }
  }
  return null;
}

/** The head of a branch, or null when there is no such branch (or the name is not a valid ref). */
export async function resolveBranch(gitDir: string, branch: string): Promise<string | null> {
  if (branch === '' || /[\0\n]/.test(branch)) return null;
  try {
    return (
      await runGit(gitDir, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`])
    ).trim();
  } catch (error) {
    if (error instanceof GitCommandError) return null;
    throw error;
  }
}
