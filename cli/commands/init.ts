import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { cmsConfigFileName } from '../../shared/content/config-schema';
import { CliError, UsageError } from '../lib/errors';
import type { DetectedLocales, InferredSite } from '../lib/init/infer-config';
import type { Io } from '../lib/io';
import { inferSite } from '../lib/init/infer-site';
import { table } from '../lib/table';

/**
 * `cms init [dir]`: writes a cms.config.json for an existing site, inferred from its markdown
 * files read the way its generator reads them (generators.ts), and says what it inferred, what it
 * left out and what it was unsure of. Works offline on the working tree; in a git working tree
 * only the files git tracks count (site-files.ts).
 */
export const initCommand = (io: Io) =>
  new Command('init')
    .description(
      'Write a cms.config.json for the site in DIR (default: the current directory), inferred from its markdown files',
    )
    .argument('[dir]', "the site's working tree", '.')
    .option('--force', `replace an existing ${cmsConfigFileName}`)
    .option(
      '--dry-run',
      `print the ${cmsConfigFileName} it would write (the summary goes to stderr) and write nothing`,
    )
    .option(
      '--include <glob...>',
      'also consider markdown matching these globs (from DIR), even READMEs, fixtures or files outside the content folders',
    )
    .option('--exclude <glob...>', 'leave out markdown matching these globs (from DIR)')
    .option(
      '--no-i18n',
      "ignore the languages the generator's configuration names: one collection per language folder, no i18n",
    )
    .action(async (dir: string, options: InitOptions) => {
      const root = path.resolve(dir);
      if (!(await stat(root).catch(() => undefined))?.isDirectory())
        throw new UsageError(`${dir} is not a directory`);
      const target = path.join(root, cmsConfigFileName);
      if (!options.dryRun && !options.force && existsSync(target))
        throw new CliError(
          `${cmsConfigFileName} already exists in ${dir}; pass --force to replace it, or --dry-run to see the proposal`,
        );
      const site = await inferSite(root, options);
      if (site.collections.length === 0) throw new CliError(nothingFound(dir, site, site.tracked));
      const json = `${JSON.stringify(site.config, null, 2)}\n`;
      if (options.dryRun) {
        io.stdout.write(json);
        io.stderr.write(summary(site));
        return;
      }
      await writeFile(target, json);
      io.stdout.write(
        `${summary(site)}\nWrote ${path.join(dir, cmsConfigFileName)}. Review it, commit it, then run: cms dev ${dir}\n`,
      );
    });

interface InitOptions {
  force?: boolean;
  dryRun?: boolean;
  include?: string[];
  exclude?: string[];
  i18n: boolean;
}

/** At most this many paths are named per line of the summary; the rest are counted. */
const namedPaths = 3;

const someOf = (paths: readonly string[]) =>
  paths.length <= namedPaths
    ? paths.join(', ')
    : `${paths.slice(0, namedPaths).join(', ')} and ${paths.length - namedPaths} more`;

function leftOutLines(site: InferredSite): string[] {
  return site.leftOut.map(({ reason, paths }) => `${paths.length} ${reason}: ${someOf(paths)}`);
}

function nothingFound(dir: string, site: InferredSite, tracked: boolean): string {
  const read = `${site.generator ? `Read as ${site.generator.label}` : 'Read'}${tracked ? ', files git tracks only' : ''}`;
  const lines = leftOutLines(site);
  if (lines.length === 0)
    return `No markdown files found in the folders of ${dir} (${read}; markdown at the site root belongs to no collection)`;
  return [
    `No collection to propose for ${dir} (${read}). Markdown left out:`,
    ...lines.map((line) => `  ${line}`),
    'Pass --include <glob> to consider some of it anyway, e.g. --include "docs/**".',
  ].join('\n');
}

function summary(site: InferredSite): string {
  const rows = site.collections.map((collection) => [
    collection.name,
    `${collection.directory}/${[collection.path ?? '{slug}.md'].flat().join(',')}`,
    collection.translations
      ? `${collection.files - collection.translations} + ${collection.translations} translations`
      : String(collection.files),
    `${collection.fields} (${collection.required} required)`,
  ]);
  const parts = [
    `${site.collections.length} collection${site.collections.length === 1 ? '' : 's'}`,
    // The generator's evidence, when one was found: a plain folder of markdown says nothing more.
    site.generator?.evidence
      ? ` (read as ${site.generator.label}: ${site.generator.evidence})`
      : '',
    ':\n',
    table(['COLLECTION', 'FILES AT', 'FILES', 'FIELDS'], rows),
  ];
  if (site.locales) parts.push(`\n${localesLine(site.locales, site.collections)}`);
  if (site.sectionPages.length > 0)
    parts.push(
      `\n${site.sectionPages.length} section page${site.sectionPages.length === 1 ? '' : 's'} (${site.generator?.label ?? 'the generator'}'s _index.md) served by their folder's collection, not required to have the posts' fields: ${someOf(site.sectionPages)}\n`,
    );
  const leftOut = leftOutLines(site);
  if (leftOut.length > 0)
    parts.push(
      '\nLeft out (pass --include <glob> to consider any of it):\n',
      ...leftOut.map((line) => `  ${line}\n`),
    );
  if (site.notes.length === 0) return `${parts.join('')}\nNothing to be unsure of.\n`;
  parts.push(`\nUnsure of ${site.notes.length} thing${site.notes.length === 1 ? '' : 's'}:\n`);
  const headings: Record<InferredSite['notes'][number]['kind'], string> = {
    'mixed-types': 'Fields with mixed types',
    rare: 'Fields in few files (not required)',
    'left-out': 'Keys left out',
    unparsed: 'Files whose frontmatter could not be read',
    skipped: 'Markdown files no collection serves',
    overlap: 'Files two collections serve',
    locales: 'Locales',
  };
  for (const [kind, heading] of Object.entries(headings)) {
    const notes = site.notes.filter((note) => note.kind === kind);
    if (notes.length === 0) continue;
    parts.push(`  ${heading}:\n`, ...grouped(notes).map((line) => `    ${line}\n`));
  }
  return parts.join('');
}

/** `17 locales detected (en, de, …) from docs/astro.config.mjs`, and which collections are translated. */
function localesLine(locales: DetectedLocales, collections: InferredSite['collections']): string {
  const translated = collections.filter((collection) => collection.i18n).length;
  const folders =
    locales.fromFolders.length > 0
      ? ` and locale folders it does not name (${locales.fromFolders.join(', ')}; add them to it or remove the folders)`
      : '';
  return [
    `${locales.locales.length} locales detected (${locales.locales.join(', ')}) from ${locales.evidence}${folders}; default ${locales.default}.`,
    `${translated} of ${collections.length} collection${collections.length === 1 ? '' : 's'} translated (i18n): an item is listed once, with its translations.\n`,
  ].join('\n');
}

/** Field notes saying the same of the same key in several collections are one line: `params (in 3 collections: a, b, c): …`. */
function grouped(notes: InferredSite['notes']): string[] {
  const lines = new Map<string, { subject: string; message: string; collections: string[] }>();
  for (const note of notes) {
    const dot = ['unparsed', 'skipped', 'overlap', 'locales'].includes(note.kind)
      ? -1
      : note.where.indexOf('.');
    const [collection, subject] =
      dot === -1 ? [note.where, note.where] : [note.where.slice(0, dot), note.where.slice(dot + 1)];
    const key = dot === -1 ? `${note.where}\n${note.message}` : `${subject}\n${note.message}`;
    const line = lines.get(key) ?? { subject, message: note.message, collections: [] };
    line.collections.push(collection);
    lines.set(key, line);
  }
  return [...lines.values()].map(({ subject, message, collections }) => {
    if (collections[0] === subject) return `${subject}: ${message}`;
    const named =
      collections.length > 5 ? `${collections.slice(0, 5).join(', ')}, …` : collections.join(', ');
    return collections.length === 1
      ? `${collections[0]}.${subject}: ${message}`
      : `${subject} (in ${collections.length} collections: ${named}): ${message}`;
  });
}
