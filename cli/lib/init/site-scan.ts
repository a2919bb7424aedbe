import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownExtensions } from '../../../shared/content/item-path';

/** A markdown file of the site: its path from the site root (POSIX separators) and its text. */
export interface SiteFile {
  path: string;
  text: string;
}

/** Folders of the site root that hold build output or themes (Hugo, Jekyll, Astro), not the site's own content. */
export const skippedRootFolders: ReadonlySet<string> = new Set([
  'public',
  'dist',
  '_site',
  'resources',
  'themes',
]);

export const isMarkdownName = (name: string): boolean =>
  markdownExtensions.some(
    (extension) => name.endsWith(extension) && name.length > extension.length,
  );

/**
 * Every markdown file of the working tree at `root`, in path order. Skipped: the root folders
 * above, `node_modules` and hidden folders (`.git`, `.github`…) at any depth, and symbolic links,
 * which the service never follows. (A `themes` folder deeper down, as in Zola's own docs, is content.)
 */
export async function scanSite(root: string): Promise<SiteFile[]> {
  const files: SiteFile[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (
          !entry.name.startsWith('.') &&
          entry.name !== 'node_modules' &&
          !(relative === '' && skippedRootFolders.has(entry.name))
        )
          await walk(child);
      } else if (entry.isFile() && isMarkdownName(entry.name)) {
        files.push({ path: child, text: await readFile(path.join(root, child), 'utf8') });
      }
    }
  }
  await walk('');
  return files;
}
