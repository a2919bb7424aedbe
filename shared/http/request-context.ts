import type { MiddlewareObj, Request } from '@middy/core';
import { enterRequestContext, newRequestMetrics } from '../request-context';
import { requestDeadline } from './request-deadline';
import type { CmsContext, HttpEvent, HttpResult } from './types';

type HttpRequest = Request<HttpEvent, HttpResult, Error, CmsContext>;

/**
 * The first middleware of every group: it creates the request's context (shared/request-context.ts)
 * and enters it, so everything after it in the chain sees this request's own: the deadline's
 * signal that the store and GitHub stop on, the counts the access log writes, the items the
 * credential read kept for the route (shared/store/read-ahead.ts). Once the answer is made (or the
 * error mapped), it stops the deadline's timer.
 *
 * `before` is synchronous on purpose: the context is entered in the chain's own async scope
 * (makeGroupHandler runs each invocation in one), so what follows it inherits the context and
 * what invoked the handler does not.
 */
export const requestContext = (): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => {
  const deadlines = new WeakMap<HttpRequest, { dispose(): void }>();
  const end = (request: HttpRequest) => {
    deadlines.get(request)?.dispose();
    deadlines.delete(request);
  };
  return {
    before(request) {
      const deadline = requestDeadline(
        request.event,
        request.context,
        request.context.gatewaySignal,
      );
      deadlines.set(request, deadline);
      enterRequestContext({
        signal: deadline.signal,
        metrics: newRequestMetrics(),
        readAhead: new Map(),
      });
    },
    after: end,
    onError: end,
  };
};
