import type { TreeEntry } from '../ports/git-host';
import type { TreeChange } from '../ports/pull-host';
import { InvalidInputError } from '../errors';
import { layoutsOf, type PathPatterned } from './item-path';
import { nameOfSlug } from './slug-encoding';

/**
 * A page bundle is its folder: the item's markdown file and every file beside it (images, data,
 * one level of subfolders). Moving a bundle moves them all, each blob reused by its oid and mode,
 * so relative links in the item keep working and the bytes stay exactly the same.
 */

/** The item's bundle folder when its collection has a bundle layout, else undefined. */
export function bundleFolderOf(collection: PathPatterned, slug: string): string | undefined {
  if (!layoutsOf(collection).some((layout) => layout.kind === 'bundle')) return undefined;
  return `${collection.directory}/${nameOfSlug(slug)!}`;
}

/** The folder `path` is in. */
export const folderOfPath = (path: string) => path.slice(0, path.lastIndexOf('/'));

const modeOf = (entry: TreeEntry): string =>
  entry.type === 'commit'
    ? '160000'
    : entry.symlink
      ? '120000'
      : entry.executable
        ? '100755'
        : '100644';

/**
 * The changes moving every file of the bundle folder `from` (its entries read two levels deep)
 * to `to`, but `skip` (the item's own file, moved with its checked blob). A subfolder nested
 * deeper than one level is refused: the CMS would have to leave part of the bundle behind.
 */
export function bundleMoves({
  entries,
  from,
  to,
  skip,
}: {
  entries: readonly TreeEntry[];
  from: string;
  to: string;
  skip: string;
}): TreeChange[] {
  const moves: TreeChange[] = [];
  const visit = (list: readonly TreeEntry[], at: string, depth: number) => {
    for (const entry of list) {
      const relative = `${at}${entry.name}`;
      if (entry.type === 'tree') {
        if (depth > 1 || !entry.entries)
          throw new InvalidInputError(
            `${from}/${relative} is a folder nested more than one level inside the page bundle ${from}; the CMS moves a bundle with at most one level of subfolders, so rename this one in git`,
          );
        visit(entry.entries, `${relative}/`, depth + 1);
        continue;
      }
      if (`${from}/${relative}` === skip) continue;
      moves.push(
        { path: `${from}/${relative}`, content: null },
        { path: `${to}/${relative}`, oid: entry.oid, mode: modeOf(entry) },
      );
    }
  };
  visit(entries, '', 1);
  return moves;
}
