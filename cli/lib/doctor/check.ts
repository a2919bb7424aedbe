/**
 * One check of `cms doctor` (and `npm run smoke`, the same checks): what it found, and on a
 * failure what that means for the deployment's users and what the operator does about it.
 */
export type CheckStatus = 'ok' | 'warning' | 'failed' | 'skipped';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** What was found, in one line. */
  summary: string;
  /** With a warning or a failure: what people using the deployment would notice. */
  means?: string;
  /** With a warning or a failure: what to do (the guide's section, the setting). */
  action?: string;
}

export interface DoctorOptions {
  /** The service's address as people use it (the SiteUrl output). */
  url: string;
  /** A throwaway API token: it is used, then revoked. */
  token?: string;
  /** The API's own addresses, around CloudFront (the ApiUrl and ExecuteApiUrl outputs): each must refuse requests. */
  apiUrls: readonly string[];
  /** The GitHub sign-in must lead to (GitHub Enterprise Server's address); github.com when absent, any loopback host in local mode. */
  githubUrl?: string;
  fetch?: typeof fetch;
  /** Per request; API Gateway's own limit (30 s) by default. */
  timeoutMs?: number;
}

export const passed = (name: string, summary: string): CheckResult => ({
  name,
  status: 'ok',
  summary,
});
export const skipped = (name: string, summary: string): CheckResult => ({
  name,
  status: 'skipped',
  summary,
});
export const failed = (
  name: string,
  summary: string,
  means: string,
  action: string,
): CheckResult => ({ name, status: 'failed', summary, means, action });
export const warned = (
  name: string,
  summary: string,
  means: string,
  action: string,
): CheckResult => ({ name, status: 'warning', summary, means, action });

/** Local mode (`npm start`) answers on a loopback address; a deployment never does. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
