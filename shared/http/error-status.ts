import type { ErrorCode } from '../errors';
import type { ProtocolErrorCode } from './errors';

/** The one mapping of error codes to HTTP statuses. */
export const statusOf: Record<ErrorCode | ProtocolErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  payload_too_large: 413,
  unsupported_media_type: 415,
  provider_error: 502,
  rate_limited: 503,
  unavailable: 503,
};
