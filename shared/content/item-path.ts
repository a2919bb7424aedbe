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
 * A collection may have several patterns (an array, an addition): an item is a file of any of
 * them, and two files giving one slug are refused by name (item-files.ts), never one hidden.
 *
 * Fixed folders belong in `directory`. The pattern never leaves the directory: exactly one
 * `{slug}`, relative, no `.`/`..`/empty segments, no `\`, and a markdown extension.
 */
export const markdownExtensions = ['.md', '.mdx', '.markdown'] as const;
export const defaultPathPattern = '{slug}.md';
const placeholder = '{slug}';

export type ItemLayout = { kind: 'file'; extension: string } | { kind: 'bundle'; file: string };

export const extensionOf = (name: string) =>
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

export function layoutOfPattern(pattern: string): ItemLayout | undefined {
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
  /** One pattern, or several (an addition): an item may be a file of any of them. */
  path?: string | readonly string[];
  /**
   * One locale of a translated collection (i18n/locale-view.ts): the suffix every file of it has
   * before its extension (`.fr`: `{slug}.fr.md`, `{slug}/index.fr.md`, Hugo's way). The patterns
   * stay the config's; the layouts carry the suffix.
   */
  localeSuffix?: string;
  /**
   * One locale of a translated collection: whether an entry directly in `directory` (a name) is
   * another locale's (its folder, its suffixed file), hence never an item here nor a file to report.
   */
  foreign?: (name: string) => boolean;
}

/** The collection's patterns, in order: the first is where new items go. */
export const patternsOf = (collection: PathPatterned): readonly string[] =>
  collection.path === undefined
    ? [defaultPathPattern]
    : typeof collection.path === 'string'
      ? [collection.path]
      : collection.path;

/** The first pattern: where a new item goes unless its creator names another. */
export const patternOf = (collection: PathPatterned): string => patternsOf(collection)[0]!;

/** The layout of one of the collection's patterns, with its locale's suffix when it has one. */
function layoutIn(collection: PathPatterned, pattern: string): ItemLayout {
  const layout = layoutOfPattern(pattern) ?? { kind: 'file', extension: '.md' };
  const suffix = collection.localeSuffix;
  if (suffix === undefined) return layout;
  if (layout.kind === 'file') return { kind: 'file', extension: `${suffix}${layout.extension}` };
  const extension = extensionOf(layout.file)!;
  return {
    kind: 'bundle',
    file: `${layout.file.slice(0, -extension.length)}${suffix}${extension}`,
  };
}

/** The layouts of a collection whose config has been validated, in the order of its patterns. */
export function layoutsOf(collection: PathPatterned): ItemLayout[] {
  return patternsOf(collection).map((pattern) => layoutIn(collection, pattern));
}

/** The patterns as files are named: the config's, with a locale's suffix (`{slug}.fr.md`). */
export const filePatternsOf = (collection: PathPatterned): string[] =>
  layoutsOf(collection).map((layout) =>
    layout.kind === 'file' ? `${placeholder}${layout.extension}` : `${placeholder}/${layout.file}`,
  );

/** How deep the collection's tree must be read to list it: two levels when any layout is a bundle. */
export const treeDepthOf = (collection: PathPatterned): 1 | 2 =>
  layoutsOf(collection).some((layout) => layout.kind === 'bundle') ? 2 : 1;

const pathIn = (directory: string, name: string, layout: ItemLayout) =>
  layout.kind === 'file'
    ? `${directory}/${name}${layout.extension}`
    : `${directory}/${name}/${layout.file}`;

/**
 * The file of an item under `pattern` (one of the collection's; the first when absent): the slug
 * (strict or encoded) is checked, so the path stays in its place.
 */
export function itemPath(collection: PathPatterned, slug: string, pattern?: string): string {
  assertItemSlug(slug);
  const layout = layoutIn(collection, pattern ?? patternOf(collection));
  return pathIn(collection.directory, nameOfSlug(slug)!, layout);
}

/** Every file the item may be, one per pattern, in the order of the patterns. */
export function itemPaths(collection: PathPatterned, slug: string): string[] {
  assertItemSlug(slug);
  const name = nameOfSlug(slug)!;
  return layoutsOf(collection).map((layout) => pathIn(collection.directory, name, layout));
}

/** The pattern `path` is an item file of, when it is one; otherwise undefined. */
export function patternOfPath(collection: PathPatterned, path: string): string | undefined {
  const prefix = `${collection.directory}/`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  if (collection.foreign?.(rest.split('/')[0]!)) return undefined;
  return patternsOf(collection).find((pattern) => {
    const name = nameIn(rest, layoutIn(collection, pattern));
    return name !== undefined && 'slug' in slugOfName(name);
  });
}

function nameIn(rest: string, layout: ItemLayout | undefined): string | undefined {
  if (!layout) return undefined;
  if (layout.kind === 'file')
    return !rest.includes('/') && rest.endsWith(layout.extension)
      ? rest.slice(0, -layout.extension.length)
      : undefined;
  if (!rest.endsWith(`/${layout.file}`)) return undefined;
  const name = rest.slice(0, -layout.file.length - 1);
  return name.includes('/') ? undefined : name;
}

/** The slug of `path` when it is the file of an item of the collection (under any of its patterns); otherwise undefined. */
export function slugOfPath(collection: PathPatterned, path: string): string | undefined {
  const pattern = patternOfPath(collection, path);
  if (pattern === undefined) return undefined;
  const name = nameIn(path.slice(collection.directory.length + 1), layoutIn(collection, pattern))!;
  const served = slugOfName(name);
  return 'slug' in served ? served.slug : undefined;
}
