import type { TreeEntry } from '../ports/git-host';

/**
 * The entries of `directory` (two levels deep, as a page-bundle collection is listed) built from a
 * list of repository paths, so a working tree is listed by the same rule (item-path.ts's
 * `listFiles`) as a repository's tree on the provider. Files have no sha here: `oid` is the path.
 */
export function treeOf(paths: readonly string[], directory: string): TreeEntry[] {
  const prefix = `${directory}/`;
  const top = new Map<string, TreeEntry>();
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const [name = '', child, ...deeper] = path.slice(prefix.length).split('/');
    if (child === undefined) {
      top.set(name, { name, type: 'blob', oid: path });
      continue;
    }
    let folder = top.get(name);
    if (!folder || folder.type !== 'tree') {
      folder = { name, type: 'tree', oid: `${prefix}${name}`, entries: [] };
      top.set(name, folder);
    }
    const entries = folder.entries!;
    if (deeper.length === 0) entries.push({ name: child, type: 'blob', oid: path });
    else if (!entries.some((entry) => entry.name === child))
      entries.push({ name: child, type: 'tree', oid: `${prefix}${name}/${child}` });
  }
  return [...top.values()];
}
