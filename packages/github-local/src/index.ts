/**
 * The package's public face: start a host, and the few git and traffic-control types its users
 * (the local runtime, the service's contract and reliability tests, the benchmark) need.
 */
export { startGitHubLocal, type GitHubLocal, type StartGitHubLocalOptions } from './server';
export { GITHUB_TREE_LIMITS, type TreeLimits } from './context';
export { runGit } from './git-command';
export type { ImportFilesInput, ImportResult } from './git-import';
export { compareAndSwapRef, resolveRef } from './git-refs';
export type { Fault, FaultFilter, HeldRequest, RequestLogEntry } from './faults';
export type { AppWebhookConfig, WebhookDelivery } from './webhook-delivery';
export { SEED_APP_ID, SEED_INSTALLATION_ID, SEED_USERS } from './seed';
export { SCHEMA_SDL } from './graphql/schema';
export { SITE_OWNER, SiteError, type ServedSite } from './sites';
export {
  BodyTooLargeError,
  isAllowedHost,
  isLoopbackName,
  readLimitedBody,
  refuse,
  type HostRule,
} from './request-guards';
export { restRoutes } from './rest-routes';
export { webRoutes } from './web-routes';
export { compilePath } from './http-io';
