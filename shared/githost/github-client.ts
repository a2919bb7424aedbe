import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import { requestMetrics } from '../request-metrics';

export interface GitHubClientOptions {
  /** REST base URL: https://api.github.com, or `<host>/api/v3` on GitHub Enterprise Server and locally. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Per-request time limit; a Lambda behind API Gateway has 29 s in all. */
  timeoutMs?: number;
  /** Longest Retry-After we wait for inside one request before giving up (seconds). */
  maxRetryAfterSeconds?: number;
}

const GitHubOctokit = Octokit.plugin(paginateRest, retry, throttling);
export type GitHubClient = InstanceType<typeof GitHubOctokit>;

/**
 * The plugin's default write group spaces every write 1 s apart, and its notifications group
 * (pull requests, merges, comments) 3 s apart, process-wide and across all users; our writes are
 * a handful per request (a rebase makes four), so we keep the retry-after handling and drop that.
 */
const unspaced = () => new Bottleneck.Group({ maxConcurrent: null, minTime: 0 });
const writes = unspaced();
const notifications = unspaced();

/** GraphQL's endpoint, relative to the REST base (`/api/graphql` on GitHub Enterprise Server). */
export const graphqlUrl = (apiUrl: string) => (/\/api\/v3\/?$/.test(apiUrl) ? apiUrl.replace(/\/api\/v3\/?$/, '/api/graphql') : `${apiUrl.replace(/\/+$/, '')}/graphql`);

/**
 * Octokit core with only the plugins we use: pagination, bounded retries of idempotent reads
 * (writes pass `request: { retries: 0 }`), and rate-limit handling that waits out a short
 * Retry-After once and otherwise fails fast (the caller answers 502, never hangs).
 */
export function createGitHubClient(token: string, options: GitHubClientOptions): GitHubClient {
  const maxWait = options.maxRetryAfterSeconds ?? 3;
  const shouldWait = (retryAfter: number, retryCount: number) => retryCount < 1 && retryAfter <= maxWait;
  // Every attempt (retries included: each one calls fetch) gets its own time limit, so a provider
  // that hangs costs bounded waits (3 attempts of 6 s plus backoff for reads), inside the 29 s API Gateway
  // gives a Lambda. A hook cannot do this: octokit binds hook options before a retry runs.
  const timeoutMs = options.timeoutMs ?? 6_000;
  const baseFetch = options.fetch ?? fetch;
  const timedFetch: typeof fetch = (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const client = new GitHubOctokit({
    auth: token,
    baseUrl: options.apiUrl.replace(/\/+$/, ''),
    request: { fetch: timedFetch },
    retry: { retries: 2, doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451] },
    throttle: {
      write: writes,
      notifications,
      onRateLimit: (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number) => shouldWait(retryAfter, retryCount),
      onSecondaryRateLimit: (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number) => shouldWait(retryAfter, retryCount),
    },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  client.hook.before('request', () => {
    const metrics = requestMetrics();
    if (metrics) metrics.providerCalls += 1;
  });
  return client;
}

/** Request options for calls that change state: never retried blindly. */
export const noRetry = { request: { retries: 0 } } as const;
