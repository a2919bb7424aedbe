import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost } from '../ports/git-host';
import type { PullHost } from '../ports/pull-host';
import { ProtectedBranchError, InvalidInputError, ConflictError, NotFoundError } from '../errors';
import type { ParsedCache } from './parsed-file';
import { repoId, type RepoReader } from './repo-reader';
import type { ItemRef } from './item-ref';
import { assertItemSlug } from './slug-encoding';
import type { SaveMode } from './schemas';
import { putItem, type PutItemOptions, type SaveOutcome } from './content-put';
import { readItemForWrite } from './item-write-read';

/**
 * Saving and deleting one item. The put flow is content-put.ts, the text it writes save-text.ts,
 * what a failed write answers save-errors.ts, the workflow's modes save-mode.ts.
 */
export type { PutInput, PutItemOptions, SaveOutcome } from './content-put';

/** Deletes an item whose file is still at `sha`, on the default branch or on its draft branch. */
export interface DeleteItemOptions extends Actor, ItemRef {
  sha: string;
  mode?: SaveMode;
  /** A change set's name: the deletion goes to its branch `cms/_sets/{name}` (set-target.ts). */
  set?: string;
}

export interface ContentWritesDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'putFile' | 'deleteFile' | 'readBlobs'>;
  pullHost: Pick<PullHost, 'createBranch' | 'listOpenPulls' | 'commitTree'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  cache: ParsedCache;
}

export function createContentWrites(deps: ContentWritesDeps) {
  return {
    /**
     * One round trip reads the config and the current file, one writes. The sha check is
     * GitHub's own compare-and-swap on the Contents API; the early check here only saves a write
     * that would fail anyway.
     *
     * `mode: branch` saves to `cms/{collection}/{slug}`, created from the default branch's head
     * when missing (one more round trip). `sha` is then the branch's copy of the file, which is
     * the default branch's copy until the first draft save. Creating the branch and committing
     * are separate steps; a failure between them leaves a branch equal to the default branch,
     * which the next save simply uses.
     *
     * A save that would write the bytes already there makes no commit (and creates no branch): it
     * answers the current sha with `unchanged: true`. Symbolic links are never written.
     */
    async put(options: PutItemOptions): Promise<SaveOutcome> {
      const { input } = options;
      try {
        return await putItem(deps, options);
      } catch (error) {
        // The default branch is kept to pull requests (protection or a ruleset): a direct save
        // becomes a draft, as a `pr` collection's would, unless the collection is locked to direct
        // commits. One more round trip than a direct save, only when GitHub refused it.
        if (
          !(error instanceof ProtectedBranchError) ||
          !error.draftPossible ||
          (input.mode ?? 'direct') !== 'direct'
        )
          throw error;
        return {
          ...(await putItem(deps, { ...options, input: { ...input, mode: 'branch' } })),
          protectedBranch: true,
        };
      }
    },

    /**
     * One round trip for the config and the file, one for the delete (guarded by `sha` at
     * GitHub). A collection locked to drafts takes `mode: branch`: the deletion is committed on
     * the draft branch (created from the default branch when missing, one more round trip) and
     * published by merging its pull request, like any other draft. Symbolic links are not deleted.
     */
    async delete({
      userId,
      login,
      fullName,
      collection: collectionName,
      slug,
      locale,
      sha,
      set,
      ...options
    }: DeleteItemOptions) {
      assertItemSlug(slug);
      const mode = set === undefined ? (options.mode ?? 'direct') : 'branch';
      const { view, draft, branchExists, found, assertSetRules } = await readItemForWrite(deps, {
        userId,
        fullName,
        collection: collectionName,
        slug,
        ...(locale !== undefined && { locale }),
        mode,
        set,
      });
      if (!found)
        throw new NotFoundError(
          `Item ${collectionName}/${slug} not found${branchExists ? ` on ${draft}` : ''}`,
        );
      const { path, blob: current } = found;
      if (current.symlink)
        throw new InvalidInputError(
          `${path} is a symbolic link; the service does not write through or over links`,
        );
      if (current.oid !== sha)
        throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
      await assertSetRules();
      const repo = repoId(view.connection.fullName);
      if (mode === 'branch' && !branchExists) {
        const from = view.snapshot.defaultBranchOid;
        if (!from) throw new ConflictError('The default branch has no commits yet');
        await deps.providerAccess.withToken(userId, (token) =>
          deps.pullHost.createBranch(token, repo, draft, from),
        );
      }
      let deleted: { commitSha: string };
      try {
        deleted = await deps.providerAccess.withToken(userId, (token) =>
          deps.gitHost.deleteFile(token, repo, {
            path,
            sha,
            ...(mode === 'branch' ? { branch: draft } : {}),
            message: `Delete ${collectionName}/${slug}${set !== undefined ? ` (change set ${set})` : mode === 'branch' ? ' (draft)' : ''}\n\nDeleted in the CMS by @${login}.`,
          }),
        );
      } catch (error) {
        if (error instanceof NotFoundError)
          throw new NotFoundError(`Item ${collectionName}/${slug} not found`, { cause: error });
        throw error;
      }
      // `commit` is for callers inside the service (a schedule records it); the route answers without it.
      return {
        ok: true as const,
        commit: deleted.commitSha,
        ...(mode === 'branch' ? { branch: draft } : {}),
      };
    },
  };
}

export type ContentWrites = ReturnType<typeof createContentWrites>;
