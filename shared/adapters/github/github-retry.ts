import type { Octokit } from '@octokit/core';
import { requestSignal, unlessAbandoned } from '../../request-signal';

/**
 * Retries and rate-limit handling for octokit in one request hook, in place of
 * `@octokit/plugin-retry` and `@octokit/plugin-throttling`: those schedule every request through
 * Bottleneck (82 KB of the Lambda bundles, ~10 ms of module load) to space requests out, which
 * we turned off anyway. What they did for us is kept:
 *
 * - an idempotent request that fails with a status outside `doNotRetry` (a 5xx, a closed
 *   connection or a timeout, which octokit reports as 500) is sent again after 1 s, then 4 s, at
 *   most `retries` times; `request: { retries: 0 }` (writes) sends it once;
 * - a rate-limited request (403/429 naming the secondary rate limit, `x-ratelimit-remaining: 0`,
 *   or GraphQL's `RATE_LIMITED`) is repeated once, writes included (GitHub did not run it), when
 *   GitHub asks to wait at most `maxRetryAfterSeconds`; otherwise it fails at once and
 *   github-refusals.ts names it;
 * - GraphQL's transient "Something went wrong while executing your query" counts as a 500;
 * - nothing is repeated, or waited for, once the request being served was abandoned
 *   (shared/request-signal.ts);
 * - at most 10 requests are in flight per process (the plugin's global limit): local mode serves
 *   every user from one process, and GitHub asks clients not to flood it with concurrent requests.
 *   A Lambda container serves one request at a time, so there it never queues.
 */
export interface RetryPolicy {
  retries: number;
  doNotRetry: readonly number[];
  /** Longest Retry-After waited for inside one request (seconds). */
  maxRetryAfterSeconds: number;
  /** Waits between attempts; tests record the waits instead. */
  wait?: (ms: number) => Promise<void>;
}

interface GraphqlErrors {
  errors?: { type?: string; message?: string }[];
}

interface ErrorLike {
  status?: number;
  message?: string;
  request?: unknown;
  response?: { headers?: Record<string, unknown>; data?: unknown };
}

/** Seconds GitHub asks us to wait, when the error is a rate limit. */
export function rateLimitWait(error: ErrorLike, nowMs: number): number | undefined {
  const headers = error.response?.headers ?? {};
  const graphqlLimited = ((error.response?.data as GraphqlErrors | undefined)?.errors ?? []).some(
    (entry) => entry?.type === 'RATE_LIMITED',
  );
  if (
    (error.status === 403 || error.status === 429) &&
    /\bsecondary rate\b/i.test(error.message ?? '')
  ) {
    return Number(headers['retry-after']) || 60;
  }
  if (
    ((error.status === 403 || error.status === 429) &&
      String(headers['x-ratelimit-remaining']) === '0') ||
    graphqlLimited
  ) {
    return Math.max(
      Math.ceil((Number(headers['x-ratelimit-reset'] ?? 0) * 1000 - nowMs) / 1000) + 1,
      0,
    );
  }
  return undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs at most `max` tasks at once, the others in arrival order. */
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

const inFlight = concurrencyLimit(10);

/** Installs the policy on a client (one request hook). */
export function retrying(octokit: Pick<Octokit, 'hook'>, policy: RetryPolicy): void {
  const wait = policy.wait ?? sleep;
  octokit.hook.wrap('request', async (request, options) => {
    const retries = options.request?.retries ?? policy.retries;
    let retried = 0;
    let rateLimitWaited = false;
    for (;;) {
      let failure: ErrorLike;
      try {
        const response = await inFlight(async () => request(options));
        const errors = (response.data as GraphqlErrors | undefined)?.errors;
        if (!Array.isArray(errors) || errors.length === 0) return response;
        if (errors.some((entry) => entry?.type === 'RATE_LIMITED')) {
          failure = Object.assign(new Error('GraphQL Rate Limit Exceeded'), {
            response,
            data: response.data,
          });
        } else if (
          /Something went wrong while executing your query/.test(errors[0]?.message ?? '')
        ) {
          failure = Object.assign(new Error(errors[0]!.message), {
            status: 500,
            request: options,
            response,
          });
        } else {
          return response;
        }
      } catch (error) {
        failure = error as ErrorLike;
      }
      if (requestSignal()?.aborted) throw failure;
      const limitedFor = rateLimitWait(failure, Date.now());
      if (limitedFor !== undefined) {
        if (rateLimitWaited || limitedFor > policy.maxRetryAfterSeconds) throw failure;
        rateLimitWaited = true;
        await unlessAbandoned(wait(limitedFor * 1000));
        continue;
      }
      const retryable =
        failure.request !== undefined &&
        typeof failure.status === 'number' &&
        failure.status >= 400 &&
        !policy.doNotRetry.includes(failure.status);
      if (!retryable || retried >= retries) throw failure;
      retried += 1;
      await unlessAbandoned(wait(retried ** 2 * 1000));
    }
  });
}
