import path from 'node:path';
import { detectGenerator } from './generators';
import { inferConfig, type InferredSite } from './infer-config';
import { listSite, selectMarkdown, type SelectOptions } from './site-files';
import { readSiteLocales } from './read-site-locales';

/**
 * `cms init`'s whole reading of the site at `root`: its files (git's tracked ones in a working
 * tree), its generator, the markdown that generator reads as content, the languages its
 * configuration names, and the config inferred from it with what was left out and why.
 */
export async function inferSite(
  root: string,
  options: SelectOptions & { i18n?: boolean } = {},
): Promise<InferredSite & { tracked: boolean }> {
  const listing = await listSite(root);
  const generator = detectGenerator(new Set(listing.paths), listing.read);
  const selection = selectMarkdown(listing, generator, options);
  const locales =
    options.i18n === false ? { problems: [] } : readSiteLocales(generator, listing.read);
  const site = inferConfig(path.basename(root), selection.files, {
    generator,
    leftOut: selection.skipped,
    ...(locales.found ? { locales: locales.found } : {}),
  });
  const problems = locales.problems.map((message) => ({
    kind: 'locales' as const,
    where: generator.evidence ?? '',
    message,
  }));
  return { ...site, notes: [...problems, ...site.notes], tracked: listing.tracked };
}
