import type { BlobText, PathAt, RepoId } from '../../shared/ports/git-host';
import type { PullHost, PullInfo } from '../../shared/ports/pull-host';
import { InvalidInputError, ConflictError, NotFoundError } from '../../shared/errors';
import { isBinary, textUpTo } from './memory-git';
import { commitTree, readTexts } from './memory-pull-trees';
import type { MemoryProvider, MemoryRepo, PullRecord } from './memory-provider';

/** What GitHub's 405 "not mergeable" becomes (github-pulls-write.ts words it the same way). */
const conflicts =
  'The draft conflicts with the default branch: update or rebase it, then publish again';

/**
 * The PullHost port over the in-memory provider: pull requests, branch merges, comparisons and
 * comments with the GitHub adapter's outcomes (the PullHost contract suite runs against both).
 * Merges are real three-way merges of the fake's trees; `mergeable` is always known (GitHub may
 * answer null while it computes it).
 */
export function createMemoryPullHost(provider: MemoryProvider): PullHost {
  const { objects } = provider;
  const htmlUrl = (repo: MemoryRepo, number: number) =>
    `https://github.example/${repo.owner}/${repo.name}/pull/${number}`;
  const repositoryId = (repo: MemoryRepo) => `R_${repo.id}`;

  /** git's merge of `head` into `base` (both commit oids): the merged tree, or null on conflicts. */
  const mergeCommits = (base: string, head: string) => {
    const mergeBase = objects.mergeBase(base, head);
    const tree = (oid: string) => objects.commits.get(oid)!.tree;
    return objects.mergeTrees(mergeBase ? tree(mergeBase) : new Map(), tree(base), tree(head));
  };

  const toPull = (repo: MemoryRepo, pull: PullRecord): PullInfo => {
    const mergeable =
      pull.state === 'open' ? mergeCommits(pull.baseSha, pull.headSha) !== null : null;
    return {
      ...pull,
      htmlUrl: htmlUrl(repo, pull.number),
      mergeable,
      // The fake has no branch rules: nothing blocks a mergeable pull request, no review is required.
      mergeStateStatus:
        mergeable === null ? 'UNKNOWN' : pull.draft ? 'DRAFT' : mergeable ? 'CLEAN' : 'DIRTY',
      reviewDecision: null,
      deploymentUrl: null,
      // The fake has no forks: every head is a branch of the same repository.
      crossRepository: false,
    };
  };

  /** What getPull reads alongside, as GitHub's `files(first: 100)`: the changes from the merge base to the head. */
  const changedFiles = (pull: PullRecord): PullInfo['changedFiles'] => {
    const tree = (oid: string | null) => (oid ? objects.commits.get(oid)!.tree : new Map());
    const files = objects.diff(
      tree(objects.mergeBase(pull.baseSha, pull.headSha)),
      tree(pull.headSha),
    );
    const change = {
      added: 'added',
      removed: 'deleted',
      modified: 'modified',
      renamed: 'renamed',
    } as const;
    return {
      total: files.length,
      files: files.slice(0, 100).map((file) => ({ path: file.path, change: change[file.status] })),
    };
  };

  const blobsAt = (repo: MemoryRepo, blobs: Record<string, PathAt>) =>
    Object.fromEntries(
      Object.entries(blobs).map(([name, at]): [string, BlobText | null] => {
        const entry = provider.treeAt(repo, at.ref ?? 'HEAD')?.get(at.path);
        const bytes = entry && objects.blobs.get(entry.oid);
        if (!entry || !bytes) return [name, null];
        const binary = isBinary(bytes);
        const text = binary ? null : textUpTo(bytes, provider.blobTextLimit);
        return [
          name,
          {
            oid: entry.oid,
            text,
            isTruncated: !binary && bytes.length > provider.blobTextLimit,
            byteSize: bytes.length,
          },
        ];
      }),
    );

  const findPull = (repo: MemoryRepo, number: number) => {
    provider.syncPulls(repo);
    return repo.pulls.find((pull) => pull.number === number);
  };

  const requirePull = (repo: MemoryRepo, number: number) => {
    const pull = findPull(repo, number);
    if (!pull) throw new NotFoundError(`Not found on GitHub while reading pull request #${number}`);
    return pull;
  };

  const visible = (token: string, id: RepoId, what: string) => {
    const repo = provider.visible(token, id);
    if (!repo) throw new NotFoundError(`Not found on GitHub while ${what}`);
    return repo;
  };

  return {
    async listOpenPulls(token, id, blobs = {}, options = {}) {
      const repo = provider.visible(token, id);
      if (!repo) return null;
      provider.syncPulls(repo);
      const open = repo.pulls.filter((pull) => pull.state === 'open').reverse();
      return {
        pulls: open.map((pull) => ({
          ...toPull(repo, pull),
          ...(options.files && { changedFiles: changedFiles(pull) }),
        })),
        blobs: blobsAt(repo, blobs),
        defaultBranch: repo.defaultBranch,
      };
    },

    async getPull(token, id, number, blobs = {}) {
      const repo = provider.visible(token, id);
      if (!repo) return null;
      const pull = findPull(repo, number);
      if (!pull) throw new NotFoundError(`Pull request #${number} not found`);
      return {
        pull: { ...toPull(repo, pull), changedFiles: changedFiles(pull) },
        blobs: blobsAt(repo, blobs),
        defaultBranch: repo.defaultBranch,
        defaultBranchOid: repo.refs.get(repo.defaultBranch) ?? pull.baseSha,
        repositoryId: repositoryId(repo),
      };
    },

    async createPull(token, id, input) {
      const repo = provider.writable(token, id, 'opening the pull request');
      provider.syncPulls(repo);
      const [head, base] = [repo.refs.get(input.head), repo.refs.get(input.base)];
      if (!head || !base)
        throw new NotFoundError(`Not found on GitHub while opening the pull request`);
      if (
        repo.pulls.some(
          (pull) =>
            pull.state === 'open' && pull.headRef === input.head && pull.baseRef === input.base,
        )
      )
        throw new ConflictError(
          `An open pull request already exists for ${input.head} into ${input.base}`,
        );
      if (objects.isAncestor(head, base))
        throw new InvalidInputError(`${input.head} has no changes compared to ${input.base}`);
      const at = provider.isoNow();
      const number = provider.nextNumber(repo);
      const author = provider.caller(token).login;
      repo.pulls.push({
        number,
        nodeId: `PR_${repo.id}_${number}`,
        title: input.title,
        body: input.body,
        state: 'open',
        draft: input.draft ?? false,
        merged: false,
        createdAt: at,
        updatedAt: at,
        headRef: input.head,
        headSha: head,
        baseRef: input.base,
        baseSha: base,
        author,
      });
      return { number, htmlUrl: htmlUrl(repo, number) };
    },

    async closePull(token, id, number) {
      const repo = provider.writable(token, id, `closing pull request #${number}`);
      Object.assign(requirePull(repo, number), { state: 'closed', updatedAt: provider.isoNow() });
    },

    async setDraft(token, id, target, draft) {
      const repo = provider.writable(
        token,
        id,
        `changing the draft state of pull request #${target.number}`,
      );
      const pull = repo.pulls.find((candidate) => candidate.nodeId === target.nodeId);
      if (!pull)
        throw new NotFoundError(
          `Not found on GitHub while changing the draft state of pull request #${target.number}`,
        );
      if (pull.state !== 'open')
        throw new ConflictError(
          `GitHub refused to change the draft state of pull request #${target.number}: Pull request is closed`,
        );
      if (pull.draft !== draft) Object.assign(pull, { draft, updatedAt: provider.isoNow() });
    },

    async squashMerge(token, id, number, input) {
      const repo = provider.writable(token, id, `merging pull request #${number}`);
      const pull = requirePull(repo, number);
      // GitHub answers a closed pull request as it answers conflicts: 405 "not mergeable".
      if (pull.state !== 'open') return { merged: false, reason: 'conflicts', message: conflicts };
      // GitHub's 405 for a draft pull request.
      if (pull.draft)
        return {
          merged: false,
          reason: 'refused',
          message: 'GitHub refused the merge: Pull Request is still a draft',
        };
      if (pull.headSha !== input.sha)
        return {
          merged: false,
          reason: 'head-moved',
          message: 'The draft changed since it was read; reload it and merge again',
        };
      const tree = mergeCommits(pull.baseSha, pull.headSha);
      if (!tree) return { merged: false, reason: 'conflicts', message: conflicts };
      const sha = objects.commit(tree, [pull.baseSha], `${input.title}\n\n${input.message}`);
      repo.refs.set(pull.baseRef, sha);
      Object.assign(pull, { state: 'closed', merged: true, updatedAt: provider.isoNow() });
      return { merged: true, sha };
    },

    async mergeBranch(token, id, input) {
      const repo = provider.writable(token, id, `merging ${input.head} into ${input.base}`);
      const base = repo.refs.get(input.base);
      const head = provider.resolve(repo, input.head);
      if (!base || !head)
        throw new NotFoundError(`Branch ${input.base} or ${input.head} no longer exists`);
      if (objects.isAncestor(head, base)) return 'up-to-date';
      const tree = mergeCommits(base, head);
      if (!tree) return 'conflicts';
      repo.refs.set(input.base, objects.commit(tree, [base, head], input.message));
      return 'merged';
    },

    async compare(token, id, baseRef, headRef) {
      const repo = visible(token, id, `comparing ${baseRef} with ${headRef}`);
      const [base, head] = [provider.resolve(repo, baseRef), provider.resolve(repo, headRef)];
      const mergeBase = base && head ? objects.mergeBase(base, head) : null;
      if (!head || !mergeBase)
        throw new NotFoundError(`Not found on GitHub while comparing ${baseRef} with ${headRef}`);
      const tree = (oid: string) => objects.commits.get(oid)!.tree;
      return { mergeBase, files: objects.diff(tree(mergeBase), tree(head)) };
    },

    async createBranch(token, id, branch, sha) {
      const repo = provider.writable(token, id, `creating the branch ${branch}`);
      if (repo.refs.has(branch)) return false;
      if (!objects.commits.has(sha))
        throw new NotFoundError(`Not found on GitHub while creating the branch ${branch}`);
      repo.refs.set(branch, sha);
      return true;
    },

    async deleteBranch(token, id, { repositoryId: node, branch, head }) {
      const repo = provider.writable(token, id, `deleting the branch ${branch}`);
      if (node !== repositoryId(repo))
        throw new NotFoundError(`Not found on GitHub while deleting the branch ${branch}`);
      const current = repo.refs.get(branch) ?? null;
      if (current !== head) return { deleted: false, head: current };
      repo.refs.delete(branch);
      provider.syncPulls(repo);
      return { deleted: true };
    },

    readTexts: async (token, id, paths, options) =>
      readTexts(provider, visible(token, id, 'reading file contents'), paths, options),
    commitTree: async (token, id, input) =>
      commitTree(provider, provider.writable(token, id, `committing to ${input.branch}`), input),

    async listComments(token, id, number) {
      const repo = visible(token, id, `reading the comments of #${number}`);
      requirePull(repo, number);
      return (repo.comments.get(number) ?? []).map((comment) => ({
        ...comment,
        avatarUrl: `https://avatars.example/u/${comment.author}`,
      }));
    },

    async createComment(token, id, number, body) {
      const repo = visible(token, id, `commenting on #${number}`);
      requirePull(repo, number);
      const comment = {
        id: provider.nextCommentId(),
        body,
        author: provider.caller(token).login,
        createdAt: provider.isoNow(),
      };
      repo.comments.set(number, [...(repo.comments.get(number) ?? []), comment]);
      return { ...comment, avatarUrl: `https://avatars.example/u/${comment.author}` };
    },
  };
}
