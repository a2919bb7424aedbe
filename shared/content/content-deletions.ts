import type { RepoWrite } from '../repos/repo-request';
import type { ProviderAccess } from '../auth/provider-access';
import { onTree, type PullHost } from '../ports/pull-host';
import { ConflictError, InvalidInputError, NotFoundError, sayOverlap } from '../errors';
import { headOf } from './content-moves';
import { assertModeAllowed } from './save-mode';
import { deletionsBranchName } from './draft-branch';
import { foundItemFile, itemFileRequests } from './item-files';
import type { DeletionsBody, DeletionsResult } from './move-schemas';
import { collectionOf, collectionWants, repoId, type RepoReader } from './repo-reader';
import { itemSlugProblem } from './slug-encoding';

export interface ContentDeletionsDeps {
  reader: RepoReader;
  pullHost: Pick<PullHost, 'createBranch' | 'commitTree'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

/** Deletes the items `input` names, in one commit. */
export type DeleteItemsOptions = RepoWrite<DeletionsBody>;

/** Slugs named in a commit message before "and N more". */
const named = 10;

/**
 * Deletes several items of one collection at once (an addition to the spec): every sha is checked
 * against the default branch first (one stale sha refuses them all, nothing changes), then one
 * commit removes every file, on the default branch or on the collection's one deletions draft
 * `cms/{collection}/_deletions`. Round trips: one read (config, every file, the draft branch),
 * then the commit (three Git Data calls and the ref), plus one to create the branch.
 */
export function createContentDeletions(deps: ContentDeletionsDeps) {
  return {
    async deleteMany({
      userId,
      login,
      fullName,
      input,
    }: DeleteItemsOptions): Promise<DeletionsResult> {
      const { collection: collectionName, items } = input;
      const mode = input.mode ?? 'direct';
      const seen = new Set<string>();
      items.forEach((item, n) => {
        const problem = itemSlugProblem(item.slug);
        if (problem) throw new InvalidInputError(`items[${n}].slug: ${problem}`);
        if (seen.has(item.slug))
          throw new InvalidInputError(`items[${n}].slug: ${item.slug} is listed twice`);
        seen.add(item.slug);
      });
      const branch = deletionsBranchName(collectionName);
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: collectionWants(collectionName, (collection) => ({
          headTrees: true,
          blobs: Object.assign(
            {},
            ...items.map((item, n) =>
              itemFileRequests({ collection, slug: item.slug, key: `item${n}.` }),
            ),
          ),
          branches: { draft: branch },
        })),
      });
      const collection = collectionOf(view.config, collectionName);
      assertModeAllowed(collectionName, collection, mode);
      const files = items.map((item, n) => {
        const found = foundItemFile({
          collection,
          slug: item.slug,
          blobs: view.snapshot.blobs,
          key: `item${n}.`,
        });
        if (!found)
          throw new NotFoundError(
            `Item ${collectionName}/${item.slug} not found; nothing was deleted`,
          );
        if (found.blob.symlink)
          throw new InvalidInputError(
            `${found.path} is a symbolic link; the service does not write through or over links`,
          );
        return found;
      });
      const paths = files.map((file) => file.path);
      items.forEach((item, n) => {
        if (files[n]!.blob.oid !== item.sha)
          throw new ConflictError(
            `${collectionName}/${item.slug} (${paths[n]}) was modified externally; fetch the latest sha and retry (nothing was deleted)`,
          );
      });
      if (mode === 'branch' && view.snapshot.branches.draft) {
        throw new ConflictError(
          `A draft deleting items of ${collectionName} exists already (${branch}); publish or close it first`,
        );
      }
      const from = headOf(view);
      const repo = repoId(view.connection.fullName);
      const slugs = items.map((item) => item.slug);
      const list =
        slugs.slice(0, named).join(', ') +
        (slugs.length > named ? ` and ${slugs.length - named} more` : '');
      const message = `Delete ${items.length} item${items.length === 1 ? '' : 's'} of ${collectionName}${mode === 'branch' ? ' (draft)' : ''}: ${list}\n\nDeleted in the CMS by @${login}.`;
      if (mode === 'branch') {
        const created = await deps.providerAccess.withToken(userId, (token) =>
          deps.pullHost.createBranch(token, repo, branch, from),
        );
        if (!created)
          throw new ConflictError(
            `The draft branch ${branch} was just created by someone else; reload and try again`,
          );
      }
      const sha = await deps.providerAccess
        .withToken(userId, (token) =>
          deps.pullHost.commitTree(token, repo, {
            branch: mode === 'branch' ? branch : view.snapshot.defaultBranch,
            parents: [from],
            ...onTree(view.snapshot.defaultBranchTree),
            changes: paths.map((path) => ({ path, content: null })),
            message,
            force: false,
            rebuildOnMove: true,
          }),
        )
        .catch(
          sayOverlap(
            (changed) =>
              `${changed.join(', ')} changed while the items were being deleted; fetch the latest shas and retry (nothing was deleted)`,
          ),
        );
      return mode === 'branch' ? { paths, branch } : { paths, sha };
    },
  };
}

export type ContentDeletions = ReturnType<typeof createContentDeletions>;
