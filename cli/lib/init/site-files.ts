import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { minimatch } from 'minimatch';
import type { Generator, ReadText } from './generators';
import { isMarkdownName, skippedRootFolders, type SiteFile } from './site-scan';

/**
 * The files `cms init` looks at. In a git working tree, the files git tracks (what the service
 * will see on GitHub: build output a site's own .gitignore names is left out by git, and a
 * tracked `public/` holding posts is content); elsewhere every file under the folder but build
 * output, node_modules and hidden folders.
 */
export interface SiteListing {
  /** Every file's path from the site root, POSIX separators, in byte order. */
  paths: string[];
  /** True when the list is git's (tracked files only). */
  tracked: boolean;
  read: ReadText;
}

const run = promisify(execFile);

export async function listSite(root: string): Promise<SiteListing> {
  const read: ReadText = (file) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const tracked = await run('git', ['ls-files', '-z', '--cached', '--', '.'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  }).then(
    ({ stdout }) => stdout.split('\0').filter(Boolean),
    () => undefined,
  );
  if (tracked) return { paths: [...new Set(tracked)].sort(byBytes), tracked: true, read };
  const paths: string[] = [];
  async function walk(relative: string): Promise<void> {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const skipped =
          entry.name.startsWith('.') ||
          entry.name === 'node_modules' ||
          (relative === '' && skippedRootFolders.has(entry.name));
        if (!skipped) await walk(child);
      } else if (entry.isFile()) paths.push(child);
    }
  }
  await walk('');
  return { paths: paths.sort(byBytes), tracked: false, read };
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Markdown that documents the repository rather than the site: a README in any case, and the
 * conventional upper-case files (CHANGELOG.md, CONTRIBUTING.md, LICENSE.md…). A site's own
 * lower-case pages of the same names (Jekyll's docs/_docs/history.md) are content.
 */
const repositoryFiles =
  /^(?:[Rr][Ee][Aa][Dd][Mm][Ee]|CHANGELOG|CHANGES|HISTORY|CONTRIBUTING|CODE_OF_CONDUCT|CODE-OF-CONDUCT|LICEN[CS]E|COPYING|SECURITY|SUPPORT|AUTHORS|MAINTAINERS|NOTICE|GOVERNANCE|PULL_REQUEST_TEMPLATE|ISSUE_TEMPLATE)(?:\.[^/]*)?$/;
/** Folders that hold tests, fixtures or vendored code, never a site's content. */
const nonContentFolders = new Set([
  'node_modules',
  'vendor',
  'fixtures',
  '__fixtures__',
  'test',
  'tests',
  '__tests__',
  'spec',
  'specs',
  'e2e',
]);

export interface Selection {
  files: SiteFile[];
  /** Markdown left out, each with why, in path order. */
  skipped: { path: string; reason: string }[];
}

export interface SelectOptions {
  /** Globs (from the site root) of markdown to consider even where the rules above leave it out. */
  include?: readonly string[];
  /** Globs of markdown to leave out. */
  exclude?: readonly string[];
}

const inFolder = (file: string, folder: string) => folder !== '' && file.startsWith(`${folder}/`);

/** Why `file` is not content of this site, or undefined when it is. */
function reasonToSkip(file: string, generator: Generator): string | undefined {
  const segments = file.split('/');
  const name = segments.at(-1)!;
  const folders = segments.slice(0, -1);
  if (repositoryFiles.test(name)) return 'documents the repository (README, changelog, licence…)';
  if (folders.some((folder) => folder.startsWith('.')))
    return 'in a hidden folder (.github, .changeset…)';
  const nonContent = folders.find((folder) => nonContentFolders.has(folder));
  if (nonContent) return `in a ${nonContent} folder (tests, fixtures or vendored code)`;
  const template = generator.templateFolders.find((folder) => inFolder(file, folder));
  if (template) return `a template for new items (${template}/)`;
  const ignored = generator.ignoredFolders.find((folder) => inFolder(file, folder));
  if (ignored) return `in ${ignored}/, which ${generator.label} does not read as content`;
  if (
    generator.contentRoots.length > 0 &&
    !generator.contentRoots.some((root) => inFolder(file, root))
  )
    return `outside ${generator.label}'s content folders (${generator.contentRoots.join(', ')})`;
  return undefined;
}

/** The site's markdown that collections are proposed from, and what was left out and why. */
export function selectMarkdown(
  listing: SiteListing,
  generator: Generator,
  options: SelectOptions = {},
): Selection {
  const matches = (file: string, globs: readonly string[] | undefined) =>
    (globs ?? []).some((glob) => minimatch(file, glob, { dot: true }));
  const files: SiteFile[] = [];
  const skipped: Selection['skipped'] = [];
  for (const file of listing.paths) {
    if (!isMarkdownName(file.slice(file.lastIndexOf('/') + 1))) continue;
    if (matches(file, options.exclude)) {
      skipped.push({ path: file, reason: 'matched --exclude' });
      continue;
    }
    const reason = matches(file, options.include) ? undefined : reasonToSkip(file, generator);
    if (reason) {
      skipped.push({ path: file, reason });
      continue;
    }
    const text = listing.read(file);
    if (text === undefined) skipped.push({ path: file, reason: 'could not be read' });
    else files.push({ path: file, text });
  }
  return { files, skipped };
}
