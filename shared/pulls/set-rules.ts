import type { CmsConfig, MediaConfig } from '../content/config-schema';
import { collectionProblemOf } from '../content/config-read';
import { mediaDirectories } from '../media/media-config';
import type { FileChangeType } from '../ports/pull-host';
import type { ChangeRequestRulesInput, DraftFacts, DraftFiles } from './draft-rules';
import { itemOf } from './item-of-path';
import type { MergeBlocker } from './schemas';

/**
 * What makes a pull request on `cms/_sets/{name}` a genuine change set: its head is a branch of
 * this repository, it targets the default branch, and every file it changes is an item file of a
 * configured collection (edited, created, deleted, or renamed from another item file of the same
 * collection), or a media file it adds directly inside a media directory of cms.config.json that
 * one of its items, as the set has it, references. Every file it keeps passes the rules of a
 * single draft (draft-files.ts): a regular file, and media that pass the upload rules. A page
 * bundle's other files are not a set's: a set renames and deletes items of one-file layouts only.
 */

/** The most items one set holds: its review, diff and publish stay one page of the provider's. */
export const maxSetItems = 100;

const itemChanges: ReadonlySet<FileChangeType> = new Set([
  'added',
  'modified',
  'deleted',
  'copied',
]);

/** Files named in a message before "and N more". */
const named = 5;

export interface SetItemFile {
  collection: string;
  slug: string;
  path: string;
  /** The path the item had on the default branch when the set changes or renames it (its mode). */
  basePath?: string;
}

export interface SetKeptFiles {
  /** The item files the set keeps (not those it deletes). */
  items: SetItemFile[];
  /** The media files it adds, each with the media directory it is in. */
  media: { path: string; media: MediaConfig }[];
}

/**
 * The item (collection and slug) a path is the file of, among the collections without problems:
 * in a translated collection, any locale's file is the item's.
 */
export function setItemOf(config: CmsConfig, path: string) {
  const item = itemOf(
    config,
    path,
    (collection) => collectionProblemOf(config, collection) !== undefined,
  );
  return item && { collection: item.collection, slug: item.slug };
}

/** The files a set keeps, which its head must show to be what the CMS writes (set-check.ts). */
export function setKeptFiles(pull: DraftFacts, config: CmsConfig): SetKeptFiles {
  const listed = pull.changedFiles?.files ?? [];
  const directories = mediaDirectories(config);
  const items: SetItemFile[] = [];
  const media: SetKeptFiles['media'] = [];
  for (const file of listed) {
    if (file.change === 'deleted') continue;
    const item = setItemOf(config, file.path);
    if (item) {
      const basePath =
        file.change === 'modified'
          ? file.path
          : file.change === 'renamed'
            ? file.previousPath
            : undefined;
      items.push({ ...item, path: file.path, ...(basePath && { basePath }) });
      continue;
    }
    const dir = directories.find(
      (candidate) =>
        file.path.startsWith(`${candidate.directory}/`) &&
        !file.path.slice(candidate.directory.length + 1).includes('/'),
    );
    if (dir && file.change === 'added') media.push({ path: file.path, media: dir });
  }
  return { items, media };
}

/** The items a set changes, each once: its kept item files and the item files it deletes. */
export function setItemsOf(pull: DraftFacts, config: CmsConfig) {
  const seen = new Map<string, { collection: string; slug: string }>();
  for (const file of pull.changedFiles?.files ?? []) {
    for (const path of [file.path, file.previousPath]) {
      const item = path === undefined ? undefined : setItemOf(config, path);
      if (item) seen.set(`${item.collection}/${item.slug}`, item);
    }
  }
  return [...seen.values()];
}

/**
 * Why the pull request is not a genuine change set, in the order of draftProblems: empty for a
 * genuine one. `files`: what was read of the files it keeps (set-check.ts); a kept file not read
 * counts as foreign.
 */
export function setProblems({
  pull,
  defaultBranch,
  config,
  files,
}: ChangeRequestRulesInput): MergeBlocker[] {
  const problems: MergeBlocker[] = [];
  if (pull.crossRepository)
    problems.push({
      reason: 'cross-repository',
      message: `The pull request comes from another repository (a fork); its branch ${pull.headRef} only looks like a change set of this repository.`,
    });
  if (pull.baseRef !== defaultBranch)
    problems.push({
      reason: 'base-not-default',
      message: `The pull request targets ${pull.baseRef}, not the default branch ${defaultBranch}.`,
    });
  const foreign = foreignSetFiles(pull, config, files);
  if (foreign) problems.push({ reason: 'foreign-files', message: foreign });
  return problems;
}

function foreignSetFiles(
  pull: DraftFacts,
  config: CmsConfig,
  files: DraftFiles | undefined,
): string | undefined {
  const changed = pull.changedFiles;
  if (!changed) return undefined;
  if (changed.total > changed.files.length)
    return `The change set changes ${Number.isFinite(changed.total) ? changed.total : 'too many'} files; at most ${changed.files.length} are checked, so none of it is published.`;
  const kept = setKeptFiles(pull, config);
  const media = new Set(kept.media.map((file) => file.path));
  // A kept file that was not read counts as foreign: what was not checked never lands.
  const verdict = (path: string) =>
    !files
      ? undefined
      : files.verdicts.has(path)
        ? files.verdicts.get(path)
        : 'not read at the head';
  const others = changed.files.flatMap((file): { path: string; why?: string }[] => {
    const item = setItemOf(config, file.path);
    if (item) {
      const previous = file.previousPath ? setItemOf(config, file.previousPath) : undefined;
      const allowed =
        file.change === 'renamed'
          ? previous?.collection === item.collection
          : itemChanges.has(file.change);
      if (!allowed)
        return [
          {
            path: file.path,
            why: `${file.change}${file.previousPath ? ` from ${file.previousPath}` : ''}`,
          },
        ];
      const why = file.change === 'deleted' ? undefined : verdict(file.path);
      return why === undefined ? [] : [{ path: file.path, why }];
    }
    if (media.has(file.path)) {
      if (files && !files.referenced.has(file.path))
        return [{ path: file.path, why: 'none of its items references it' }];
      const why = verdict(file.path);
      return why === undefined ? [] : [{ path: file.path, why }];
    }
    return [{ path: file.path }];
  });
  if (others.length === 0) return undefined;
  const list = others.slice(0, named).map(({ path, why }) => (why ? `${path} (${why})` : path));
  const more = others.length > named ? ` and ${others.length - named} more` : '';
  return `The change set changes more than items of its collections and the media they reference: ${list.join(', ')}${more}.`;
}
