import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import { draftBranchName } from '../content/draft-branch';
import { foundItemFile, itemFileRequests } from '../content/item-files';
import { itemPath } from '../content/item-path';
import type { ItemRef } from '../content/item-ref';
import { collectionOf, collectionWants, repoId, type RepoReader } from '../content/repo-reader';
import { assertItemSlug } from '../content/slug-encoding';
import { mergeMarkdown } from '../content/three-way-merge';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import type { GitHost } from '../ports/git-host';
import type { HistoryHost } from '../ports/history-host';
import type { PullHost } from '../ports/pull-host';
import type { RevertBody, RevertResult } from './history-schemas';

export interface ItemRevertDeps {
  reader: RepoReader;
  historyHost: Pick<HistoryHost, 'history'>;
  gitHost: Pick<GitHost, 'readBlobs'>;
  pullHost: Pick<PullHost, 'createBranch' | 'commitTree' | 'createPull'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

export interface RevertOptions extends Actor, ItemRef {
  input: RevertBody;
}

export function createItemRevert(deps: ItemRevertDeps) {
  return {
    /**
     * Undoes what commit `version` did to the item (a published change request's squash commit,
     * or any other version of its history), as a change request: the item's file three-way merged
     * (field by field, the body line by line) from the version (base), today's file (ours) and
     * the file before the version (theirs), so later edits elsewhere in the item stay. A later
     * edit of what the version changed is an overlap: 409 naming the fields, nothing made.
     * Round trips: the config and today's file (1), the version and the one before it (history,
     * 1), their texts (1), the draft branch (1), its commit (3: tree, commit, ref) and its pull
     * request (1).
     */
    async revert(options: RevertOptions): Promise<RevertResult> {
      const { userId, login, fullName, collection: collectionName, slug, input, locale } = options;
      assertItemSlug(slug);
      const version = input.version.toLowerCase();
      const draft = draftBranchName(collectionName, slug);
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: collectionWants(
          collectionName,
          (collection) => ({
            blobs: itemFileRequests({ collection, slug, key: 'current' }),
            branches: { draft },
            headTrees: true,
          }),
          locale,
        ),
      });
      const collection = collectionOf(view.config, collectionName, locale);
      // The item's file under whichever of the collection's layouts it has today.
      const found = foundItemFile({ collection, slug, blobs: view.snapshot.blobs, key: 'current' });
      const path = found?.path ?? itemPath(collection, slug);
      const repo = repoId(view.connection.fullName);
      const call = <T>(work: (token: string) => Promise<T>) =>
        deps.providerAccess.withToken(userId, work);
      if (view.snapshot.branches.draft)
        throw new ConflictError(
          `${collectionName}/${slug} has a draft already (${draft}): publish or close it first, then undo`,
        );
      const page = await call((token) =>
        deps.historyHost.history(token, repo, { from: version, path, first: 2 }),
      );
      const [changed, before] = page?.commits ?? [];
      if (!changed || changed.oid !== version)
        throw new NotFoundError(`Version ${version.slice(0, 7)} did not change ${path}`);
      if (!before?.blob || !changed.blob)
        throw new InvalidInputError(
          `version: ${version.slice(0, 7)} ${changed.blob ? 'created' : 'deleted'} ${collectionName}/${slug}; ${changed.blob ? 'delete the item' : 'restore an earlier version'} instead`,
        );
      const current = found?.blob;
      if (!current || current.symlink)
        throw new ConflictError(`${path} was deleted since: restore a version instead`);
      const oids = [...new Set([changed.blob, before.blob, current.oid])];
      const texts = await call((token) => deps.gitHost.readBlobs(token, repo, oids));
      const [base, ours, theirs] = [changed.blob, current.oid, before.blob].map((oid) =>
        texts.get(oid),
      );
      if (base === undefined || ours === undefined || theirs === undefined)
        throw new InvalidInputError(`${path} is not a text file`);
      const merged =
        current.oid === changed.blob
          ? { ok: true as const, text: theirs }
          : mergeMarkdown(base, ours, theirs);
      if (!merged.ok)
        throw new ConflictError(
          `Later edits overlap what ${version.slice(0, 7)} changed (${(merged.paths ?? merged.conflicts).join(', ')}): nothing was undone; edit the item by hand instead`,
        );
      if (merged.text === ours) return { unchanged: true };
      const head = view.snapshot.defaultBranchOid;
      if (!head) throw new ConflictError('The default branch has no commits yet');
      const summary = changed.message.split('\n', 1)[0] ?? version.slice(0, 7);
      const created = await call((token) => deps.pullHost.createBranch(token, repo, draft, head));
      if (!created)
        throw new ConflictError(`${draft} was just created by someone else: open that draft`);
      await call((token) =>
        deps.pullHost.commitTree(token, repo, {
          branch: draft,
          parents: [head],
          ...(view.snapshot.defaultBranchTree ? { baseTree: view.snapshot.defaultBranchTree } : {}),
          changes: [{ path, content: merged.text }],
          message: `Revert "${summary}" in ${collectionName}/${slug} (draft)\n\nThis undoes ${version}.\n\nReverted in the CMS by @${login}.`,
          force: false,
        }),
      );
      const title = input.title?.trim() || `Undo "${summary}"`;
      const pull = await call((token) =>
        deps.pullHost.createPull(token, repo, {
          head: draft,
          base: view.snapshot.defaultBranch,
          title,
          body: `Undoes the changes of ${version} to \`${path}\`, keeping later edits.`,
        }),
      );
      return { branch: draft, number: pull.number, htmlUrl: pull.htmlUrl };
    },
  };
}

export type ItemRevert = ReturnType<typeof createItemRevert>;
