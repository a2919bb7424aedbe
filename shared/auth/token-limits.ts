/**
 * Limits of API tokens. A token is one table item read on every request it makes, so its scope
 * stays small (100 repositories fit comfortably in DynamoDB's 400 KB item), and a user's active
 * tokens stay few enough to list on one page and to count with one query.
 */
export const maxTokenRepos = 100;
/** Unexpired, unrevoked tokens per user; the next creation (or device approval) answers 400. */
export const maxActiveTokens = 50;
export const tokenMaxSeconds = 10 * 365 * 24 * 60 * 60;
/** The spec's device-flow lifetime: the default, and the most a device-flow body may ask for. */
export const deviceTokenMaxSeconds = 90 * 24 * 60 * 60;

/** Names compared as GitHub compares them (case-insensitively); the first spelling stays. */
export function uniqueRepos(repos: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const repo of repos) if (!seen.has(repo.toLowerCase())) seen.set(repo.toLowerCase(), repo);
  return [...seen.values()];
}
