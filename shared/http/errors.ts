/**
 * Domain errors with stable codes. Domain code throws these; exactly one middleware
 * (error-mapper) turns a code into an HTTP status and a `{error}` body.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'provider_error';

export const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  provider_error: 502,
};

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Extra properties merged into the error body (e.g. a conflict's `reason`). */
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }
}

export class BadRequestError extends AppError {
  override name = 'BadRequestError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad_request', message, options);
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
