import type { CmsConfig, CollectionConfig, MediaConfig } from '../content/config-schema';
import { checkObject } from '../content/field-check';
import { readMarkdown, serializeMarkdown, FrontmatterError } from '../content/frontmatter';
import { markdownExtensions } from '../content/item-path';
import { listFiles, type ListedFile } from '../content/item-listing';
import { slugProblem } from '../content/slug';
import { isEncodedSlug } from '../content/slug-encoding';
import { mediaDirectories, mediaOf } from '../media/media-config';
import type { SkippedFile } from '../content/schemas';
import type { CheckProblem, CheckReport } from './check-problem';
import { lineOfField } from './field-lines';
import { referenceProblems, type ValueProblem } from './field-references';
import { treeOf } from './site-tree';
import { localesOf } from '../content/i18n/locale-collection';
import { localeViewsOf } from '../content/i18n/locale-view';

export interface CheckSiteOptions {
  config: CmsConfig;
  /** Every file of the repository (the working tree's tracked files, or a commit's tree). */
  paths: readonly string[];
  /** A file's text; undefined when it cannot be read (deleted in the working tree). */
  read: (path: string) => string | undefined;
  /** Check only these files (a pull request's or `--since`'s changes); every file otherwise. */
  only?: ReadonlySet<string>;
}

const isMarkdown = (path: string) => markdownExtensions.some((ext) => path.endsWith(ext));

interface Served {
  collection: string;
  /** The collection as it serves this file: its locale's view when it is translated. */
  view: CollectionConfig;
  file: ListedFile;
}

/**
 * Every item of every collection, by the rule the service lists a collection with (every layout
 * of its `path`, in every locale of a translated collection); what a collection leaves out, with
 * the reason, by path.
 */
function serveAll(config: CmsConfig, paths: readonly string[]) {
  const served: Served[] = [];
  const skipped = new Map<string, SkippedFile>();
  for (const [name, collection] of Object.entries(config.collections)) {
    const i18n = localesOf(config, collection);
    const views = i18n ? localeViewsOf(collection, i18n).map(({ view }) => view) : [collection];
    for (const view of views) {
      const listed = listFiles(view, treeOf(paths, view.directory));
      for (const file of listed.files) served.push({ collection: name, view, file });
      for (const skip of listed.skipped) skipped.set(skip.path, skip);
    }
  }
  return { served, skipped };
}

/**
 * Checks a site's items against its `cms.config.json` by the service's own rules: the
 * frontmatter parses within the limits and writes back byte for byte, every field fits its
 * definition at every depth (all problems, not the first), relations name items that exist,
 * media addresses stand for files that exist, file names are slugs and no slug is served twice.
 * Markdown in a collection's directory that the collection does not serve is a warning.
 */
export function checkSite(options: CheckSiteOptions): CheckReport {
  const { config, paths, read, only } = options;
  const wanted = (path: string) => only === undefined || only.has(path);
  const files = new Set(paths);
  const { served, skipped } = serveAll(config, paths);
  const slugs = new Map<string, Set<string>>();
  for (const { collection, file } of served) {
    const known = slugs.get(collection) ?? new Set<string>();
    known.add(file.slug);
    slugs.set(collection, known);
  }
  const problems: CheckProblem[] = [];
  const servedPaths = new Set(served.map(({ file }) => file.path));
  let checked = 0;
  for (const { collection: name, view, file } of served) {
    if (!wanted(file.path)) continue;
    const text = read(file.path);
    if (text === undefined) continue;
    checked += 1;
    const collection = config.collections[name]!;
    problems.push(...nameProblems(file, view));
    const media = [mediaOf(config, name), ...mediaDirectories(config)].filter(
      (dir, index, all): dir is MediaConfig => dir !== undefined && all.indexOf(dir) === index,
    );
    problems.push(
      ...itemProblems({ path: file.path, text, collection, context: { slugs, media, files } }),
    );
  }
  // Two files giving one slug (`a.md` and `a/index.md`): the service serves neither until one goes.
  for (const skip of skipped.values()) {
    if (skip.reason !== 'duplicate-slug' || !wanted(skip.path)) continue;
    checked += 1;
    problems.push({
      path: skip.path,
      severity: 'error',
      rule: 'duplicate-slug',
      message: skip.message,
    });
  }
  for (const path of paths) {
    if (!isMarkdown(path) || servedPaths.has(path) || !wanted(path)) continue;
    if (skipped.get(path)?.reason === 'duplicate-slug') continue;
    const reason = unservedReason(path, skipped);
    if (reason === undefined) continue;
    checked += 1;
    problems.push({
      path,
      severity: 'warning',
      rule: 'unserved',
      message: `no collection serves this file: ${reason}`,
    });
  }
  return { checked, problems };
}

/** Why a markdown file inside a collection's directory is not one of its items; undefined outside every collection. */
function unservedReason(
  path: string,
  skipped: ReadonlyMap<string, SkippedFile>,
): string | undefined {
  const segments = path.split('/');
  for (let end = segments.length; end > 0; end -= 1) {
    const reason = skipped.get(segments.slice(0, end).join('/'))?.message;
    if (reason !== undefined) return `${segments.slice(0, end).join('/')} is ${reason}`;
  }
  return undefined;
}

function nameProblems(file: ListedFile, collection: CollectionConfig): CheckProblem[] {
  if (!isEncodedSlug(file.slug)) return [];
  const name = file.path.slice(collection.directory.length + 1).split('/')[0]!;
  const stem = name.replace(/\.[^.]*$/, '');
  const plain = file.path.endsWith(`/${name}`) ? stem : name;
  // Hugo's and Zola's section page: the generator needs the name, so there is nothing to rename.
  if (plain === '_index') return [];
  return [
    {
      path: file.path,
      severity: 'warning',
      rule: 'slug',
      message: `"${plain}" is not a slug (it ${slugProblem(plain)}); the CMS serves it as "${file.slug}" and names new items otherwise`,
    },
  ];
}

interface ItemCheck {
  path: string;
  text: string;
  collection: CollectionConfig;
  context: Parameters<typeof referenceProblems>[2];
}

function itemProblems({ path, text, collection, context }: ItemCheck): CheckProblem[] {
  const read = readMarkdown(text);
  if (read.error)
    return [
      {
        path,
        ...(read.error.line ? { line: read.error.line } : {}),
        severity: 'error',
        rule: 'frontmatter',
        message: read.error.message,
      },
    ];
  const found: ValueProblem[] = checkObject(collection.fields, read.frontmatter, '', {
    all: true,
    hasOriginal: false,
  }).map((problem) => ({
    field: problem.path,
    severity: 'error',
    rule: 'field',
    message: `frontmatter.${problem.path}: ${problem.message}`,
  }));
  found.push(...referenceProblems(collection.fields, read.frontmatter, context));
  const problems: CheckProblem[] = found.map(({ field, ...problem }) => {
    const line = lineOfField(text, field);
    return { path, ...(line === undefined ? {} : { line }), ...problem };
  });
  const roundTrip = roundTripProblem(text, read.frontmatter, read.body);
  if (roundTrip) problems.push({ path, severity: 'error', rule: 'round-trip', message: roundTrip });
  return problems;
}

/** The service saves a file by writing its frontmatter back; writing back what was read must give the same bytes. */
function roundTripProblem(text: string, frontmatter: Record<string, unknown>, body: string) {
  try {
    if (serializeMarkdown(text, frontmatter, body) === text) return undefined;
    return 'frontmatter: the CMS cannot write this frontmatter back unchanged; a save would rewrite lines nobody edited';
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return `frontmatter: the CMS cannot save this file (${error.message.replace(/^frontmatter: /, '')})`;
  }
}
