import path from 'node:path';
import { detectGenerator, type GeneratorName } from './generators';
import { inferConfig, type InferredSite } from './infer-config';
import { listSite, selectMarkdown, type SelectOptions } from './site-files';
import { folderLocales } from './folder-locales';
import { readSiteLocales } from './read-site-locales';

/** Generators whose configuration names the site's languages (read-site-locales.ts). */
const configuresLanguages: ReadonlySet<GeneratorName> = new Set([
  'hugo',
  'zola',
  'hexo',
  'starlight',
  'docusaurus',
]);

/**
 * `cms init`'s whole reading of the site at `root`: its files (git's tracked ones in a working
 * tree), its generator, the markdown that generator reads as content, the languages its
 * configuration names (or, where it names none, its language folders), and the config inferred
 * from it with what was left out and why.
 */
export async function inferSite(
  root: string,
  options: SelectOptions & { i18n?: boolean } = {},
): Promise<InferredSite & { tracked: boolean }> {
  const listing = await listSite(root);
  const generator = detectGenerator(new Set(listing.paths), listing.read);
  const selection = selectMarkdown(listing, generator, options);
  const configured =
    options.i18n === false ? { problems: [] } : readSiteLocales(generator, listing.read);
  // Language folders speak only for generators that have no configuration of languages.
  const fromFolders =
    options.i18n !== false && !configuresLanguages.has(generator.name)
      ? folderLocales(selection.files.map((file) => file.path))
      : undefined;
  const locales = fromFolders
    ? { found: fromFolders.found, problems: [fromFolders.problem] }
    : configured;
  const site = inferConfig(path.basename(root), selection.files, {
    generator,
    leftOut: selection.skipped,
    ...(locales.found ? { locales: locales.found } : {}),
  });
  const problems = locales.problems.map((message) => ({
    kind: 'locales' as const,
    where: locales.found?.evidence ?? generator.evidence ?? '',
    message,
  }));
  return { ...site, notes: [...problems, ...site.notes], tracked: listing.tracked };
}
