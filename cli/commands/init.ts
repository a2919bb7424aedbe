import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { cmsConfigFileName } from '../../shared/content/config-schema';
import { CliError, UsageError } from '../lib/errors';
import { inferConfig, type InferredSite } from '../lib/init/infer-config';
import type { Io } from '../lib/io';
import { scanSite } from '../lib/init/site-scan';
import { table } from '../lib/table';

/**
 * `cms init [dir]`: writes a cms.config.json for an existing site, inferred from its markdown
 * files, and says what it inferred and what it was unsure of. Works offline on the working tree.
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
    .action(async (dir: string, options: { force?: boolean; dryRun?: boolean }) => {
      const root = path.resolve(dir);
      if (!(await stat(root).catch(() => undefined))?.isDirectory())
        throw new UsageError(`${dir} is not a directory`);
      const target = path.join(root, cmsConfigFileName);
      if (!options.dryRun && !options.force && existsSync(target))
        throw new CliError(
          `${cmsConfigFileName} already exists in ${dir}; pass --force to replace it, or --dry-run to see the proposal`,
        );
      const site = inferConfig(path.basename(root), await scanSite(root));
      if (site.collections.length === 0)
        throw new CliError(
          `No markdown files found in the folders of ${dir} (the site root, node_modules, hidden folders and build output are not searched)`,
        );
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

function summary(site: InferredSite): string {
  const rows = site.collections.map((collection) => [
    collection.name,
    `${collection.directory}/${collection.path ?? '{slug}.md'}`,
    String(collection.files),
    `${collection.fields} (${collection.required} required)`,
  ]);
  const parts = [
    `${site.collections.length} collection${site.collections.length === 1 ? '' : 's'}:\n`,
    table(['COLLECTION', 'FILES AT', 'FILES', 'FIELDS'], rows),
  ];
  if (site.notes.length === 0) return `${parts.join('')}\nNothing to be unsure of.\n`;
  parts.push(`\nUnsure of ${site.notes.length} thing${site.notes.length === 1 ? '' : 's'}:\n`);
  const headings: Record<InferredSite['notes'][number]['kind'], string> = {
    'mixed-types': 'Fields with mixed types',
    rare: 'Fields in few files (not required)',
    'left-out': 'Keys left out',
    unparsed: 'Files whose frontmatter could not be read',
    skipped: 'Markdown files no collection serves',
  };
  for (const [kind, heading] of Object.entries(headings)) {
    const notes = site.notes.filter((note) => note.kind === kind);
    if (notes.length === 0) continue;
    parts.push(`  ${heading}:\n`, ...grouped(notes).map((line) => `    ${line}\n`));
  }
  return parts.join('');
}

/** Field notes saying the same of the same key in several collections are one line: `params (in 3 collections: a, b, c): …`. */
function grouped(notes: InferredSite['notes']): string[] {
  const lines = new Map<string, { subject: string; message: string; collections: string[] }>();
  for (const note of notes) {
    const dot = note.kind === 'unparsed' || note.kind === 'skipped' ? -1 : note.where.indexOf('.');
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
