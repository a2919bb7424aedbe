import { reservedNames } from '../../../shared/content/collection-name';
import { markdownExtensions } from '../../../shared/content/item-path';
import { slugOfName } from '../../../shared/content/slug-encoding';

/** A collection proposed for a directory: its items, and the markdown files it would not serve. */
export interface ProposedCollection {
  name: string;
  label: string;
  directory: string;
  /** Absent for the default `{slug}.md`; a list when the directory mixes layouts, the most used first. */
  path?: string | string[];
  /** Paths of the files it serves, from the site root. */
  items: string[];
  skipped: { path: string; reason: string }[];
}

const extensionOf = (name: string) =>
  markdownExtensions.find(
    (extension) => name.endsWith(extension) && name.length > extension.length,
  );
const bundleFiles = new Set(markdownExtensions.map((extension) => `index${extension}`));

const dirname = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');
const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);

interface Layout {
  pattern: string;
  /** Item path → its name (the file name without extension, or the bundle's folder). */
  items: Map<string, string>;
}

/**
 * One collection per directory holding markdown files. A folder holding `index.md` (or
 * `index.mdx`…) is a page bundle of its parent, as the service lists it for `{slug}/index.md`.
 * A directory mixing layouts (`{slug}.md` posts beside `{slug}/index.md` bundles, `.md` beside
 * `.mdx`) is one collection of every layout it holds, the most used first (`{slug}.md` wins a tie):
 * new items take that one. Two files giving one slug are listed as skipped, as the service lists
 * them. Markdown at the site root belongs to no collection.
 */
export function proposeCollections(paths: readonly string[]): {
  collections: ProposedCollection[];
  rootFiles: string[];
} {
  const byDirectory = new Map<string, string[]>();
  for (const file of paths)
    byDirectory.set(dirname(file), [...(byDirectory.get(dirname(file)) ?? []), file]);
  // Bundles decide a layout when their folder holds no other markdown (a `docs/_docs/index.md`
  // among 30 pages is no bundle of `docs`); once a bundle layout is chosen, its items are every
  // folder holding the file, as the service lists them, and such a folder with more markdown in
  // it stays a collection of its own too.
  const bundlesOf = new Map<string, string[]>();
  const allBundlesOf = new Map<string, string[]>();
  for (const [directory, files] of byDirectory) {
    const parent = dirname(directory);
    if (directory === '' || parent === '') continue;
    for (const file of files.filter((name) => bundleFiles.has(basename(name)))) {
      allBundlesOf.set(parent, [...(allBundlesOf.get(parent) ?? []), file]);
      if (files.length === 1) bundlesOf.set(parent, [...(bundlesOf.get(parent) ?? []), file]);
    }
  }
  const consumed = new Set<string>();
  const drafts: Omit<ProposedCollection, 'name' | 'label'>[] = [];
  const directories = [...new Set([...byDirectory.keys(), ...bundlesOf.keys()])]
    .filter((directory) => directory !== '')
    .sort();
  for (const directory of directories) {
    const layouts = layoutsOf(
      directory,
      byDirectory.get(directory) ?? [],
      bundlesOf.get(directory) ?? [],
    )
      .map((layout) => {
        if (!layout.pattern.includes('/')) return layout;
        // A bundle layout serves every folder holding its file, as the service lists them.
        const file = layout.pattern.slice('{slug}/'.length);
        const bundles = (allBundlesOf.get(directory) ?? []).filter(
          (path) => basename(path) === file,
        );
        for (const path of bundles)
          if (byDirectory.get(dirname(path))?.length === 1) consumed.add(dirname(path));
        return layoutsOf(directory, [], bundles)[0]!;
      })
      // Stable: `{slug}.md` stays first on a tie (layoutsOf puts it first).
      .sort((a, b) => b.items.size - a.items.size);
    const byName = new Map<string, string[]>();
    for (const layout of layouts)
      for (const [file, name] of layout.items)
        byName.set(name, [...(byName.get(name) ?? []), file]);
    const skipped: ProposedCollection['skipped'] = [];
    const items: string[] = [];
    for (const [name, files] of byName) {
      const served = slugOfName(name);
      if (files.length > 1)
        for (const file of files)
          skipped.push({
            path: file,
            reason: `${files.join(' and ')} both give the slug of "${name}"; rename or delete all but one`,
          });
      else if ('slug' in served) items.push(files[0]!);
      else skipped.push({ path: files[0]!, reason: served.message });
    }
    const patterns = layouts.map((layout) => layout.pattern);
    drafts.push({
      directory,
      ...(patterns.length > 1
        ? { path: patterns }
        : patterns[0] === '{slug}.md'
          ? {}
          : { path: patterns[0]! }),
      items,
      skipped,
    });
  }
  const kept = drafts.filter((draft) => !consumed.has(draft.directory));
  const keptDirectories = kept.map((draft) => draft.directory);
  const names = uniqueNames(keptDirectories);
  const labels = uniqueLabels(keptDirectories);
  return {
    collections: kept.map((draft, index) => ({
      name: names[index]!,
      ...draft,
      label: labels[index]!,
    })),
    rootFiles: byDirectory.get('') ?? [],
  };
}

/**
 * Labels a person tells apart: the last folder's words ("Docs"), and where two collections would
 * read the same, the folders that differ in brackets ("Docs (ja)", "Docs (zh-cn)").
 */
function uniqueLabels(directories: readonly string[]): string[] {
  const base = directories.map(labelOf);
  return directories.map((directory, index) => {
    const clashes = directories.filter((_, other) => base[other] === base[index]);
    if (clashes.length === 1) return base[index]!;
    const own = directory.split('/').slice(0, -1);
    const others = clashes.filter((other) => other !== directory).map((o) => o.split('/'));
    // The parent folders from the first one that differs from every other clashing collection's.
    const from = own.findIndex((segment, at) => others.every((other) => other[at] !== segment));
    const qualifier = (from === -1 ? own.slice(-1) : own.slice(from)).join('/');
    return qualifier ? `${base[index]} (${qualifier})` : base[index]!;
  });
}

function layoutsOf(
  directory: string,
  files: readonly string[],
  bundles: readonly string[],
): Layout[] {
  const layouts = new Map<string, Layout>();
  const add = (pattern: string, file: string, name: string) => {
    const layout = layouts.get(pattern) ?? { pattern, items: new Map() };
    layout.items.set(file, name);
    layouts.set(pattern, layout);
  };
  for (const file of files) {
    const extension = extensionOf(basename(file))!;
    add(`{slug}${extension}`, file, basename(file).slice(0, -extension.length));
  }
  for (const file of bundles) add(`{slug}/${basename(file)}`, file, basename(dirname(file)));
  // `{slug}.md` first, so that it wins a tie.
  return [...layouts.values()].sort((a, b) =>
    a.pattern === '{slug}.md'
      ? -1
      : b.pattern === '{slug}.md'
        ? 1
        : a.pattern.localeCompare(b.pattern),
  );
}

const segmentsOf = (directory: string) =>
  directory.split('/').map((segment) => segment.replace(/^[_.]+/, ''));

/** `docs/_docs` → "Docs", `content/en/getting-started` → "Getting started". */
function labelOf(directory: string): string {
  const words = segmentsOf(directory).at(-1)!.replace(/[-_]+/g, ' ').trim() || directory;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function sanitise(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64)
    .replace(/[-_]+$/, '');
  if (name === '') return 'collection';
  return reservedNames.has(name) ? `${name}-items` : name;
}

/**
 * A collection name per directory: its last folder (`_docs` → `docs`), with as many parent folders
 * in front as it takes to tell it from the others (`functions-strings`), a number as the last resort.
 */
function uniqueNames(directories: readonly string[]): string[] {
  const depth = directories.map(() => 1);
  const nameAt = (index: number) =>
    sanitise(segmentsOf(directories[index]!).slice(-depth[index]!).join('-'));
  for (;;) {
    const names = directories.map((_, index) => nameAt(index));
    const clashing = names.map(
      (name, index) => names.indexOf(name) !== index || names.lastIndexOf(name) !== index,
    );
    let deepened = false;
    clashing.forEach((clash, index) => {
      if (clash && depth[index]! < segmentsOf(directories[index]!).length) {
        depth[index]! += 1;
        deepened = true;
      }
    });
    if (!deepened) break;
  }
  const taken = new Set<string>();
  return directories.map((_, index) => {
    const base = nameAt(index);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 60)}-${n}`;
    taken.add(name);
    return name;
  });
}
