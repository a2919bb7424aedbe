/**
 * What GitHub means by an error answer, in one place. GitHub words most refusals only in the
 * message, so the message patterns live here, each tested against answers GitHub really gave
 * (test/fixtures/github-errors.json, with where each was recorded). Rate limits are read from
 * the headers GitHub documents (`x-ratelimit-remaining: 0`, `retry-after`) before any wording.
 */
export type GitHubRefusal =
  /** Primary or secondary rate limit (403 or 429). */
  | 'rate-limited'
  /**
   * Branch protection or a ruleset keeps the branch to pull requests: the Contents API's 409 "Could
   * not update file: Changes must be made through a pull request.", a ruleset's "Repository rule
   * violations found", the refs API's 422 "Protected branch update failed".
   */
  | 'protected-branch'
  /** Contents API: the `sha` sent is not the file's current blob (409 `… does not match <sha>`). */
  | 'stale-sha'
  /** Contents API: the file exists and no `sha` was sent (422 `"sha" wasn't supplied`). */
  | 'sha-missing'
  /** Contents API: another 422 about the `sha` sent (not a blob sha of this file). */
  | 'sha-invalid'
  /** A 404 whose message names a branch (the branch written to is gone); the message is worth showing. */
  | 'branch-missing'
  /** Another commit moved the branch while this one was made (409 `… expected to be at …`); safe to repeat. */
  | 'branch-moved'
  /** A ref, or an open pull request for the head, already exists (422). */
  | 'already-exists'
  /** A pull request's head has no commits that its base lacks (422 `No commits between …`). */
  | 'no-commits'
  /** The repository's plan has no draft pull requests (422 `Draft pull requests are not supported …`): private repositories on GitHub Free and Pro. */
  | 'drafts-unsupported'
  /** A merge that conflicts, or of a closed pull request (405 `Pull Request is not mergeable`). */
  | 'not-mergeable'
  /** A merge guarded by a head sha that is no longer the head (409 `Head branch was modified`). */
  | 'head-moved';

interface ErrorShape {
  status?: unknown;
  response?: { data?: unknown; headers?: Record<string, unknown> };
}

/** The `type` of each GraphQL error entry (NOT_FOUND, FORBIDDEN, UNPROCESSABLE, …); empty when the request itself failed. */
export const graphqlErrorTypes = (error: unknown): string[] => {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.map((entry) => String((entry as { type?: unknown } | null)?.type ?? ''))
    : [];
};

/** GitHub answered the GraphQL request (HTTP 200) with errors, as opposed to failing it. */
export const isGraphqlRefusal = (error: unknown): boolean =>
  Array.isArray((error as { errors?: unknown } | null)?.errors) &&
  statusOfError(error) === undefined;

export const statusOfError = (error: unknown): number | undefined => {
  const status = (error as ErrorShape | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** GitHub's top-level `message`. */
export const providerMessage = (error: unknown): string => {
  const data = (error as ErrorShape | null)?.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : '';
};

/** The top-level message and every `errors[].message` (validation failures put the reason there). */
function allMessages(error: unknown): string {
  const data = (error as ErrorShape | null)?.response?.data as
    { errors?: { message?: unknown }[] } | undefined;
  const nested = Array.isArray(data?.errors)
    ? data.errors.map((entry) => (typeof entry?.message === 'string' ? entry.message : ''))
    : [];
  return [providerMessage(error), ...nested].join('\n');
}

const header = (error: unknown, name: string): string | undefined => {
  const value = (error as ErrorShape | null)?.response?.headers?.[name];
  return value === undefined || value === null ? undefined : String(value);
};

export function classifyRefusal(error: unknown): GitHubRefusal | undefined {
  const status = statusOfError(error);
  if (status === undefined) return undefined;
  const messages = allMessages(error);
  if (
    (status === 403 || status === 429) &&
    (header(error, 'x-ratelimit-remaining') === '0' ||
      header(error, 'retry-after') !== undefined ||
      /rate limit/i.test(messages))
  ) {
    return 'rate-limited';
  }
  if (
    (status === 403 || status === 409 || status === 422) &&
    /must be made through a pull request|protected branch update failed|repository rule violations/i.test(
      messages,
    )
  )
    return 'protected-branch';
  if (status === 409 && /does not match/i.test(messages)) return 'stale-sha';
  if (status === 409 && /head branch was modified/i.test(messages)) return 'head-moved';
  if (status === 409 && /expected to be at|is at .* but expected/i.test(messages))
    return 'branch-moved';
  if (status === 422 && /"sha" wasn't supplied/i.test(messages)) return 'sha-missing';
  if (status === 422 && /\bsha\b/i.test(messages)) return 'sha-invalid';
  if (status === 404 && /branch/i.test(messages)) return 'branch-missing';
  if (status === 422 && /already exists/i.test(messages)) return 'already-exists';
  if (status === 422 && /no commits between/i.test(messages)) return 'no-commits';
  if (status === 422 && /draft pull requests are not supported/i.test(messages))
    return 'drafts-unsupported';
  if ((status === 405 || status === 422) && /not mergeable|merge conflict/i.test(messages))
    return 'not-mergeable';
  return undefined;
}
