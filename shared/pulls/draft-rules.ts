import type { CmsConfig } from '../content/config-schema';
import { parseDraftBranch } from '../content/draft-branch';
import type { MergeBlocker } from './schemas';
import { itemPath, slugOfPath } from '../content/item-path';
import type { FileChangeType, PullInfo } from '../githost/pull-host';
import { mediaOf, publicPathOf } from '../media/media-config';

/**
 * What makes a pull request a genuine draft: a draft is what its branch name says, and nothing
 * more. Its head is a `cms/{collection}/{slug}` branch of this repository (not a fork's branch of
 * the same name), it targets the default branch, and it changes nothing but that item's file,
 * except for a rename: its file added there and exactly one other item file of the same collection
 * deleted (reported as `renamed` with that `previousPath`, or as a removal plus an addition).
 * `cms/{collection}/_deletions` only deletes item files of its collection. A draft also carries
 * its media: files it adds directly inside its collection's media directory (cms.config.json
 * `media`) that its item, as the draft has it, names by public path or repository path (uploads
 * made while editing it). Replacing or deleting an existing media file is never a draft's.
 */

/**
 * How a draft may change its own file. A rename also removes another path, and a type or mode
 * change (`changed`) can turn the file into a symbolic link: neither is an edit the CMS makes.
 */
const itemChanges: ReadonlySet<FileChangeType> = new Set(['added', 'modified', 'deleted', 'copied']);

/** Files named in a message before "and N more". */
const named = 5;

export type DraftFacts = Pick<PullInfo, 'headRef' | 'baseRef' | 'crossRepository' | 'changedFiles'>;

/**
 * Why the pull request is not a genuine draft, one entry per reason, in this order:
 * `cross-repository`, `base-not-default`, `foreign-files`; empty for a genuine draft. The files
 * are checked only when the pull request was read with them (`changedFiles`); more files than were
 * listed count as foreign. This is the one place that decides which paths a draft may touch.
 */
export function draftProblems(pull: DraftFacts, defaultBranch: string, config: CmsConfig, itemText?: string | null): MergeBlocker[] {
  const problems: MergeBlocker[] = [];
  if (pull.crossRepository) {
    problems.push({
      reason: 'cross-repository',
      message: `The pull request comes from another repository (a fork); its branch ${pull.headRef} only looks like a draft branch of this repository.`,
    });
  }
  if (pull.baseRef !== defaultBranch) {
    problems.push({ reason: 'base-not-default', message: `The pull request targets ${pull.baseRef}, not the default branch ${defaultBranch}.` });
  }
  const foreign = foreignFiles(pull, config, itemText);
  if (foreign) problems.push({ reason: 'foreign-files', message: foreign });
  return problems;
}

type FileFact = NonNullable<DraftFacts['changedFiles']>['files'][number];

/**
 * The files a draft adds directly inside its collection's media directory, with their public
 * paths, and its item's path: whoever checks the draft reads the item's text at the draft's head
 * (`itemText` of draftProblems) only when there are such files. Undefined for a branch that is no
 * item's draft.
 */
export function addedMedia(pull: DraftFacts, config: CmsConfig): { item: string; files: { path: string; publicPath: string }[] } | undefined {
  const draft = parseDraftBranch(pull.headRef);
  const collection = draft && !draft.deletions && Object.hasOwn(config.collections, draft.collection) ? config.collections[draft.collection] : undefined;
  if (!draft || !collection) return undefined;
  const media = mediaOf(config, draft.collection);
  const files = (pull.changedFiles?.files ?? []).flatMap((file) => {
    if (!media || file.change !== 'added' || !file.path.startsWith(`${media.directory}/`)) return [];
    const name = file.path.slice(media.directory.length + 1);
    return name.includes('/') ? [] : [{ path: file.path, publicPath: publicPathOf(media, name) }];
  });
  return { item: itemPath(collection, draft.slug), files };
}

function foreignFiles(pull: DraftFacts, config: CmsConfig, itemText: string | null | undefined): string | undefined {
  const changed = pull.changedFiles;
  if (!changed) return undefined;
  const draft = parseDraftBranch(pull.headRef);
  const collection = draft ? config.collections[draft.collection] : undefined;
  if (!draft || !collection) return `The branch ${pull.headRef} names no collection of cms.config.json, so none of its changes is a draft's.`;
  const isItem = (path: string | undefined) => path !== undefined && slugOfPath(collection, path) !== undefined;
  if (draft.deletions) {
    if (changed.total > changed.files.length) return `The pull request changes ${Number.isFinite(changed.total) ? changed.total : 'too many'} files; a draft deleting items of ${draft.collection} only deletes their files.`;
    const others = changed.files.filter((file) => file.change !== 'deleted' || !isItem(file.path));
    return others.length === 0 ? undefined : `A draft deleting items of ${draft.collection} only deletes their files; it also changes ${listed(others)}.`;
  }
  if (changed.total > changed.files.length) return `The pull request changes ${Number.isFinite(changed.total) ? changed.total : 'too many'} files; a draft changes only ${itemPath(collection, draft.slug)}.`;
  const own = itemPath(collection, draft.slug);
  const renameSource = renameSourceOf(changed.files, own, isItem);
  const referenced = new Set(
    (addedMedia(pull, config)?.files ?? []).filter((file) => typeof itemText === 'string' && (itemText.includes(file.publicPath) || itemText.includes(file.path))).map((file) => file.path),
  );
  const isOwnMedia = (file: FileFact) => file.change === 'added' && referenced.has(file.path);
  const others = changed.files.filter((file) => {
    if (file === renameSource || isOwnMedia(file)) return false;
    if (file.path !== own) return true;
    if (file.change === 'renamed') return !isItem(file.previousPath) || file.previousPath === own || renameSource !== undefined;
    return !itemChanges.has(file.change);
  });
  if (others.length === 0) return undefined;
  return `The pull request changes more than its item ${own}: ${listed(others, own)}.`;
}

/**
 * A rename reported as a removal plus an addition: the draft's own file added and exactly one
 * other item file of the same collection deleted. That deletion is the draft's; any second one is
 * foreign. (Reported as `renamed`, the source is the own file's `previousPath`.)
 */
function renameSourceOf(files: readonly FileFact[], own: string, isItem: (path: string) => boolean): FileFact | undefined {
  if (!files.some((file) => file.path === own && file.change === 'added')) return undefined;
  const deleted = files.filter((file) => file.path !== own && file.change === 'deleted');
  return deleted.length === 1 && isItem(deleted[0]!.path) ? deleted[0] : undefined;
}

function listed(files: readonly FileFact[], own?: string): string {
  const list = files.slice(0, named).map((file) => (file.path === own ? `${file.path} (${file.change}${file.previousPath ? ` from ${file.previousPath}` : ''})` : file.path));
  const more = files.length > named ? ` and ${files.length - named} more` : '';
  return `${list.join(', ')}${more}`;
}
