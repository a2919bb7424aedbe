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
