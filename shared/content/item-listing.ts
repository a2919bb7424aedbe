import type { TreeEntry } from '../ports/git-host';
import type { SkippedFile } from './schemas';
import {
  extensionOf,
  layoutsOf,
  markdownExtensions,
  patternsOf,
  type ItemLayout,
  type PathPatterned,
} from './item-path';
import { slugOfName } from './slug-encoding';

export interface ListedFile {
  slug: string;
  path: string;
  sha: string;
  symlink: boolean;
}

type Candidate = ListedFile & { entry: string };

/** The message of a file whose slug another file of the collection also gives. */
export const duplicateSlugMessage = (slug: string, paths: readonly string[]): string =>
  `${paths.join(' and ')} both give the slug "${slug}"; rename or delete all but one of them (the CMS shows neither until then)`;

/**
 * The items of a collection from its directory's tree (two levels deep when a layout is a page
 * bundle), and every entry it cannot serve with the reason: a file is never hidden without saying
 * so. Two files giving one slug (`a.md` and `a/index.md`) are both left out as `duplicate-slug`,
 * each naming the other: serving one would hide the other's edits.
 */
export function listFiles(
  collection: PathPatterned,
  entries: readonly TreeEntry[],
): { files: ListedFile[]; skipped: SkippedFile[] } {
  const layouts = layoutsOf(collection);
  const fileLayouts = layouts.filter((layout) => layout.kind === 'file');
  const bundleLayouts = layouts.filter(
    (layout): layout is Extract<ItemLayout, { kind: 'bundle' }> => layout.kind === 'bundle',
  );
  const patterns = patternsOf(collection).map((pattern) => `"${pattern}"`);
  const served = patterns.join(', ');
  const candidates: Candidate[] = [];
  const skipped: SkippedFile[] = [];
  const skip = (entry: TreeEntry, reason: SkippedFile['reason'], message: string) =>
    skipped.push({ path: `${collection.directory}/${entry.name}`, reason, message });
  const add = (
    entry: TreeEntry,
    { name, inside, path }: { name: string; inside: TreeEntry; path: string },
  ) => {
    const slug = slugOfName(name);
    if ('slug' in slug)
      candidates.push({
        slug: slug.slug,
        path,
        sha: inside.oid,
        symlink: inside.symlink === true,
        entry: entry.name,
      });
    else skip(entry, slug.problem, slug.message);
  };
  for (const entry of entries) {
    // Another locale's folder or file (a translated collection's locale view): not ours to report.
    if (collection.foreign?.(entry.name)) continue;
    if (entry.type === 'commit') {
      skip(entry, 'submodule', 'a git submodule, not a file');
      continue;
    }
    if (entry.type === 'tree') {
      if (bundleLayouts.length === 0) {
        skip(
          entry,
          'subfolder',
          `a folder; this collection's items are ${served} files directly in ${collection.directory} (a "path" such as "{slug}/index.md" serves page bundles)`,
        );
        continue;
      }
      const found = bundleLayouts.filter((layout) =>
        entry.entries?.some((child) => child.name === layout.file && child.type === 'blob'),
      );
      // A bundle without this locale's file is an untranslated item, not a problem of the folder.
      if (found.length === 0 && collection.localeSuffix !== undefined) continue;
      if (found.length === 0) {
        skip(
          entry,
          'not-a-bundle',
          `a folder without ${bundleLayouts.map((layout) => layout.file).join(' or ')}; this collection's items are ${served}`,
        );
        continue;
      }
      for (const layout of found) {
        const inside = entry.entries!.find((child) => child.name === layout.file)!;
        add(entry, {
          name: entry.name,
          inside,
          path: `${collection.directory}/${entry.name}/${layout.file}`,
        });
      }
      continue;
    }
    const layout = fileLayouts.find((candidate) => entry.name.endsWith(candidate.extension));
    if (!layout || entry.name.length === layout.extension.length) {
      const other = extensionOf(entry.name);
      if (fileLayouts.length === 0)
        skip(
          entry,
          'not-a-bundle',
          `a file directly in ${collection.directory}; this collection's items are ${served}`,
        );
      else if (other)
        skip(
          entry,
          'other-extension',
          `a ${other} file; this collection serves ${served} (add "{slug}${other}" to its "path" to serve these)`,
        );
      else skip(entry, 'not-markdown', `not a markdown file (${markdownExtensions.join(', ')})`);
      continue;
    }
    add(entry, {
      name: entry.name.slice(0, -layout.extension.length),
      inside: entry,
      path: `${collection.directory}/${entry.name}`,
    });
  }
  const bySlug = new Map<string, Candidate[]>();
  for (const candidate of candidates)
    bySlug.set(candidate.slug, [...(bySlug.get(candidate.slug) ?? []), candidate]);
  const files: ListedFile[] = [];
  for (const [slug, found] of bySlug) {
    if (found.length === 1) {
      const { entry: _entry, ...file } = found[0]!;
      files.push(file);
      continue;
    }
    const paths = found.map((candidate) => candidate.path);
    for (const candidate of found)
      skipped.push({
        path: candidate.path,
        reason: 'duplicate-slug',
        message: duplicateSlugMessage(slug, paths),
      });
  }
  return { files, skipped };
}
