import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { requestMetrics } from '../../request-metrics';
import { requestSignal } from '../../request-signal';
import { retrying, type RetryPolicy } from './github-retry';
import type { RateLimitLog } from './github-rate-limits';

export interface GitHubClientOptions {
  /** REST base URL: https://api.github.com, or `<host>/api/v3` on GitHub Enterprise Server and locally. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Per-request time limit; a Lambda behind API Gateway has 29 s in all. */
  timeoutMs?: number;
  /** Longest Retry-After we wait for inside one request before giving up (seconds). */
  maxRetryAfterSeconds?: number;
  /** How the client waits between attempts (tests record the waits). */
  wait?: RetryPolicy['wait'];
  /** Where each answer's rate-limit headers are noted, per token. */
  rateLimits?: RateLimitLog;
}

const GitHubOctokit = Octokit.plugin(paginateRest);
export type GitHubClient = InstanceType<typeof GitHubOctokit>;

/** GraphQL's endpoint, relative to the REST base (`/api/graphql` on GitHub Enterprise Server). */
export const graphqlUrl = (apiUrl: string) =>
  /\/api\/v3\/?$/.test(apiUrl)
    ? apiUrl.replace(/\/api\/v3\/?$/, '/api/graphql')
    : `${apiUrl.replace(/\/+$/, '')}/graphql`;

/**
 * Octokit core with pagination, bounded retries of idempotent reads (writes pass
 * `request: { retries: 0 }`), and rate-limit handling that waits out a short Retry-After once and
 * otherwise fails fast (the caller answers 502, never hangs); see github-retry.ts. Requests are
 * never spaced out or queued process-wide: our writes are a handful per request.
 */
export function createGitHubClient(token: string, options: GitHubClientOptions): GitHubClient {
  // Every attempt (retries included: each one calls fetch) gets its own time limit, so a provider
  // that hangs costs bounded waits (3 attempts of 6 s plus backoff for reads), inside the 29 s API Gateway
  // gives a Lambda. A hook cannot do this: octokit binds hook options before a retry runs.
  const timeoutMs = options.timeoutMs ?? 6_000;
  const baseFetch = options.fetch ?? fetch;
  // The request being served may have been abandoned (shared/request-signal.ts): then nothing
  // more is sent, and what is in flight is cut.
  const timedFetch: typeof fetch = async (input, init) => {
    const abandoned = requestSignal();
    abandoned?.throwIfAborted();
    // One controller with its own timer, not AbortSignal.any over AbortSignal.timeout: Node 20
    // holds the sources of AbortSignal.any weakly, so a collected timeout signal never fired
    // and a silent GitHub hung the request (test/unit/github-no-answer.test.ts).
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(
          new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
        ),
      timeoutMs,
    );
    const sources = [init?.signal, abandoned].filter(
      (signal): signal is AbortSignal => signal !== undefined && signal !== null,
    );
    const follow = (source: AbortSignal) => () => controller.abort(source.reason);
    const listeners = sources.map((source) => {
      const listener = follow(source);
      if (source.aborted) listener();
      else source.addEventListener('abort', listener, { once: true });
      return [source, listener] as const;
    });
    try {
      return await baseFetch(input, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      for (const [source, listener] of listeners) source.removeEventListener('abort', listener);
    }
  };
  const client = new GitHubOctokit({
    auth: token,
    baseUrl: options.apiUrl.replace(/\/+$/, ''),
    request: { fetch: timedFetch },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  retrying(client, {
    retries: 2,
    doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451],
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 3,
    wait: options.wait,
  });
  client.hook.before('request', () => {
    const metrics = requestMetrics();
    if (metrics) metrics.providerCalls += 1;
  });
  const rateLimits = options.rateLimits;
  if (rateLimits)
    client.hook.after('request', (response) =>
      rateLimits.record(token, response.headers as Record<string, unknown>),
    );
  return client;
}

/** Request options for calls that change state: never retried blindly. */
export const noRetry = { request: { retries: 0 } } as const;
