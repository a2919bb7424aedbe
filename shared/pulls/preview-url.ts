import type { CmsConfig } from '../content/config-schema';

/**
 * Cloudflare Pages' branch alias: the branch lower-cased, every run of characters other than
 * letters and digits a single `-`, cut to 28 characters, no `-` at either end.
 */
export function pagesBranchAlias(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 28)
    .replace(/^-+|-+$/g, '');
}

/**
 * Where a draft can be previewed: the Cloudflare Pages branch deployment when the config names a
 * Pages project; otherwise the environment URL of the head commit's latest deployment (Amplify,
 * Netlify, Vercel report one); otherwise null.
 */
export function previewUrl(
  config: CmsConfig | undefined,
  branch: string,
  deploymentUrl: string | null,
): string | null {
  const project = config?.preview?.pagesProject;
  if (project) return `https://${pagesBranchAlias(branch)}.${project}.pages.dev`;
  return deploymentUrl && /^https?:\/\//.test(deploymentUrl) ? deploymentUrl : null;
}
