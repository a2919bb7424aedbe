import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvent } from '../../infra/local/event';
import { httpApiIntegrationTimeoutMs } from '../../shared/http/aws-limits';
import { errorMapper } from '../../shared/http/error-mapper';
import { deadlineMarginMs, requestDeadline } from '../../shared/http/request-deadline';
import type { CmsContext, HttpEvent, HttpResult } from '../../shared/http/types';
import { ProviderError } from '../../shared/errors';
import { RequestAbandonedError, withRequestSignal } from '../../shared/request-signal';

/**
 * On AWS nobody aborts a function's work for it: the handler keeps its own deadline
 * (shared/http/request-deadline.ts), the first of API Gateway's (the integration timeout from when
 * it received the request) and the function's own, and then answers 503 with what to do.
 */
const eventAt = (timeEpoch: number, method = 'PUT'): HttpEvent => {
  const event = buildEvent({ method, url: '/api/repos/demo%2Fblog/content/posts/a', headers: {} });
  return { ...event, requestContext: { ...event.requestContext, timeEpoch } };
};
const remaining = (ms: number) => ({ getRemainingTimeInMillis: () => ms });
const whyOf = (signal: AbortSignal) => (signal.reason as RequestAbandonedError).why;

describe("a request's deadline", () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2025-06-01T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it("comes at the function's own deadline, less a margin, when that is first", () => {
    // Prepare
    const deadline = requestDeadline(eventAt(Date.now()), remaining(10_000));

    // Act + Assess
    vi.advanceTimersByTime(10_000 - deadlineMarginMs - 1);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(whyOf(deadline.signal)).toBe('function-deadline');
  });

  it('comes when API Gateway gives up, counted from when it received the request (a slow cold start)', () => {
    // Prepare: API Gateway received the request 29.9 s ago; the function has 29 s left.
    const deadline = requestDeadline(
      eventAt(Date.now() - httpApiIntegrationTimeoutMs + 100),
      remaining(29_000),
    );

    // Act + Assess
    vi.advanceTimersByTime(100);
    expect(whyOf(deadline.signal)).toBe('integration-timeout');
  });

  it("follows the local gateway's signal, and stops when disposed", () => {
    // Prepare
    const gateway = new AbortController();
    const followed = requestDeadline(eventAt(Date.now()), remaining(29_000), gateway.signal);
    const disposed = requestDeadline(eventAt(Date.now()), remaining(1_000));

    // Act
    gateway.abort(new RequestAbandonedError('integration-timeout'));
    disposed.dispose();
    vi.advanceTimersByTime(60_000);

    // Assess
    expect(whyOf(followed.signal)).toBe('integration-timeout');
    expect(disposed.signal.aborted).toBe(false);
  });
});

describe('the answer of an abandoned request', () => {
  const answer = async (method: string, signal: AbortSignal) => {
    const logged: string[] = [];
    const request = {
      event: eventAt(Date.now(), method),
      context: {
        awsRequestId: 'r1',
        cms: { route: { id: 'putContent' } },
      } as unknown as CmsContext,
      response: null as HttpResult | null,
      error: new ProviderError('GitHub failed while writing a.md'),
    };
    await withRequestSignal(signal, async () =>
      errorMapper({ info: () => {}, error: (message) => void logged.push(message) }).onError!(
        request as never,
      ),
    );
    return { response: request.response, logged };
  };

  it('is 503 naming what happened, whatever failed when the work was cut, and says a write may have landed', async () => {
    // Prepare
    const controller = new AbortController();
    controller.abort(new RequestAbandonedError('function-deadline'));

    // Act
    const write = await answer('PUT', controller.signal);
    const read = await answer('GET', controller.signal);

    // Assess
    expect(write.response?.statusCode).toBe(503);
    expect(JSON.parse(write.response!.body!)).toEqual({
      error:
        'The request did not finish in time and was stopped; its change may have been made or not: reload before trying again',
    });
    expect(JSON.parse(read.response!.body!)).toEqual({
      error: 'The request did not finish in time and was stopped; try again',
    });
    expect(write.logged).toEqual(['Request abandoned']);
  });

  it("is the error's own answer while the request is still on time", async () => {
    // Act
    const { response } = await answer('PUT', new AbortController().signal);

    // Assess
    expect(response?.statusCode).toBe(502);
  });
});
