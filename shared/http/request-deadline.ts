import type { Context } from 'aws-lambda';
import { RequestAbandonedError } from '../request-signal';
import { httpApiIntegrationTimeoutMs } from './aws-limits';
import type { HttpEvent } from './types';

/**
 * How long before the function's own end its work is abandoned: middy answers 5 ms before the end
 * (its `timeoutEarlyInMillis`), so the work stops first and the error mapper can still answer.
 */
export const deadlineMarginMs = 250;

/**
 * The signal a request's work runs under (shared/request-signal.ts), aborted at the first of:
 * - `gateway` aborting (local mode's gateway at its integration timeout);
 * - API Gateway giving up: the integration timeout counted from when it received the request
 *   (`requestContext.timeEpoch`), which on a cold start comes before the function's own deadline;
 * - the function's own deadline, less a margin.
 * `dispose` stops the timer once the request is answered.
 */
export function requestDeadline(
  event: HttpEvent,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
  gateway?: AbortSignal,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  // Both are always there on AWS and locally; a hand-made event or context (a test) may lack one.
  const timeEpoch = event.requestContext?.timeEpoch;
  const untilGatewayGivesUp = Number.isFinite(timeEpoch)
    ? timeEpoch + httpApiIntegrationTimeoutMs - Date.now()
    : Infinity;
  const untilFunctionEnds =
    typeof context.getRemainingTimeInMillis === 'function'
      ? context.getRemainingTimeInMillis() - deadlineMarginMs
      : Infinity;
  const untilDeadline = Math.min(untilGatewayGivesUp, untilFunctionEnds);
  const timer = Number.isFinite(untilDeadline)
    ? setTimeout(
        () =>
          controller.abort(
            new RequestAbandonedError(
              untilGatewayGivesUp < untilFunctionEnds ? 'integration-timeout' : 'function-deadline',
            ),
          ),
        Math.max(0, untilDeadline),
      )
    : undefined;
  const follow = () => controller.abort(gateway?.reason);
  if (gateway?.aborted) follow();
  else gateway?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      gateway?.removeEventListener('abort', follow);
    },
  };
}
