import {
  ProtectedBranchError,
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ProviderError,
  ProviderRateLimitError,
  UnauthenticatedError,
} from '../../errors';
import { rateLimitWait } from './github-retry';
import { classifyRefusal, statusOfError } from './github-refusals';

export {
  classifyRefusal,
  graphqlErrorTypes,
  isGraphqlRefusal,
  providerMessage,
  statusOfError,
} from './github-refusals';

/**
 * Provider failures become domain errors here, so no route sees an octokit error and no token
 * reaches a message. Callers handle the statuses that mean something for their operation first.
 */
export function translateProviderError(error: unknown, what: string): never {
  if (error instanceof AppError) throw error;
  const missing = noAnswer(error);
  if (missing === 'timeout') {
    const write =
      ((error as { request?: { method?: string } }).request?.method ?? 'GET').toUpperCase() !==
      'GET';
    throw new ProviderError(
      `GitHub did not answer in time while ${what}; ${write ? 'the change may have been made: reload before trying again' : 'try again'}`,
      { cause: error },
    );
  }
  if (missing === 'unreachable')
    throw new ProviderError(`Could not reach GitHub while ${what}; try again`, { cause: error });
  const status = statusOfError(error);
  if (status === 401)
    throw new UnauthenticatedError('GitHub no longer accepts your sign-in; please sign in again', {
      cause: error,
    });
  if (classifyRefusal(error) === 'protected-branch') throw protectedBranch(error);
  const limitedFor = rateLimitWait(error as Parameters<typeof rateLimitWait>[0], Date.now());
  if (limitedFor !== undefined || classifyRefusal(error) === 'rate-limited') {
    // What GitHub asked for; 60 s when it did not say (no retry-after, no reset time, or one already past).
    const retryAfterSeconds = limitedFor !== undefined && limitedFor > 0 ? limitedFor : 60;
    throw new ProviderRateLimitError(
      `GitHub's rate limit was reached while ${what}; retry after ${retryAfterSeconds} s`,
      { cause: error, retryAfterSeconds },
    );
  }
  if (status === 403)
    throw new ForbiddenError(`GitHub refused access while ${what}`, { cause: error });
  if (status === 404)
    throw new NotFoundError(`Not found on GitHub while ${what}`, { cause: error });
  if (status === 409)
    throw new ConflictError(`GitHub reported a conflict while ${what}`, { cause: error });
  throw new ProviderError(`GitHub failed while ${what}${status ? ` (HTTP ${status})` : ''}`, {
    cause: error,
  });
}

/**
 * Octokit reports a request GitHub never answered as status 500 without a response: its own time
 * limit (a TimeoutError, directly or as the cause) or a connection that failed.
 */
function noAnswer(error: unknown): 'timeout' | 'unreachable' | undefined {
  if (!(error instanceof Error) || (error as { response?: unknown }).response !== undefined)
    return undefined;
  const cause = (error as { cause?: unknown }).cause;
  const names = [error.name, cause instanceof Error ? cause.name : undefined];
  if (names.includes('TimeoutError') || /aborted due to timeout/i.test(error.message))
    return 'timeout';
  return (error as { status?: unknown }).status === 500 ? 'unreachable' : undefined;
}

/** A write to a branch that its protection or rulesets keep to pull requests (409). */
export function protectedBranch(cause: unknown): ProtectedBranchError {
  return new ProtectedBranchError(
    'The branch is protected: changes must go through a pull request (save a draft and publish it instead)',
    { cause },
  );
}
