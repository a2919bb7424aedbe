import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Group } from '../../shared/http/route-def';
import {
  functionTimeoutMs,
  httpApiIntegrationTimeoutMs,
  jsonBytes,
  lambdaRequestLimitBytes,
  lambdaResponseLimitBytes,
} from '../../shared/http/aws-limits';
import type { LambdaHttpHandler } from '../../shared/http/types';
import { matchRoute } from '../../shared/http/route-match';
import type { Logger } from '../../shared/logger';
import { RequestAbandonedError } from '../../shared/request-signal';
import { routes } from '../../shared/routes';
import { buildContext } from './event';

/**
 * One request through API Gateway's HTTP API into a Lambda function and back, with what AWS does
 * at each limit (shared/http/aws-limits.ts), so local mode fails where AWS fails:
 *
 * - an event over Lambda's 6 MiB request limit is never invoked; API Gateway answers
 *   413 `{"message":"Request Entity Too Large"}`, as it refuses a body over its own 10 MiB;
 * - an answer over Lambda's 6 MB response limit (measured as Lambda does: the result JSON, its body
 *   as sent, base64 when compressed or binary) fails the invocation with
 *   Function.ResponseSizeTooLarge, and API Gateway answers an invocation that failed with
 *   500 `{"message":"Internal Server Error"}` (API Gateway Developer Guide, "Troubleshooting issues
 *   with HTTP API Lambda integrations"; Lambda Developer Guide, "Handling Lambda errors with an
 *   API Gateway API");
 * - past the integration timeout API Gateway answers 503 `{"message":"Service Unavailable"}` while
 *   the function goes on. Here the function's signal is aborted at that moment, and the handler
 *   abandons its work (shared/request-signal.ts), as on AWS its own deadline makes it.
 *
 * Each refusal is logged as one line naming the limit, the size or time, and the route.
 */
export type Invocation =
  | { kind: 'answer'; result: APIGatewayProxyStructuredResultV2 }
  | { kind: 'refused'; status: 413 | 500 | 503; message: string };

export interface InvocationOptions {
  handler: LambdaHttpHandler;
  group: Group;
  event: APIGatewayProxyEventV2;
  integrationTimeoutMs: number;
  logger: Logger;
  /** Called with the handler's whole run, also when the answer went out before it ended (a timeout). */
  track(running: Promise<unknown>): void;
}

/** API Gateway's answers of its own, with the message HTTP APIs give them. */
const refused = (status: 413 | 500 | 503): Invocation => ({
  kind: 'refused',
  status,
  message: {
    413: 'Request Entity Too Large',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  }[status],
});

/** The integration timeout a gateway may be given: HTTP APIs take 50 ms to 30 s. */
export function checkedIntegrationTimeout(ms: number | undefined): number {
  const value = ms ?? httpApiIntegrationTimeoutMs;
  if (!Number.isInteger(value) || value < 50 || value > httpApiIntegrationTimeoutMs) {
    throw new Error(
      `The integration timeout must be a whole number of milliseconds from 50 to ${httpApiIntegrationTimeoutMs}, as HTTP APIs allow (got ${value})`,
    );
  }
  return value;
}

const routeOf = (event: APIGatewayProxyEventV2) => {
  const outcome = matchRoute(routes, event.requestContext.http.method, event.rawPath);
  return outcome.kind === 'match' ? outcome.match.route.id : 'unmatched';
};

export async function invokeAsAws(options: InvocationOptions): Promise<Invocation> {
  const { event, logger } = options;
  const where = () => ({
    route: routeOf(event),
    method: event.requestContext.http.method,
    path: event.rawPath,
  });
  const eventBytes = jsonBytes(event);
  if (eventBytes > lambdaRequestLimitBytes) {
    logger.error("Request over Lambda's invocation request limit", {
      limit: 'lambda-request-payload',
      limitBytes: lambdaRequestLimitBytes,
      bytes: eventBytes,
      ...where(),
    });
    return refused(413);
  }
  const controller = new AbortController();
  const running = options.handler(event, buildContext(`cms-${options.group}`, functionTimeoutMs), {
    signal: controller.signal,
  });
  options.track(running);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.integrationTimeoutMs);
  });
  const outcome = await Promise.race([running, timedOut]).finally(() => clearTimeout(timer));
  if (outcome === 'timeout') {
    controller.abort(new RequestAbandonedError('integration-timeout'));
    logger.error('Request past the integration timeout', {
      limit: 'integration-timeout',
      limitMs: options.integrationTimeoutMs,
      ...where(),
    });
    return refused(503);
  }
  const resultBytes = jsonBytes(outcome);
  if (resultBytes > lambdaResponseLimitBytes) {
    logger.error("Answer over Lambda's invocation response limit", {
      limit: 'lambda-response-payload',
      limitBytes: lambdaResponseLimitBytes,
      bytes: resultBytes,
      status: outcome.statusCode,
      ...where(),
    });
    return refused(500);
  }
  return { kind: 'answer', result: outcome };
}
