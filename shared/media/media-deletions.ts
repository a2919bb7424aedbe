import type { RepoWrite } from '../repos/repo-request';
import type { ProviderAccess } from '../auth/provider-access';
import { ConflictError, InvalidInputError, NotFoundError, sayOverlap } from '../errors';
import { onTree, type PullHost } from '../ports/pull-host';
import { parseDraftBranch } from '../content/draft-branch';
import { repoId, type RepoReader } from '../content/repo-reader';
import { assertRef, mediaDirectoryOf } from './media-paths';

export interface MediaDeletionsDeps {
  reader: RepoReader;
  pullHost: Pick<PullHost, 'commitTree'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

export function createMediaDeletions(deps: MediaDeletionsDeps) {
  return {
    /**
     * Deletes a media file with one commit, guarded by its sha: on the default branch, or on an
     * existing draft branch (`ref`). One round trip reads the config, the file and the branch;
     * commitTree writes.
     */
    async remove({
      userId,
      login,
      fullName,
      input,
    }: RepoWrite<{ path: string; sha: string; ref?: string }>) {
      assertRef(input.ref);
      if (input.ref !== undefined && !parseDraftBranch(input.ref))
        throw new InvalidInputError(
          'ref: only a draft branch (cms/{collection}/{slug}) is accepted; leave it out for the default branch',
        );
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: () => ({
          headTrees: true,
          blobs: { file: { path: input.path, ...(input.ref ? { ref: input.ref } : {}) } },
          ...(input.ref ? { branches: { draft: input.ref } } : {}),
        }),
      });
      mediaDirectoryOf(view.config, input.path);
      const head = input.ref ? view.snapshot.branches.draft?.oid : view.snapshot.defaultBranchOid;
      if (!head)
        throw new NotFoundError(
          input.ref ? `Branch ${input.ref} not found` : 'The default branch has no commits yet',
        );
      const file = view.snapshot.blobs.file;
      if (!file || file.symlink)
        throw new NotFoundError(`${input.path} not found${input.ref ? ` on ${input.ref}` : ''}`);
      if (file.oid !== input.sha)
        throw new ConflictError(
          `${input.path} changed since it was read (its sha is ${file.oid}); reload the media library and try again`,
        );
      const repo = repoId(view.connection.fullName);
      const commit = await deps.providerAccess
        .withToken(userId, (token) =>
          deps.pullHost.commitTree(token, repo, {
            branch: input.ref ?? view.snapshot.defaultBranch,
            parents: [head],
            ...onTree(
              input.ref ? view.snapshot.branches.draft?.tree : view.snapshot.defaultBranchTree,
            ),
            changes: [{ path: input.path, content: null }],
            message: `Delete ${input.path}${input.ref ? ' (draft)' : ''}\n\nDeleted in the CMS by @${login}.`,
            force: false,
            rebuildOnMove: true,
          }),
        )
        .catch(
          sayOverlap(
            () =>
              `${input.path} changed while it was being deleted; reload the media library and try again`,
          ),
        );
      return { ok: true as const, commit, ...(input.ref ? { branch: input.ref } : {}) };
    },
  };
}

export type MediaDeletions = ReturnType<typeof createMediaDeletions>;
