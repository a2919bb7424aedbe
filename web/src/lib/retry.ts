import { ApiError } from '../api/client';

/**
 * Whether asking again can bring another answer: the service unreachable (status 0), a timeout, a
 * rate limit or a failure on our side or GitHub's (5xx). A refusal (400, 403, 404, 409, …) answers
 * the same until someone changes something, so it gets no "Try again" button.
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The HTTP status of a failed call, or undefined when it never got an answer of the service's. */
export const statusOf = (error: unknown): number | undefined =>
  error instanceof ApiError && error.status !== 0 ? error.status : undefined;
