import type { PathAt } from '../../shared/ports/git-host';
import type { BlobRead, CommitTreeInput } from '../../shared/ports/pull-host';
import { ConflictError, NotFoundError, OverlapError } from '../../shared/errors';
import { isBinary } from './memory-git';
import type { MemoryProvider, MemoryRepo } from './memory-provider';

/**
 * The PullHost calls that read and write whole trees, kept apart from the pull request calls:
 * their shapes are the ones most likely to change (tagged texts, changes by blob oid).
 */

/** Files at `ref:path`: absent, binary (by blob oid) or whole text; with `modes`, the git mode too. */
export function readTexts(
  provider: MemoryProvider,
  repo: MemoryRepo,
  paths: Record<string, PathAt>,
  options?: { modes?: boolean },
): Record<string, BlobRead> {
  return Object.fromEntries(
    Object.entries(paths).map(([name, at]): [string, BlobRead] => {
      const entry = provider.treeAt(repo, at.ref ?? 'HEAD')?.get(at.path);
      const bytes = entry && provider.objects.blobs.get(entry.oid);
      if (!entry || !bytes) return [name, { kind: 'absent' }];
      const mode = options?.modes ? { mode: entry.symlink ? '120000' : '100644' } : {};
      const byteSize = bytes.length;
      return [
        name,
        isBinary(bytes)
          ? { kind: 'binary', oid: entry.oid, byteSize, ...mode }
          : { kind: 'text', oid: entry.oid, byteSize, text: bytes.toString('utf8'), ...mode },
      ];
    }),
  );
}

/**
 * One commit of `changes` over the tree of `treeFrom` (else the first parent), then the branch
 * moves to it: only forward (the current head must be an ancestor of the new commit) unless forced.
 * With `rebuildOnMove`, a branch that moved takes the same changes on its new head when none of
 * their paths differs between the two heads (OverlapError naming those that do).
 */
export function commitTree(
  provider: MemoryProvider,
  repo: MemoryRepo,
  input: CommitTreeInput,
): string {
  const { objects } = provider;
  const from = objects.commits.get(input.treeFrom ?? input.parents[0]!);
  if (!from) throw new NotFoundError(`Not found on GitHub while committing to ${input.branch}`);
  const changes = input.changes.map((change) => {
    if ('oid' in change)
      return { path: change.path, oid: change.oid, symlink: change.mode === '120000' };
    return change.content === null
      ? { path: change.path, delete: true as const }
      : { path: change.path, content: change.content };
  });
  let sha = objects.commit(objects.applyChanges(from.tree, changes), input.parents, input.message);
  const current = repo.refs.get(input.branch);
  if (
    current &&
    !input.force &&
    !objects.isAncestor(current, sha) &&
    input.rebuildOnMove &&
    input.parents.length === 1
  ) {
    const now = objects.commits.get(current)!.tree;
    const entry = (tree: typeof now, path: string) => {
      const found = tree.get(path);
      return found ? `${found.oid} ${found.symlink}` : 'absent';
    };
    const changed = input.changes
      .map((change) => change.path)
      .filter((path) => entry(now, path) !== entry(from.tree, path));
    if (changed.length > 0)
      throw new OverlapError(
        `${changed.join(', ')} changed on ${input.branch} while this commit was being made; reload and try again`,
        { paths: changed },
      );
    sha = objects.commit(objects.applyChanges(now, changes), [current], input.message);
  }
  if (!current || (!input.force && !objects.isAncestor(current, sha)))
    throw new ConflictError(`${input.branch} moved while it was being updated; try again`);
  repo.refs.set(input.branch, sha);
  provider.syncPulls(repo);
  return sha;
}
