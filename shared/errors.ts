/**
 * The domain's errors, with stable codes. Domain code throws these and knows nothing of HTTP;
 * exactly one place (shared/http/error-status.ts, used by the error mapper) turns a code into a
 * status and a `{error}` body.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'provider_error'
  | 'rate_limited'
  | 'unavailable';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Extra properties merged into the error body (e.g. a conflict's `reason`). */
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }
}

/** The input names something impossible or malformed; the message names what. */
export class InvalidInputError extends AppError {
  override name = 'InvalidInputError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_input', message, options);
  }
}

export class UnauthenticatedError extends AppError {
  override name = 'UnauthenticatedError';
  constructor(message = 'Authentication required', options?: { cause?: unknown }) {
    super('unauthenticated', message, options);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('forbidden', message, options);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('not_found', message, options);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super('conflict', message, options);
  }
}

/**
 * A commit made on a head that is no longer the branch's, which could not be made again on the new
 * head: another commit changed some of the same files in between (`paths`). A real overlap: the
 * message says what to do, and domain code may say it in its own words.
 */
export class OverlapError extends ConflictError {
  override name = 'OverlapError';
  readonly paths: string[];
  constructor(message: string, options: { paths: string[]; cause?: unknown }) {
    super(message, options);
    this.paths = options.paths;
  }
}

/** For `.catch`: an OverlapError again as a ConflictError in the operation's own words; any other error as it was. */
export const sayOverlap =
  (say: (paths: string[]) => string) =>
  (error: unknown): never => {
    if (error instanceof OverlapError) throw new ConflictError(say(error.paths), { cause: error });
    throw error;
  };

/** What the request names existed once but is no longer there to take (an expired or used upload). */
/** A write refused because branch protection or a ruleset keeps the branch to pull requests. */
export class ProtectedBranchError extends ConflictError {
  override name = 'ProtectedBranchError';
  /** Whether the refused change may be saved as a draft instead (false: its collection is locked to direct commits). */
  readonly draftPossible: boolean;
  constructor(message: string, options?: { cause?: unknown; draftPossible?: boolean }) {
    super(message, options);
    this.draftPossible = options?.draftPossible ?? true;
  }
}

export class GoneError extends AppError {
  override name = 'GoneError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('gone', message, options);
  }
}

/** The request asks for more than a limit allows (an upload over the size limit); the message names the limit. */
export class TooLargeError extends AppError {
  override name = 'TooLargeError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('too_large', message, options);
  }
}

/**
 * A 409 whose body is documented as something other than `{error}`: the merge and update
 * conflicts (`{merged: false, reason}`, `{ok: false, reason, fields?}`). The body is sent as is.
 */
export class ConflictBodyError extends AppError {
  override name = 'ConflictBodyError';
  readonly body: Record<string, unknown>;
  constructor(body: Record<string, unknown> & { reason?: string }) {
    super('conflict', String(body.reason ?? 'conflict'));
    this.body = body;
  }
}

export class ProviderError extends AppError {
  override name = 'ProviderError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('provider_error', message, options);
  }
}

/**
 * GitHub's rate limit (primary or secondary) stopped a call; GitHub asked to wait `retryAfterSeconds`.
 * Not a failure of GitHub's (502): 503 with `Retry-After`, so a client waits and sends it again.
 */
export class ProviderRateLimitError extends AppError {
  override name = 'ProviderRateLimitError';
  readonly retryAfterSeconds: number;
  constructor(message: string, options: { cause?: unknown; retryAfterSeconds: number }) {
    super('rate_limited', message, options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * Something the service depends on cannot answer now (the table is throttled or failing) or is
 * not set up yet (the GitHub App secret is not filled in). Not the caller's mistake, and not a
 * bug: 503, with a message that says what is missing or to try again.
 */
export class UnavailableError extends AppError {
  override name = 'UnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', message, options);
  }
}
