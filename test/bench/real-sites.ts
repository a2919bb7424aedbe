import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiClient } from '../support/api-client';
import { startTestService } from '../support/local-service';
import {
  initRealSite,
  markdownFilesOf,
  openAllItems,
  reachablePaths,
} from '../support/real-site-runs';
import { realSiteManifest, realSiteNames } from '../support/real-sites';
import { table } from './markdown';

/**
 * The committed real sites (test/fixtures/real-sites) as real-sites-matrix.test.ts runs them, with
 * the same code (test/support/real-site-runs.ts): `cms init` on each, then local mode opening every
 * listed item. Per site: the markdown files the editor reaches of all the site has, and the
 * collections `cms init` proposed.
 */
export interface RealSiteRow {
  site: string;
  repository: string;
  reachable: number;
  markdown: number;
  collections: string[];
}

export async function measureRealSites(progress: (line: string) => void): Promise<RealSiteRow[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cms-bench-real-sites-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: root,
    XDG_CONFIG_HOME: path.join(root, 'config'),
    NO_COLOR: '1',
  };
  const siteDir = (name: string) => path.join(root, name);
  try {
    const configs = new Map<string, Awaited<ReturnType<typeof initRealSite>>['config']>();
    for (const name of realSiteNames) {
      progress(`real sites: cms init ${name}`);
      const { init, config } = await initRealSite({ name, dir: siteDir(name), env });
      if (!config) throw new Error(`cms init failed for ${name}: ${init.stderr}`);
      configs.set(name, config);
    }
    const service = await startTestService({
      dataDir: path.join(root, 'data'),
      sites: realSiteNames.map(siteDir),
    });
    try {
      const api = apiClient(service.url);
      const session = await api.signIn('demo');
      const rows: RealSiteRow[] = [];
      for (const name of realSiteNames) {
        progress(`real sites: opening every item of ${name}`);
        const config = configs.get(name)!;
        const reads = await openAllItems({
          api,
          session,
          repo: `/api/repos/${encodeURIComponent(`local/${name}`)}`,
          config,
        });
        rows.push({
          site: name,
          repository: realSiteManifest[name]!.repository,
          reachable: reachablePaths(reads).size,
          markdown: markdownFilesOf(name),
          collections: Object.keys(config.collections),
        });
      }
      return rows;
    } finally {
      await service.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export function renderRealSites(rows: readonly RealSiteRow[]): string {
  return `## Real sites: files reachable and collections proposed

Each committed real site (test/fixtures/real-sites) as its owner would start: \`cms init\` on its
repository, its proposal committed, then every item of every collection opened through local mode,
by the code real-sites-matrix.test.ts runs. *Reachable*: the distinct markdown files (\`.md\`,
\`.mdx\`) that open as an item, of all the site's markdown files (the rest lie outside every
collection \`cms init\` proposed).

${table(
  ['site', 'repository', 'reachable / markdown files', 'collections cms init proposes'],
  rows.map((row) => [
    row.site,
    row.repository,
    `${row.reachable} / ${row.markdown}`,
    `${row.collections.length}: ${row.collections.join(', ')}`,
  ]),
)}
`;
}
