import { AppError } from '../errors';

/** Failures of the HTTP exchange itself, before any domain code runs. */
export type ProtocolErrorCode =
  'method_not_allowed' | 'payload_too_large' | 'unsupported_media_type';

export class ProtocolError extends Error {
  override name = 'ProtocolError';
  readonly code: ProtocolErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ProtocolErrorCode,
    message: string,
    options?: { details?: Record<string, unknown> },
  ) {
    super(message);
    this.code = code;
    this.details = options?.details;
  }
}

export type AnswerableError = AppError | ProtocolError;
export const isAnswerable = (error: unknown): error is AnswerableError =>
  error instanceof AppError || error instanceof ProtocolError;
