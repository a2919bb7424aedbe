import type {
  BlobText,
  GitHost,
  PathAt,
  RepoId,
  Snapshot,
  TreeEntry,
} from '../../shared/ports/git-host';
import { ConflictError, NotFoundError, OverlapError } from '../../shared/errors';
import { isBinary, textUpTo, type FileEntry } from './memory-git';
import type { MemoryProvider, MemoryRepo } from './memory-provider';

/**
 * The GitHost port over the in-memory provider. It answers what the GitHub adapter answers
 * (the GitHost contract suite runs against both): the same nulls for what a user cannot see, the
 * same domain errors for refused writes, texts cut at the provider's limit in snapshots and read
 * whole by readBlobs.
 */
export function createMemoryGitHost(provider: MemoryProvider): GitHost {
  /** Installation tokens are reused per repository, as the adapter keeps them until they near expiry. */
  const installationTokens = new Map<string, string>();
  const blobText = (entry: FileEntry): BlobText => {
    const bytes = provider.objects.blobs.get(entry.oid)!;
    const binary = isBinary(bytes);
    return {
      oid: entry.oid,
      text: binary ? null : textUpTo(bytes, provider.blobTextLimit),
      isTruncated: !binary && bytes.length > provider.blobTextLimit,
      byteSize: bytes.length,
      ...(entry.symlink ? { symlink: true } : {}),
    };
  };

  const blobAt = (repo: MemoryRepo, at: PathAt): BlobText | null => {
    const entry = provider.treeAt(repo, at.ref ?? 'HEAD')?.get(at.path);
    return entry ? blobText(entry) : null;
  };

  const directoryOid = (repo: MemoryRepo, at: PathAt): string | null => {
    const tree = provider.treeAt(repo, at.ref ?? 'HEAD');
    return tree ? provider.objects.directoryOid(tree, at.path) : null;
  };

  const listed = (repo: MemoryRepo, at: PathAt & { depth?: 1 | 2 }): TreeEntry[] | null => {
    const tree = provider.treeAt(repo, at.ref ?? 'HEAD');
    const list = (path: string): TreeEntry[] | null =>
      tree &&
      (provider.objects
        .listDirectory(tree, path)
        ?.map(({ symlink, ...entry }) => (symlink ? { ...entry, symlink } : entry)) ??
        null);
    const entries = list(at.path);
    if (!entries || at.depth !== 2) return entries;
    return entries.map((entry) =>
      entry.type === 'tree' ? { ...entry, entries: list(`${at.path}/${entry.name}`) ?? [] } : entry,
    );
  };

  /** A contents-API write: compare-and-swap on the file's blob sha, one commit on the branch. */
  const write = (
    token: string,
    id: RepoId,
    path: string,
    branchName: string | undefined,
    sha: string | undefined,
    content: string | null,
    message: string,
  ) => {
    const repo = provider.writable(token, id, `writing ${path}`);
    const branch = branchName ?? repo.defaultBranch;
    const head = repo.refs.get(branch);
    const emptyRepo = !head && branch === repo.defaultBranch && repo.refs.size === 0;
    if (!head && !emptyRepo) throw new NotFoundError(`Branch ${branch} not found`);
    const tree = head ? provider.objects.commits.get(head)!.tree : new Map<string, FileEntry>();
    const current = tree.get(path);
    if (content === null && !current)
      throw new NotFoundError(`${path} or its branch was not found`);
    if (current && sha === undefined)
      throw new OverlapError(`${path} was just created by someone else`, { paths: [path] });
    if (current && sha !== current.oid)
      throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
    const changes = content === null ? [{ path, delete: true as const }] : [{ path, content }];
    const commitSha = provider.objects.commit(
      provider.objects.applyChanges(tree, changes),
      head ? [head] : [],
      message,
    );
    repo.refs.set(branch, commitSha);
    return { commitSha, sha: content === null ? '' : provider.objects.putBlob(content) };
  };

  return {
    async getViewer(token) {
      const user = provider.caller(token);
      return {
        id: user.id,
        login: user.login,
        name: user.name,
        avatarUrl: `https://avatars.example/u/${user.id}`,
      };
    },

    async listInstallationRepos(token) {
      return provider
        .allRepos()
        .filter((repo) => provider.visible(token, repo))
        .map((repo) => ({
          fullName: `${repo.owner}/${repo.name}`,
          private: repo.private,
          description: repo.description,
        }));
    },

    async getRepository(token, id) {
      const repo = provider.visible(token, id);
      if (!repo) return null;
      const role = provider.role(token, repo);
      return {
        fullName: `${repo.owner}/${repo.name}`,
        defaultBranch: repo.defaultBranch,
        permissions: {
          admin: role === 'admin',
          maintain: role === 'admin' || role === 'maintain',
          push: role === 'admin' || role === 'maintain' || role === 'write',
          triage: role !== 'read',
          pull: true,
        },
      };
    },

    async isAppInstalled(id) {
      return provider.repo(id)?.installed === true;
    },

    async installationToken(id) {
      const key = `${id.owner}/${id.name}`.toLowerCase();
      const token = installationTokens.get(key) ?? provider.issueInstallationToken(id);
      if (token) installationTokens.set(key, token);
      return token;
    },

    async snapshot(token, id, request) {
      const repo = provider.visible(token, id);
      if (!repo) return null;
      const map = <T, R>(record: Record<string, T> | undefined, fn: (value: T) => R) =>
        Object.fromEntries(
          Object.entries(record ?? {}).map(([name, value]) => [name, fn(value)]),
        ) as Record<string, R>;
      const snapshot: Snapshot = {
        defaultBranch: repo.defaultBranch,
        defaultBranchOid: repo.refs.get(repo.defaultBranch) ?? null,
        blobs: map(request.blobs, (at) => blobAt(repo, at)),
        trees: map(request.trees, (at) => listed(repo, at)),
        ...(request.oids && { oids: map(request.oids, (at) => directoryOid(repo, at)) }),
        branches: map(request.branches, (branch) => {
          const oid = repo.refs.get(branch);
          if (!oid) return null;
          provider.syncPulls(repo);
          const open = repo.pulls.find(
            (pull) =>
              pull.state === 'open' &&
              pull.headRef === branch &&
              pull.baseRef === repo.defaultBranch,
          );
          return { oid, openPullRequest: open?.number ?? null };
        }),
      };
      return snapshot;
    },

    async readDirectory(token, id, at) {
      const repo = provider.visible(token, id);
      if (!repo) return null;
      // By oid: the directory is found in whichever commit holds it, as git finds any object.
      const holder =
        at.treeOid === undefined
          ? undefined
          : [...provider.objects.commits.values()].find(
              (commit) => provider.objects.directoryOid(commit.tree, at.path) === at.treeOid,
            );
      if (at.treeOid !== undefined && !holder) return { treeOid: null, entries: [] };
      const ref = holder?.oid ?? at.ref;
      const treeOid = directoryOid(repo, { path: at.path, ref });
      return { treeOid, entries: treeOid === null ? [] : (listed(repo, { ...at, ref }) ?? []) };
    },

    async readBlobs(token, id, oids) {
      if (!provider.visible(token, id))
        throw new NotFoundError(`Repository ${id.owner}/${id.name} not found`);
      const texts = new Map<string, string>();
      for (const oid of new Set(oids)) {
        const bytes = provider.objects.blobs.get(oid);
        if (bytes && !isBinary(bytes)) texts.set(oid, bytes.toString('utf8'));
      }
      return texts;
    },

    async putFile(token, id, file) {
      return write(token, id, file.path, file.branch, file.sha, file.content, file.message);
    },

    async deleteFile(token, id, change) {
      const { commitSha } = write(
        token,
        id,
        change.path,
        change.branch,
        change.sha,
        null,
        change.message,
      );
      return { commitSha };
    },
  };
}
