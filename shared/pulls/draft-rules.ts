import type { CmsConfig } from '../content/config-schema';
import { parseDraftBranch } from '../content/draft-branch';
import type { MergeBlocker } from './schemas';
import { folderOfPath } from '../content/bundle-files';
import { collectionProblemOf } from '../content/config-read';
import {
  itemPaths,
  layoutOfPattern,
  patternOfPath,
  slugOfPath,
  type PathPatterned,
} from '../content/item-path';
import type { FileChangeType, PullInfo } from '../ports/pull-host';
import { mediaOf, publicPathOf } from '../media/media-config';
import type { MediaConfig } from '../content/config-schema';
import { translationPathOf } from './draft-translations';

/**
 * What makes a pull request a genuine draft: a draft is what its branch name says, and nothing
 * more. Its head is a `cms/{collection}/{slug}` branch of this repository (not a fork's branch of
 * the same name), it targets the default branch, and it changes nothing but that item's file,
 * except for a rename: its file added there and exactly one other item file of the same collection
 * deleted (reported as `renamed` with that `previousPath`, or as a removal plus an addition). A
 * rename of a page bundle also moves the other files of the item's bundle folder to its new folder,
 * each the same bytes and mode at the same place inside it (bundleMovesOf).
 * `cms/{collection}/_deletions` only deletes item files of its collection. A draft also carries
 * its media: files it adds directly inside its collection's media directory (cms.config.json
 * `media`) that its item, as the draft has it, references (a field value or a markdown link or
 * image target: draft-references.ts). Replacing or deleting an existing media file is never a
 * draft's. Every file a draft keeps is also what the CMS writes (draft-files.ts): a regular file,
 * and a media file passes the rules of uploads.
 */

/**
 * How a draft may change its own file. A rename also removes another path, and a type or mode
 * change (`changed`) can turn the file into a symbolic link: neither is an edit the CMS makes.
 */
const itemChanges: ReadonlySet<FileChangeType> = new Set([
  'added',
  'modified',
  'deleted',
  'copied',
]);

/** Files named in a message before "and N more". */
const named = 5;

export type DraftFacts = Pick<PullInfo, 'headRef' | 'baseRef' | 'crossRepository' | 'changedFiles'>;

/** What was read of the files a draft keeps (keptFiles), at its head. */
export interface DraftFiles {
  /**
   * Each kept file (its item, the media it adds) with what makes it something the CMS never
   * writes, undefined when nothing does (draft-files.ts). A kept file missing here was not
   * checked, and counts as foreign.
   */
  verdicts: ReadonlyMap<string, string | undefined>;
  /** The added media files its item references. */
  referenced: ReadonlySet<string>;
}

/** What draftProblems and setProblems (set-rules.ts) judge a change request by. */
export interface ChangeRequestRulesInput {
  pull: DraftFacts;
  defaultBranch: string;
  config: CmsConfig;
  /** What was read of the files it keeps; absent, its media count as foreign, its modes unread. */
  files?: DraftFiles;
}

/**
 * Why the pull request is not a genuine draft, one entry per reason, in this order:
 * `cross-repository`, `base-not-default`, `foreign-files`; empty for a genuine draft. The files
 * are checked only when the pull request was read with them (`changedFiles`); more files than were
 * listed count as foreign. This is the one place that decides which paths a draft may touch.
 * `files`: what was read of the files it keeps (draft-check.ts); absent only for a pull request
 * from a fork, refused for that (its media then count as foreign, its modes unread).
 */
export function draftProblems({
  pull,
  defaultBranch,
  config,
  files,
}: ChangeRequestRulesInput): MergeBlocker[] {
  const problems: MergeBlocker[] = [];
  if (pull.crossRepository) {
    problems.push({
      reason: 'cross-repository',
      message: `The pull request comes from another repository (a fork); its branch ${pull.headRef} only looks like a draft branch of this repository.`,
    });
  }
  if (pull.baseRef !== defaultBranch) {
    problems.push({
      reason: 'base-not-default',
      message: `The pull request targets ${pull.baseRef}, not the default branch ${defaultBranch}.`,
    });
  }
  const foreign = foreignFiles(pull, config, files);
  if (foreign) problems.push({ reason: 'foreign-files', message: foreign });
  return problems;
}

type FileFact = NonNullable<DraftFacts['changedFiles']>['files'][number];

/**
 * The files a draft keeps, which its head must show to be what the CMS writes: its item (unless it
 * deletes it), with the path the item had on the default branch when it changed it (`basePath`,
 * for its mode), and the files it adds directly inside its collection's media directory, with
 * their public paths. Undefined for a branch that is no item's draft (a deletions draft keeps
 * nothing).
 */
export function keptFiles(pull: DraftFacts, config: CmsConfig): KeptFiles | undefined {
  const draft = parseDraftBranch(pull.headRef);
  const collection =
    draft && !draft.deletions && Object.hasOwn(config.collections, draft.collection)
      ? config.collections[draft.collection]
      : undefined;
  if (!draft || !collection) return undefined;
  const listed = pull.changedFiles?.files ?? [];
  const own = ownPathOf(collection, draft.slug, listed);
  const item = listed.find((file) => file.path === own && file.change !== 'deleted');
  const basePath =
    item?.change === 'modified' ? own : item?.change === 'renamed' ? item.previousPath : undefined;
  const media = mediaOf(config, draft.collection);
  const { moved } = bundleMovesOf(collection, own, listed);
  const files = listed.flatMap((file) => {
    if (!media || file.change !== 'added' || !file.path.startsWith(`${media.directory}/`))
      return [];
    const name = file.path.slice(media.directory.length + 1);
    return name.includes('/') ? [] : [{ path: file.path, publicPath: publicPathOf(media, name) }];
  });
  const translations = listed.flatMap((file) =>
    (file.change === 'added' || file.change === 'modified') &&
    translationPathOf(config, draft, file.path)
      ? [{ path: file.path, ...(file.change === 'modified' && { basePath: file.path }) }]
      : [],
  );
  return {
    own,
    ...(item && { item: { path: own, ...(basePath && { basePath }) } }),
    ...(translations.length > 0 && { translations }),
    ...(media && { media }),
    files,
    ...(moved.length > 0 && { moved }),
  };
}

export interface KeptFiles {
  /** The item's path, whether or not the draft keeps it. */
  own: string;
  item?: { path: string; basePath?: string };
  /** A translated collection: the item's files in other locales the draft adds or changes (draft-translations.ts). */
  translations?: { path: string; basePath?: string }[];
  /** The collection's media directory, when it has one. */
  media?: MediaConfig;
  files: { path: string; publicPath: string }[];
  /** The other files of a renamed bundle, at the new folder, with where they were (bundleMovesOf). */
  moved?: { path: string; previousPath: string }[];
}

const isBundleFile = (collection: PathPatterned, path: string | undefined) =>
  path !== undefined && layoutOfPattern(patternOfPath(collection, path) ?? '')?.kind === 'bundle';

/**
 * The other files of the item's page bundle a rename draft moves: each added (or reported renamed)
 * inside the item's new bundle folder from the same place inside its old one, whose file there is
 * deleted. `sources`: those deletions, which are the move's too. Empty unless the draft renames a
 * bundle item to a bundle item. The bytes and modes are checked at the head (draft-check.ts).
 */
export function bundleMovesOf(
  collection: PathPatterned,
  own: string,
  listed: readonly FileFact[],
): { moved: { path: string; previousPath: string }[]; sources: Set<FileFact> } {
  const none = { moved: [], sources: new Set<FileFact>() };
  const ownFile = listed.find((file) => file.path === own);
  const isItem = (path: string | undefined) =>
    path !== undefined && slugOfPath(collection, path) !== undefined;
  const source =
    ownFile?.change === 'renamed'
      ? ownFile.previousPath
      : renameSourceOf(listed, own, isItem)?.path;
  if (!source || !isBundleFile(collection, own) || !isBundleFile(collection, source)) return none;
  const to = `${folderOfPath(own)}/`;
  const from = `${folderOfPath(source)}/`;
  const deleted = new Map(
    listed.filter((file) => file.change === 'deleted').map((file) => [file.path, file]),
  );
  const moved: { path: string; previousPath: string }[] = [];
  const sources = new Set<FileFact>();
  for (const file of listed) {
    if (file.path === own || !file.path.startsWith(to)) continue;
    const previousPath = `${from}${file.path.slice(to.length)}`;
    if (file.change === 'renamed' && file.previousPath === previousPath) {
      moved.push({ path: file.path, previousPath });
    } else if (file.change === 'added' && deleted.has(previousPath)) {
      moved.push({ path: file.path, previousPath });
      sources.add(deleted.get(previousPath)!);
    }
  }
  return { moved, sources };
}

function foreignFiles(
  pull: DraftFacts,
  config: CmsConfig,
  files: DraftFiles | undefined,
): string | undefined {
  const changed = pull.changedFiles;
  if (!changed) return undefined;
  const draft = parseDraftBranch(pull.headRef);
  const collection = draft ? config.collections[draft.collection] : undefined;
  const problem = draft && collectionProblemOf(config, draft.collection);
  if (problem) return `${problem}.`;
  if (!draft || !collection)
    return `The branch ${pull.headRef} names no collection of cms.config.json, so none of its changes is a draft's.`;
  const isItem = (path: string | undefined) =>
    path !== undefined && slugOfPath(collection, path) !== undefined;
  if (draft.deletions) {
    if (changed.total > changed.files.length)
      return `The pull request changes ${Number.isFinite(changed.total) ? changed.total : 'too many'} files; a draft deleting items of ${draft.collection} only deletes their files.`;
    const others = changed.files.filter((file) => file.change !== 'deleted' || !isItem(file.path));
    return others.length === 0
      ? undefined
      : `A draft deleting items of ${draft.collection} only deletes their files; it also changes ${listed(others.map((file) => ({ file })))}.`;
  }
  const own = ownPathOf(collection, draft.slug, changed.files);
  if (changed.total > changed.files.length)
    return `The pull request changes ${Number.isFinite(changed.total) ? changed.total : 'too many'} files; a draft changes only ${own}.`;
  const renameSource = renameSourceOf(changed.files, own, isItem);
  const media = new Set((keptFiles(pull, config)?.files ?? []).map((file) => file.path));
  const bundle = bundleMovesOf(collection, own, changed.files);
  const moved = new Set(bundle.moved.map((file) => file.path));
  // A kept file that was not read counts as foreign: what was not checked never lands.
  const verdict = (path: string) =>
    !files
      ? undefined
      : files.verdicts.has(path)
        ? files.verdicts.get(path)
        : 'not read at the head';
  const others = changed.files.flatMap((file): Foreign[] => {
    if (file === renameSource || bundle.sources.has(file)) return [];
    if (moved.has(file.path)) {
      const why = verdict(file.path);
      return why === undefined ? [] : [{ file, why }];
    }
    if (media.has(file.path)) {
      if (!files?.referenced.has(file.path))
        return [{ file, why: 'its item does not reference it' }];
      const why = verdict(file.path);
      return why === undefined ? [] : [{ file, why }];
    }
    if (file.path !== own && translationPathOf(config, draft, file.path)) {
      if (!itemChanges.has(file.change)) return [{ file, why: file.change }];
      const why = file.change === 'deleted' ? undefined : verdict(file.path);
      return why === undefined ? [] : [{ file, why }];
    }
    if (file.path !== own) return [{ file }];
    const allowed =
      file.change === 'renamed'
        ? isItem(file.previousPath) && file.previousPath !== own && renameSource === undefined
        : itemChanges.has(file.change);
    if (!allowed)
      return [
        { file, why: `${file.change}${file.previousPath ? ` from ${file.previousPath}` : ''}` },
      ];
    const why = file.change === 'deleted' ? undefined : verdict(file.path);
    return why === undefined ? [] : [{ file, why }];
  });
  if (others.length === 0) return undefined;
  return `The pull request changes more than its item ${own}: ${listed(others)}.`;
}

/**
 * The draft's own file: of the files its item may be (one per layout of its collection), the one
 * the pull request changes, else the first. A draft changing two of them changes a file that is
 * not its own (the second is reported as foreign), so one slug never publishes two files.
 */
export function ownPathOf(
  collection: PathPatterned,
  slug: string,
  changed: readonly { path: string }[],
): string {
  const paths = itemPaths(collection, slug);
  return paths.find((path) => changed.some((file) => file.path === path)) ?? paths[0]!;
}

/** A file that is not the draft's, and why when its path alone does not say it. */
interface Foreign {
  file: FileFact;
  why?: string;
}

/**
 * A rename reported as a removal plus an addition: the draft's own file added and exactly one
 * other item file of the same collection deleted. That deletion is the draft's; any second one is
 * foreign. (Reported as `renamed`, the source is the own file's `previousPath`.)
 */
function renameSourceOf(
  files: readonly FileFact[],
  own: string,
  isItem: (path: string) => boolean,
): FileFact | undefined {
  if (!files.some((file) => file.path === own && file.change === 'added')) return undefined;
  // Only item files count: a renamed bundle's other files are deleted with it (bundleMovesOf).
  const deleted = files.filter(
    (file) => file.path !== own && file.change === 'deleted' && isItem(file.path),
  );
  return deleted.length === 1 ? deleted[0] : undefined;
}

function listed(files: readonly Foreign[]): string {
  const list = files
    .slice(0, named)
    .map(({ file, why }) => (why ? `${file.path} (${why})` : file.path));
  const more = files.length > named ? ` and ${files.length - named} more` : '';
  return `${list.join(', ')}${more}`;
}
