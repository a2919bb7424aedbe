/**
 * A production-shaped delay: every REST, GraphQL and OAuth request (the web and device flows'
 * pages and token endpoints) waits `latencyMs` before it is served, as a service in a cloud
 * region waits on GitHub's API (about 80 ms a round trip). Each request waits on its own, so
 * concurrent requests overlap as they do on a network. The host's own pages, avatars and git
 * traffic are not delayed. 0, the default, adds nothing, not even a timer.
 */

/** GitHub ends any API request that takes longer than 10 s: a longer delay would model nothing GitHub does. */
export const MAX_LATENCY_MS = 10_000;

/** How the host waits out the delay; tests pass their own to see it without a clock. */
export type Wait = (ms: number) => Promise<void>;

export const timerWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LatencyControls {
  /** Test control: from now on every REST, GraphQL and OAuth request waits `ms` before it is served (0: none). */
  setLatency(ms: number): void;
}

/** The paths that wait: the REST and GraphQL APIs and everything under /login/ (OAuth web flow, device flow). */
export function isDelayedPath(path: string): boolean {
  return (
    path === '/api/v3' ||
    path.startsWith('/api/v3/') ||
    path === '/api/graphql' ||
    path.startsWith('/login/')
  );
}

export function checkedLatency(ms: number): number {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
    throw new Error(
      `latencyMs must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS.toLocaleString('en')}, not ${ms}`,
    );
  return ms;
}
