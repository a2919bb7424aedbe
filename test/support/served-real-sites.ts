import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiClient, type ApiClient } from './api-client';
import { startTestService, type TestService } from './local-service';
import { checkoutRealSite, git } from './real-site-checkout';

/** The API path of a site local mode serves from a working tree (`local/<folder name>`). */
export const localRepo = (name: string) => `/api/repos/${encodeURIComponent(`local/${name}`)}`;

export interface ServedRealSites {
  /** The temporary folder holding each site's working tree (`<root>/<name>`) and the data. */
  root: string;
  service: TestService;
  api: ApiClient;
  /** demo's session. */
  demo: string;
  siteDir(name: string): string;
  stop(): Promise<void>;
}

/**
 * Real sites (test/fixtures/real-sites) as their owners' working trees, each with the given
 * cms.config.json committed on top, served by one local service with demo signed in: the setup of
 * the translation tests, which read real multilingual sites over real HTTP.
 */
export async function serveRealSites(
  configs: Readonly<Record<string, object>>,
): Promise<ServedRealSites> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cms-real-sites-'));
  const siteDir = (name: string) => path.join(root, name);
  for (const [name, config] of Object.entries(configs)) {
    checkoutRealSite(name, siteDir(name));
    writeFileSync(path.join(siteDir(name), 'cms.config.json'), JSON.stringify(config, null, 2));
    git(siteDir(name), 'add', 'cms.config.json');
    git(siteDir(name), 'commit', '--quiet', '-m', 'cms.config.json');
  }
  const service = await startTestService({
    dataDir: path.join(root, 'data'),
    sites: Object.keys(configs).map(siteDir),
  });
  const api = apiClient(service.url);
  const demo = await api.signIn('demo');
  return {
    root,
    service,
    api,
    demo,
    siteDir,
    stop: async () => {
      await service.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
