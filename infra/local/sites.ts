import { runGit, type GitHubLocal } from '@cms/github-local';
import { cmsConfigFileName } from '../../shared/content/config-schema';
import { readCmsConfig } from '../../shared/content/config-read';
import { createConnections } from '../../shared/repos/connections';
import type { Store } from '../../shared/ports/store';

export interface SiteStatus {
  /** `local/<dir name>`, as the editor and the API name it. */
  fullName: string;
  dir: string;
  defaultBranch: string;
  /** Connected in the service, so the editor lists it without a click. */
  connected: boolean;
  /** Why it is not connected (no or invalid cms.config.json), in words for the start output. */
  problem?: string;
}

/**
 * Connects every served site as the demo user would with POST /api/repos: the config is read from
 * the site's default branch and remembered with its blob sha. Connected before is fine (its
 * config is refreshed); a site without a valid config is reported, not connected.
 */
export async function connectSites(
  github: GitHubLocal,
  store: Store,
  now: () => number,
): Promise<SiteStatus[]> {
  const connections = createConnections(store, now);
  const statuses: SiteStatus[] = [];
  for (const site of github.sites) {
    const fullName = `${site.owner}/${site.name}`;
    const status: SiteStatus = {
      fullName,
      dir: site.dir,
      defaultBranch: site.defaultBranch,
      connected: false,
    };
    statuses.push(status);
    const gitDir = github.gitDir(site.owner, site.name);
    const spec = `refs/heads/${site.defaultBranch}:${cmsConfigFileName}`;
    const oid = (
      await runGit(gitDir, ['rev-parse', '--verify', '--quiet', spec]).catch(() => '')
    ).trim();
    if (!oid) {
      status.problem = `${cmsConfigFileName} is not committed at the root of branch ${site.defaultBranch}; add and commit one, then restart`;
      continue;
    }
    let config;
    try {
      config = readCmsConfig(await runGit(gitDir, ['cat-file', 'blob', oid]));
    } catch (error) {
      status.problem = `${cmsConfigFileName} on ${site.defaultBranch} is not valid: ${(error as Error).message}`;
      continue;
    }
    if (await connections.get(fullName))
      await connections.rememberConfig({ fullName, config, configOid: oid });
    else await connections.connect({ fullName, addedBy: 'demo', config, configOid: oid });
    status.connected = true;
  }
  return statuses;
}
