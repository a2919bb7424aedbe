import type { CmsFunction } from './cms-function';
import { leadingKeysFor, type GroupNeeds } from './group-needs';

/** What the stack holds that a function may be granted. */
export interface StackResources {
  table: Parameters<CmsFunction['useTable']>[0];
  key: Parameters<CmsFunction['useKey']>[0];
  tokenHmac: Parameters<CmsFunction['useSecret']>[0];
  githubApp: Parameters<CmsFunction['useSecret']>[0];
  github: { webUrl: string; apiUrl: string };
  activityRetentionDays: number;
}

/** A function's table, key, secrets and GitHub settings, each with its grant, as its needs say. */
export function useNeeds(fn: CmsFunction, needs: GroupNeeds, resources: StackResources): void {
  if (needs.table) fn.useTable(resources.table, needs.table, leadingKeysFor(needs));
  if (needs.items?.includes('activity'))
    fn.useSetting('ACTIVITY_RETENTION_DAYS', String(resources.activityRetentionDays));
  if (needs.keyPurposes) fn.useKey(resources.key, needs.keyPurposes);
  if (needs.tokenHmacKey) fn.useSecret(resources.tokenHmac, 'TOKEN_HMAC_SECRET_ARN');
  if (needs.checksGitHubApp) fn.useSecret(resources.githubApp, 'GITHUB_APP_SECRET_ARN');
  if (needs.github) {
    fn.useSecret(resources.githubApp, 'GITHUB_APP_SECRET_ARN')
      .useSetting('GITHUB_WEB_URL', resources.github.webUrl)
      .useSetting('GITHUB_API_URL', resources.github.apiUrl);
  }
}
