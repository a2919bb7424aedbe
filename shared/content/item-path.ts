import type { TreeEntry } from '../ports/git-host';
import type { SkippedFile } from './schemas';
import { assertItemSlug, nameOfSlug, slugOfName } from './slug-encoding';

/**
 * Where the items of a collection live inside its `directory`: the collection's `path` pattern.
 *
 * - `{slug}.md` (the default, the spec's layout), `{slug}.mdx`, `{slug}.markdown`: one file per item,
 *   directly in the directory; the slug is the file name without the extension.
 * - `{slug}/index.md`, `{slug}/_index.md`, `{slug}/index.mdx`…: page bundles; one folder per item
 *   holding that file (images and other files of the bundle stay beside it); the slug is the
 *   folder name.
 *
 * Fixed folders belong in `directory`. The pattern never leaves the directory: exactly one
 * `{slug}`, relative, no `.`/`..`/empty segments, no `\`, and a markdown extension.
 */
export const markdownExtensions = ['.md', '.mdx', '.markdown'] as const;
export const defaultPathPattern = '{slug}.md';
const placeholder = '{slug}';

export type ItemLayout = { kind: 'file'; extension: string } | { kind: 'bundle'; file: string };

const extensionOf = (name: string) =>
  markdownExtensions.find(
    (extension) => name.endsWith(extension) && name.length > extension.length,
  );

/** Why `pattern` is not an acceptable `path`, or undefined when it is. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (pattern === '') return 'must not be empty';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(pattern)) return 'must not contain control characters';
  if (pattern.includes('\\')) return 'must use "/" as separator, not "\\"';
  if (pattern.startsWith('/'))
    return 'must be relative to the collection directory (no leading "/")';
  const segments = pattern.split('/');
  if (segments.includes('')) return 'must not contain empty segments ("//")';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'must not contain "." or ".." segments: items stay inside the collection directory';
  if (pattern.split(placeholder).length !== 2) return `must contain "${placeholder}" exactly once`;
  if (/[{}]/.test(pattern.replace(placeholder, '')))
    return `may hold no placeholder but "${placeholder}"`;
  if (!extensionOf(segments[segments.length - 1]!))
    return `must end with ${markdownExtensions.join(', ')}`;
  if (layoutOfPattern(pattern) === undefined) {
    return `must be "${placeholder}<extension>" or "${placeholder}/<file name><extension>" (e.g. "{slug}.mdx", "{slug}/index.md"); put fixed folders in "directory"`;
  }
  return undefined;
}

function layoutOfPattern(pattern: string): ItemLayout | undefined {
  const segments = pattern.split('/');
  const [first = '', second] = segments;
  if (segments.length === 1) {
    const extension = extensionOf(first);
    return extension && first === `${placeholder}${extension}`
      ? { kind: 'file', extension }
      : undefined;
  }
  if (
    segments.length === 2 &&
    first === placeholder &&
    second &&
    !second.startsWith('.') &&
    extensionOf(second)
  )
    return { kind: 'bundle', file: second };
  return undefined;
}

export interface PathPatterned {
  directory: string;
  path?: string;
}

export const patternOf = (collection: PathPatterned): string =>
  collection.path ?? defaultPathPattern;

/** The layout of a collection whose config has been validated. */
export function layoutOf(collection: PathPatterned): ItemLayout {
  return layoutOfPattern(patternOf(collection)) ?? { kind: 'file', extension: '.md' };
}

/** How deep the collection's tree must be read to list it. */
export const treeDepthOf = (collection: PathPatterned): 1 | 2 =>
  layoutOf(collection).kind === 'bundle' ? 2 : 1;

/** The file of an item: the slug (strict or encoded) is checked, so the path stays in its place. */
export function itemPath(collection: PathPatterned, slug: string): string {
  assertItemSlug(slug);
  const name = nameOfSlug(slug)!;
  const layout = layoutOf(collection);
  return layout.kind === 'file'
    ? `${collection.directory}/${name}${layout.extension}`
    : `${collection.directory}/${name}/${layout.file}`;
}

/** The slug of `path` when it is the file of an item of the collection; otherwise undefined. */
export function slugOfPath(collection: PathPatterned, path: string): string | undefined {
  const prefix = `${collection.directory}/`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  const layout = layoutOf(collection);
  let name: string | undefined;
  if (layout.kind === 'file') {
    if (!rest.includes('/') && rest.endsWith(layout.extension))
      name = rest.slice(0, -layout.extension.length);
  } else if (rest.endsWith(`/${layout.file}`)) {
    name = rest.slice(0, -layout.file.length - 1);
    if (name.includes('/')) name = undefined;
  }
  if (name === undefined) return undefined;
  const served = slugOfName(name);
  return 'slug' in served ? served.slug : undefined;
}

export interface ListedFile {
  slug: string;
  path: string;
  sha: string;
  symlink: boolean;
}

/**
 * The items of a collection from its directory's tree (two levels deep for page bundles), and
 * every entry it cannot serve with the reason: a file is never hidden without saying so.
 */
export function listFiles(
  collection: PathPatterned,
  entries: readonly TreeEntry[],
): { files: ListedFile[]; skipped: SkippedFile[] } {
  const layout = layoutOf(collection);
  const pattern = patternOf(collection);
  const files: ListedFile[] = [];
  const skipped: SkippedFile[] = [];
  const skip = (entry: TreeEntry, reason: SkippedFile['reason'], message: string) =>
    skipped.push({ path: `${collection.directory}/${entry.name}`, reason, message });
  for (const entry of entries) {
    if (entry.type === 'commit') {
      skip(entry, 'submodule', 'a git submodule, not a file');
      continue;
    }
    let name: string | undefined;
    let file: { path: string; sha: string; symlink: boolean } | undefined;
    if (layout.kind === 'file') {
      if (entry.type === 'tree') {
        skip(
          entry,
          'subfolder',
          `a folder; this collection's items are "${pattern}" files directly in ${collection.directory} (a "path" such as "{slug}/index.md" serves page bundles)`,
        );
        continue;
      }
      if (!entry.name.endsWith(layout.extension)) {
        const other = extensionOf(entry.name);
        if (other)
          skip(
            entry,
            'other-extension',
            `a ${other} file; this collection serves "${pattern}" (set its "path" to "{slug}${other}" to serve these)`,
          );
        else skip(entry, 'not-markdown', `not a markdown file (${markdownExtensions.join(', ')})`);
        continue;
      }
      name = entry.name.slice(0, -layout.extension.length);
      file = {
        path: `${collection.directory}/${entry.name}`,
        sha: entry.oid,
        symlink: entry.symlink === true,
      };
    } else {
      const inside =
        entry.type === 'tree'
          ? entry.entries?.find((child) => child.name === layout.file && child.type === 'blob')
          : undefined;
      if (!inside) {
        skip(
          entry,
          'not-a-bundle',
          entry.type === 'tree'
            ? `a folder without ${layout.file}; this collection's items are "${pattern}"`
            : `a file directly in ${collection.directory}; this collection's items are "${pattern}"`,
        );
        continue;
      }
      name = entry.name;
      file = {
        path: `${collection.directory}/${entry.name}/${layout.file}`,
        sha: inside.oid,
        symlink: inside.symlink === true,
      };
    }
    const served = slugOfName(name);
    if ('slug' in served) files.push({ slug: served.slug, ...file });
    else skip(entry, served.problem, served.message);
  }
  return { files, skipped };
}
