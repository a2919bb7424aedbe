import type { MiddlewareObj } from '@middy/core';
import { ConflictBodyError, ProviderRateLimitError } from '../errors';
import { RequestAbandonedError, requestSignal } from '../request-signal';
import { isAnswerable } from './errors';
import { statusOf } from './error-status';
import type { Logger } from '../logger';
import { json } from './respond';
import type { CmsContext, HttpEvent, HttpResult } from './types';

/**
 * The one place where errors become HTTP answers. Domain errors carry a stable code; anything
 * else is our bug: 500 with a fixed body, logged with the request id (never the request itself).
 */
export const errorMapper = (
  logger: Logger,
): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  onError: async (request) => {
    const error = request.error;
    // Out of time (request-deadline.ts): whatever failed next was the work being cut off, not its cause.
    const abandoned = requestSignal();
    if (abandoned?.aborted) {
      const reason: unknown = abandoned.reason;
      logger.error('Request abandoned', {
        requestId: request.context?.awsRequestId,
        route: request.context?.cms?.route?.id,
        why: reason instanceof RequestAbandonedError ? reason.why : String(reason),
      });
      const write = request.event.requestContext.http.method !== 'GET';
      request.response = json(503, {
        error: `The request did not finish in time and was stopped; ${write ? 'its change may have been made or not: reload before trying again' : 'try again'}`,
      });
      return;
    }
    if (error instanceof ConflictBodyError) {
      request.response = json(409, error.body);
      return;
    }
    // middy's own time limit (just before Lambda's): almost always a provider that stopped answering.
    if (error?.name === 'TimeoutError' && /aborted/i.test(error.message)) {
      logger.error('Request timed out', {
        requestId: request.context?.awsRequestId,
        route: request.context?.cms?.route?.id,
      });
      request.response = json(502, { error: 'GitHub did not answer in time; try again' });
      return;
    }
    if (isAnswerable(error)) {
      // A 503 is no client mistake: the operator needs to see it (the cause's name, never its text).
      if (error.code === 'unavailable') {
        const cause = (error as Error & { cause?: unknown }).cause;
        logger.error('Service unavailable', {
          requestId: request.context?.awsRequestId,
          route: request.context?.cms?.route?.id,
          errorMessage: error.message,
          causeName: cause instanceof Error ? cause.name : undefined,
        });
      }
      const headers: Record<string, string> | undefined =
        error.code === 'method_not_allowed' && error.details?.allow
          ? { allow: String(error.details.allow) }
          : error instanceof ProviderRateLimitError
            ? { 'retry-after': String(error.retryAfterSeconds) }
            : undefined;
      const body =
        error.code === 'method_not_allowed'
          ? { error: error.message }
          : { error: error.message, ...error.details };
      request.response = json(statusOf[error.code], body, { headers });
      return;
    }
    logger.error('Unhandled error', {
      requestId: request.context?.awsRequestId,
      route: request.context?.cms?.route?.id,
      errorName: error?.name,
      errorMessage: error?.message,
      stack: error?.stack,
    });
    request.response = json(500, { error: 'Internal Server Error' });
  },
});
