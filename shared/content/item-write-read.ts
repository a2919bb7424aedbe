import { draftBranchName } from './draft-branch';
import { foundItemFile, itemFilesWanted } from './item-files';
import type { ItemRef } from './item-ref';
import { collectionOf, collectionWants, type RepoReader } from './repo-reader';
import type { SnapshotRequest } from '../ports/git-host';
import type { CmsConfig } from './config-schema';
import type { SaveMode } from './schemas';
import { assertModeAllowed } from './save-mode';
import { assertSetRules, type SetRulesDeps } from './set-rules-check';
import { assertSetTarget, setBranchesWanted } from './set-target';

export interface ItemWriteReadOptions extends ItemRef {
  userId: string;
  mode: SaveMode;
  /** A change set's name: the write goes to its branch (set-target.ts), `mode` is `branch`. */
  set?: string;
  /**
   * More blobs to read in the same round trip, given the config and the draft branch the write
   * goes to (`undefined` for a direct write), and the heads' trees when a commit is built on them.
   */
  also?: (config: CmsConfig, draft: string | undefined) => SnapshotRequest & { headTrees?: true };
}

/** What readItemForWrite reads with, and what the set rules it binds check with. */
export interface ItemWriteReadDeps extends SetRulesDeps {
  reader: RepoReader;
}

/**
 * What a save or a delete of one item reads first, in one round trip: the config, the item's file
 * under any of its collection's layouts on the default branch and, for a draft, on its branch
 * (which is read in its place once the branch exists). Refuses a mode the collection is locked
 * against before anything is written. Into a change set, the set's branch is the draft's, and the
 * item's own draft branch is read too: a set that does not exist, or an item with its own draft,
 * is refused before anything is written. `assertSetRules` is the check of "one item, one change
 * request" (set-rules-check.ts) for this write, bound to what was read: a caller runs it once it
 * knows the write changes the file (an unchanged save costs no round trip for it).
 */
export async function readItemForWrite(
  deps: ItemWriteReadDeps,
  {
    userId,
    fullName,
    collection: collectionName,
    slug,
    locale,
    mode,
    set,
    also,
  }: ItemWriteReadOptions,
) {
  const { reader } = deps;
  const branches = set === undefined ? undefined : setBranchesWanted(set, collectionName, slug);
  const draft = branches?.draft ?? draftBranchName(collectionName, slug);
  const view = await reader.read({
    userId,
    fullName,
    wants: (config) => {
      const wanted = collectionWants(
        collectionName,
        (collection) => {
          const own = itemFilesWanted(collection, slug, mode === 'direct' ? undefined : draft);
          return branches ? { ...own, branches } : own;
        },
        locale,
      )(config);
      const more = also?.(config, mode === 'direct' ? undefined : draft);
      return more ? { ...more, ...wanted, blobs: { ...more.blobs, ...wanted.blobs } } : wanted;
    },
  });
  const collection = collectionOf(view.config, collectionName, locale);
  assertModeAllowed(collectionName, collection, mode);
  if (set !== undefined)
    assertSetTarget({ snapshot: view.snapshot, fullName, set, collection: collectionName, slug });
  const branchExists = mode === 'branch' && view.snapshot.branches.draft != null;
  const found = foundItemFile({
    collection,
    slug,
    blobs: view.snapshot.blobs,
    key: branchExists ? 'draftFile' : 'file',
  });
  const checkSetRules = () =>
    assertSetRules(deps, {
      userId,
      view,
      set,
      items: [{ collection: collectionName, slug }],
      branchExists,
      draft: mode === 'branch',
    });
  return { view, collection, draft, branchExists, found, assertSetRules: checkSetRules };
}
