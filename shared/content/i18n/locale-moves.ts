import { ConflictError, InvalidInputError } from '../../errors';
import type { Snapshot, SnapshotRequest } from '../../ports/git-host';
import type { TreeChange } from '../../ports/pull-host';
import { bundleFolderOf, bundleMoves, folderOfPath } from '../bundle-files';
import type { CmsConfig } from '../config-schema';
import { foundItemFile, itemFileRequests } from '../item-files';
import { itemPath, itemPaths, layoutOfPattern, patternOfPath } from '../item-path';
import { translatedCollection } from './locale-collection';
import { localeViewsOf } from './locale-view';

/**
 * A translated item is one item in several locales (issue #36): renaming it moves its file in
 * every locale where it exists, in the rename's one commit, and the new slug must be free in every
 * locale. The default locale's file is the rename's own (content-moves.ts); this module adds the
 * other locales' files, read in the rename's same round trip. Where the locales share a page
 * bundle's folder (Hugo's `{slug}/index.fr.md`), the folder's move already carries them.
 */

/** One locale's file of the item, moved. */
export interface LocaleMove {
  locale: string;
  previousPath: string;
  path: string;
}

const key = (locale: string, what: string) => `locale:${locale}:${what}`;

/** The other locales' views of the translated collection `name`, or none when it is not translated. */
function otherViews(config: CmsConfig, name: string) {
  const translated = translatedCollection(config, name);
  return translated ? localeViewsOf(translated.collection, translated.i18n).slice(1) : [];
}

/**
 * What a rename also reads: each other locale's file under the old and the new slug, and its
 * bundle folder; at `ref` (a change set's branch) when the rename is made there.
 */
export function localeMovesWanted({
  config,
  name,
  slug,
  to,
  ref,
}: {
  config: CmsConfig;
  name: string;
  slug: string;
  to: string;
  ref?: string;
}): Required<Pick<SnapshotRequest, 'blobs' | 'trees' | 'oids'>> {
  const wanted = { blobs: {}, trees: {}, oids: {} };
  const at = ref === undefined ? {} : { ref };
  for (const { locale, view } of otherViews(config, name)) {
    Object.assign(
      wanted.blobs,
      itemFileRequests({ collection: view, slug, key: key(locale, 'file'), ...at }),
      itemFileRequests({ collection: view, slug: to, key: key(locale, 'target'), ...at }),
    );
    const bundle = bundleFolderOf(view, slug);
    const target = bundleFolderOf(view, to);
    if (bundle && target) {
      Object.assign(wanted.trees, { [key(locale, 'bundle')]: { path: bundle, depth: 2, ...at } });
      Object.assign(wanted.oids, { [key(locale, 'targetFolder')]: { path: target, ...at } });
    }
  }
  return wanted;
}

/**
 * The other locales' moves, from the rename's read: refused (409, naming the file) when the new
 * slug is taken in any locale, 400 for a symbolic link. `moved` folders (the default locale's
 * bundle) are not moved twice: a file inside one is listed, not changed again.
 */
export function localeMoves({
  config,
  name,
  slug,
  to,
  snapshot,
  movedFolder,
}: {
  config: CmsConfig;
  name: string;
  slug: string;
  to: string;
  snapshot: Pick<Snapshot, 'blobs' | 'trees' | 'oids'>;
  /** The default locale's bundle folder, when the rename moves it whole. */
  movedFolder: string | undefined;
}): { changes: TreeChange[]; moved: LocaleMove[] } {
  const changes: TreeChange[] = [];
  const moved: LocaleMove[] = [];
  for (const { locale, view } of otherViews(config, name)) {
    const taken = itemPaths(view, to).filter(
      (_path, n) => snapshot.blobs[`${key(locale, 'target')}${n}`],
    );
    const found = foundItemFile({
      collection: view,
      slug,
      blobs: snapshot.blobs,
      key: key(locale, 'file'),
    });
    const targetFolderTaken = snapshot.oids?.[key(locale, 'targetFolder')];
    const isBundle =
      found && layoutOfPattern(patternOfPath(view, found.path) ?? '')?.kind === 'bundle';
    const ownFolder = found && isBundle ? folderOfPath(found.path) : undefined;
    if (taken.length === 0 && ownFolder && ownFolder !== movedFolder && targetFolderTaken)
      taken.push(`${bundleFolderOf(view, to)!}/`);
    if (taken.length > 0)
      throw new ConflictError(
        `${taken.join(' and ')} already ${taken.length > 1 ? 'exist' : 'exists'} (locale ${locale}); the CMS never overwrites an item: choose another slug`,
      );
    if (!found) continue;
    if (found.blob.symlink)
      throw new InvalidInputError(
        `${found.path} is a symbolic link; the service does not write through or over links`,
      );
    const path = itemPath(view, to, patternOfPath(view, found.path));
    moved.push({ locale, previousPath: found.path, path });
    if (ownFolder !== undefined && ownFolder === movedFolder) continue;
    if (ownFolder !== undefined) {
      changes.push(
        ...bundleMoves({
          entries: snapshot.trees[key(locale, 'bundle')] ?? [],
          from: ownFolder,
          to: folderOfPath(path),
          skip: '',
        }),
      );
      continue;
    }
    changes.push(
      { path: found.path, content: null },
      { path, oid: found.blob.oid, mode: '100644' },
    );
  }
  return { changes, moved };
}
