import path from 'node:path';
import { detectGenerator } from './generators';
import { inferConfig, type InferredSite } from './infer-config';
import { listSite, selectMarkdown, type SelectOptions } from './site-files';

/**
 * `cms init`'s whole reading of the site at `root`: its files (git's tracked ones in a working
 * tree), its generator, the markdown that generator reads as content, and the config inferred
 * from it with what was left out and why.
 */
export async function inferSite(
  root: string,
  options: SelectOptions = {},
): Promise<InferredSite & { tracked: boolean }> {
  const listing = await listSite(root);
  const generator = detectGenerator(new Set(listing.paths), listing.read);
  const selection = selectMarkdown(listing, generator, options);
  const site = inferConfig(path.basename(root), selection.files, {
    generator,
    leftOut: selection.skipped,
  });
  return { ...site, tracked: listing.tracked };
}
