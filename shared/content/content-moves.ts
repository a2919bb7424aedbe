import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import { onTree, type PullHost, type TreeChange } from '../ports/pull-host';
import { ConflictError, InvalidInputError, NotFoundError, sayOverlap } from '../errors';
import { bundleFolderOf, bundleMoves, folderOfPath } from './bundle-files';
import { assertModeAllowed } from './save-mode';
import { draftBranchName } from './draft-branch';
import { itemPath, itemPaths, layoutOfPattern, patternOfPath } from './item-path';
import { foundItemFile, itemFileRequests } from './item-files';
import type { ItemRef } from './item-ref';
import type { DuplicateContentResult, RenameContentResult } from './move-schemas';
import {
  collectionOf,
  collectionWants,
  repoId,
  type RepoReader,
  type RepoView,
} from './repo-reader';
import type { SaveMode } from './schemas';
import { slugProblem } from './slug';
import { assertItemSlug } from './slug-encoding';
import { localeMoves, localeMovesWanted } from './i18n/locale-moves';
import { servedLocale } from './i18n/locale-collection';
import { setBranchName } from './set-branch';
import { assertSetRules } from './set-rules-check';
import { assertSetExists } from './set-target';
import { branchOf, moveTarget, noteOf, type MoveTarget } from './move-target';

/**
 * Rename and duplicate (additions to the spec): the item's blob is reused by its oid and mode, so
 * the bytes at the new path are exactly the old ones. Each is one commit made with the Git Data
 * API on top of the default branch's head as read, moved there as a fast-forward (made again on a
 * head that moved in other files meanwhile; 409 when another commit touched the same files), or
 * on the new slug's draft branch created from that head.
 */
export interface ContentMovesDeps {
  reader: RepoReader;
  pullHost: Pick<PullHost, 'createBranch' | 'commitTree' | 'readTexts' | 'listOpenPulls'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

/**
 * Renames an item (`input.to` its new slug) if `input.sha` is still its sha. `set`: in that change
 * set, on its branch `cms/_sets/{set}` (`sha` is then the set's copy), as a save into a set is.
 */
export interface RenameItemOptions extends Actor, ItemRef {
  input: { to: string; sha: string; mode?: SaveMode; set?: string };
}

/** Copies an item to the new slug `input.to`; `set`: the copy is a new item of that change set. */
export interface DuplicateItemOptions extends Actor, ItemRef {
  input: { to: string; mode?: SaveMode; set?: string };
}

/** The new slug must be a strict slug, and another one. */
function assertTarget(slug: string, to: string): void {
  const problem = slugProblem(to);
  if (problem) throw new InvalidInputError(`to: ${problem}`);
  if (to === slug)
    throw new InvalidInputError(`to: ${to} is the item's slug already; choose another`);
}

export function createContentMoves(deps: ContentMovesDeps) {
  /**
   * Config, source file, target file and both draft branches in one round trip; into a change set,
   * its branch too, and both files as the set has them (a set that does not exist is a 404).
   */
  async function readBoth({
    userId,
    fullName,
    collection: collectionName,
    slug,
    to,
    set,
    everyLocale = false,
  }: ItemRef & {
    userId: string;
    to: string;
    set: string | undefined;
    /** A rename: a translated item's other locales' files too (i18n/locale-moves.ts). */
    everyLocale?: boolean;
  }) {
    const setBranch = set === undefined ? undefined : setBranchName(set);
    const at = setBranch === undefined ? {} : { ref: setBranch };
    const view = await deps.reader.read({
      userId,
      fullName,
      wants: (config) => {
        const own = ownWants(config);
        if (!everyLocale || own.blobs === undefined) return own;
        const others = localeMovesWanted({ config, name: collectionName, slug, to, ...at });
        return {
          ...own,
          blobs: { ...others.blobs, ...own.blobs },
          trees: { ...others.trees, ...own.trees },
          oids: { ...others.oids, ...own.oids },
        };
      },
    });
    function ownWants(config: Parameters<ReturnType<typeof collectionWants>>[0]) {
      return collectionWants(collectionName, (collection) => {
        const bundle = bundleFolderOf(collection, slug);
        const target = bundleFolderOf(collection, to);
        return {
          headTrees: true,
          // A bundle moves as a folder: its files, and whether the new folder is free.
          ...(bundle && target
            ? {
                trees: { bundle: { path: bundle, depth: 2 as const, ...at } },
                oids: { targetFolder: { path: target, ...at } },
              }
            : {}),
          blobs: {
            ...itemFileRequests({ collection, slug, key: 'file', ...at }),
            ...itemFileRequests({ collection, slug: to, key: 'target', ...at }),
          },
          branches: {
            ownDraft: draftBranchName(collectionName, slug),
            targetDraft: draftBranchName(collectionName, to),
            ...(setBranch !== undefined && { set: setBranch }),
          },
        };
      })(config);
    }
    const setHead = view.snapshot.branches.set;
    if (set !== undefined) assertSetExists(setHead, { fullName, set });
    const collection = collectionOf(view.config, collectionName);
    const found = foundItemFile({ collection, slug, blobs: view.snapshot.blobs, key: 'file' });
    if (!found) throw new NotFoundError(`Item ${collectionName}/${slug} not found`);
    const { path, blob: file } = found;
    // The copy keeps the item's layout: a page bundle stays a bundle, a `.mdx` file a `.mdx` file.
    const targetPath = itemPath(collection, to, patternOfPath(collection, path));
    if (file.symlink)
      throw new InvalidInputError(
        `${path} is a symbolic link; the service does not write through or over links`,
      );
    const bundle = isBundlePath(collection, path) ? folderOfPath(path) : undefined;
    const assertFree = () => {
      const taken = itemPaths(collection, to).filter(
        (_path, n) => view.snapshot.blobs[`target${n}`],
      );
      if (taken.length === 0 && bundle && view.snapshot.oids?.targetFolder)
        taken.push(`${folderOfPath(targetPath)}/`);
      if (taken.length > 0)
        throw new ConflictError(
          `${taken.join(' and ')} already ${taken.length > 1 ? 'exist' : 'exists'}; the CMS never overwrites an item: choose another slug`,
        );
    };
    /** The other files of a bundle item, moved with it. */
    const bundleRest = () =>
      bundle
        ? bundleMoves({
            entries: view.snapshot.trees.bundle ?? [],
            from: bundle,
            to: folderOfPath(targetPath),
            skip: path,
          })
        : [];
    const target: MoveTarget =
      set !== undefined && setBranch !== undefined && setHead
        ? { kind: 'set', branch: setBranch, name: set, head: setHead }
        : { kind: 'default' };
    return { view, collection, path, targetPath, file, assertFree, bundleRest, bundle, target };
  }

  /** The source's blob with its git mode, read at the head the commit is made on. */
  async function sourceBlob({
    userId,
    view,
    path,
    from,
  }: {
    userId: string;
    view: RepoView;
    path: string;
    /** The commit to read it at. */
    from: string;
  }) {
    const repo = repoId(view.connection.fullName);
    const reads = await deps.providerAccess.withToken(userId, (token) =>
      deps.pullHost.readTexts(token, repo, { file: { path, ref: from } }, { modes: true }),
    );
    const read = reads.file;
    if (!read || read.kind === 'absent')
      throw new ConflictError(`${path} was deleted externally; reload the list`);
    return { oid: read.oid, mode: read.mode ?? '100644' };
  }

  /**
   * One commit of `changes` on the default branch (made again on its new head if it moved in other
   * files meanwhile), on a new draft branch from its head, or on a change set's branch (made again
   * on its head likewise). Another commit that changed one of the same files meanwhile answers
   * 409: the new slug was just taken, or the item changed.
   */
  async function commit({
    userId,
    view,
    changes,
    message,
    target,
    said,
  }: {
    userId: string;
    view: RepoView;
    changes: TreeChange[];
    message: string;
    target: MoveTarget;
    /** The paths and slug a 409 names. */
    said: { target: string; to: string; source?: string };
  }) {
    const from = headOfTarget(view, target);
    const repo = repoId(view.connection.fullName);
    if (target.kind === 'draft') {
      const draft = target.branch;
      const created = await deps.providerAccess.withToken(userId, (token) =>
        deps.pullHost.createBranch(token, repo, draft, from),
      );
      if (!created)
        throw new ConflictError(
          `The draft branch ${draft} was just created by someone else; reload and try again`,
        );
    }
    return deps.providerAccess
      .withToken(userId, (token) =>
        deps.pullHost.commitTree(token, repo, {
          branch: branchOf(target) ?? view.snapshot.defaultBranch,
          parents: [from],
          ...onTree(target.kind === 'set' ? target.head.tree : view.snapshot.defaultBranchTree),
          changes,
          message,
          force: false,
          rebuildOnMove: true,
        }),
      )
      .catch(
        sayOverlap((paths) =>
          paths.includes(said.target)
            ? `${said.target} was just created by someone else: the slug ${said.to} is taken now; choose another slug`
            : `${said.source ?? paths.join(', ')} was modified externally; fetch the latest sha and retry`,
        ),
      );
  }

  return {
    /**
     * Moves an item to a new strict slug: one commit that deletes the old path and adds the new one
     * with the same blob; a page bundle's other files move with it (bundle-files.ts). Refused when the new slug is taken (an item or its draft branch), when the
     * item has a draft branch of its own (publish or close it first) or when `sha` is stale.
     */
    async rename({
      userId,
      login,
      fullName,
      collection: collectionName,
      slug,
      input,
    }: RenameItemOptions): Promise<RenameContentResult> {
      assertItemSlug(slug);
      assertTarget(slug, input.to);
      const { set } = input;
      const mode = set === undefined ? (input.mode ?? 'direct') : 'branch';
      const read = await readBoth({
        userId,
        fullName,
        collection: collectionName,
        slug,
        to: input.to,
        set,
        everyLocale: true,
      });
      const { view, collection, path, targetPath, file, assertFree, bundleRest } = read;
      assertModeAllowed(collectionName, collection, mode);
      // The bundle's other files would be foreign to a set (set-rules.ts).
      if (set !== undefined && read.bundle)
        throw new InvalidInputError(
          `set: ${collectionName}/${slug} is a page bundle (${read.bundle}/); a change set renames one-file items only: rename it as a single draft (mode: branch)`,
        );
      assertFree();
      const rest = bundleRest();
      const locales = localeMoves({
        config: view.config,
        name: collectionName,
        slug,
        to: input.to,
        snapshot: view.snapshot,
        movedFolder: isBundlePath(collection, path) ? folderOfPath(path) : undefined,
      });
      if (file.oid !== input.sha)
        throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
      const ownDraft = draftBranchName(collectionName, slug);
      if (view.snapshot.branches.ownDraft)
        throw new ConflictError(
          `${collectionName}/${slug} has a draft (${ownDraft}); publish or close that draft first, then rename`,
        );
      const targetDraft = draftBranchName(collectionName, input.to);
      if (view.snapshot.branches.targetDraft)
        throw new ConflictError(
          `The draft branch ${targetDraft} already exists (a draft of ${collectionName}/${input.to}); choose another slug, or publish or close that draft first`,
        );
      const target = moveTarget(read.target, mode, targetDraft);
      if (set !== undefined)
        await assertSetRules(deps, {
          userId,
          view,
          set,
          items: [
            { collection: collectionName, slug },
            { collection: collectionName, slug: input.to },
          ],
          branchExists: true,
        });
      const blob = await sourceBlob({ userId, view, path, from: headOfTarget(view, target) });
      if (blob.oid !== input.sha)
        throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
      const message = `Rename ${collectionName}/${slug} to ${collectionName}/${input.to}${noteOf(target)}\n\nRenamed in the CMS by @${login}.`;
      await commit({
        userId,
        view,
        changes: [
          { path, content: null },
          { path: targetPath, oid: blob.oid, mode: blob.mode },
          ...rest,
          ...locales.changes,
        ],
        message,
        target,
        said: { target: targetPath, to: input.to, source: path },
      });
      const branch = branchOf(target);
      const locale = servedLocale(view.config, view.config.collections[collectionName]!, undefined);
      return {
        path: targetPath,
        sha: blob.oid,
        previousPath: path,
        ...(branch && { branch }),
        ...(locale !== undefined && {
          moved: [{ locale, previousPath: path, path: targetPath }, ...locales.moved],
        }),
      };
    },

    /** Copies an item's bytes to a new strict slug: one commit, or a new-item draft for `mode: branch`. */
    async duplicate({
      userId,
      login,
      fullName,
      collection: collectionName,
      slug,
      input,
    }: DuplicateItemOptions): Promise<DuplicateContentResult> {
      assertItemSlug(slug);
      assertTarget(slug, input.to);
      const { set } = input;
      const mode = set === undefined ? (input.mode ?? 'direct') : 'branch';
      const read = await readBoth({
        userId,
        fullName,
        collection: collectionName,
        slug,
        to: input.to,
        set,
      });
      const { view, collection, path, targetPath, assertFree } = read;
      assertModeAllowed(collectionName, collection, mode);
      assertFree();
      const targetDraft = draftBranchName(collectionName, input.to);
      if (mode === 'branch' && view.snapshot.branches.targetDraft)
        throw new ConflictError(
          `The draft branch ${targetDraft} already exists (a draft of ${collectionName}/${input.to}); choose another slug`,
        );
      const target = moveTarget(read.target, mode, targetDraft);
      // The copy is the set's new item; the source stays as it is, wherever it is held.
      if (set !== undefined)
        await assertSetRules(deps, {
          userId,
          view,
          set,
          items: [{ collection: collectionName, slug: input.to }],
          branchExists: true,
        });
      const blob = await sourceBlob({ userId, view, path, from: headOfTarget(view, target) });
      const message = `Duplicate ${collectionName}/${slug} as ${collectionName}/${input.to}${noteOf(target)}\n\nDuplicated in the CMS by @${login}.`;
      await commit({
        userId,
        view,
        changes: [{ path: targetPath, oid: blob.oid, mode: blob.mode }],
        message,
        target,
        said: { target: targetPath, to: input.to },
      });
      const branch = branchOf(target);
      return { path: targetPath, sha: blob.oid, ...(branch && { branch }) };
    },
  };
}

/** Whether `path`, an item file of `collection`, is a page bundle's file. */
const isBundlePath = (collection: Parameters<typeof patternOfPath>[0], path: string) =>
  layoutOfPattern(patternOfPath(collection, path) ?? '')?.kind === 'bundle';

/** The commit a move is made on: the set's head, else the default branch's. */
const headOfTarget = (view: RepoView, target: MoveTarget) =>
  target.kind === 'set' ? target.head.oid : headOf(view);

export function headOf(view: RepoView): string {
  const from = view.snapshot.defaultBranchOid;
  if (!from) throw new ConflictError('The default branch has no commits yet');
  return from;
}

export type ContentMoves = ReturnType<typeof createContentMoves>;
