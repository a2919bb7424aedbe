import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real sites of test/fixtures/real-sites (its README says where each comes from): every file
 * at its path in the site's repository, as bytes, for a test to commit to the local host or to
 * hand to `cms init`.
 */
export const realSitesRoot = fileURLToPath(new URL('../fixtures/real-sites/', import.meta.url));

export interface RealSiteFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface RealSiteEntry {
  repository: string;
  commit: string;
  files: RealSiteFile[];
}

export const realSiteManifest = JSON.parse(
  readFileSync(join(realSitesRoot, 'manifest.json'), 'utf8'),
) as Record<string, RealSiteEntry>;

export const realSiteNames = Object.keys(realSiteManifest).sort();

/** A site's files with their contents, in the manifest's order (byte order of paths). */
export function realSiteFiles(name: string): { path: string; content: Buffer }[] {
  const site = realSiteManifest[name];
  if (!site) throw new Error(`No real site named ${name} (have: ${realSiteNames.join(', ')})`);
  return site.files.map((file) => ({
    path: file.path,
    content: readFileSync(join(realSitesRoot, name, file.path)),
  }));
}
