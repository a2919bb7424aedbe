import { AsyncLocalStorage } from 'node:async_hooks';

/** Counts kept for the duration of one request, for its access log line. */
export interface RequestMetrics {
  providerCalls: number;
}

const storage = new AsyncLocalStorage<RequestMetrics>();

/** Runs one request with fresh metrics; everything it awaits sees the same record. */
export const withRequestMetrics = <T>(run: () => Promise<T>): Promise<T> => storage.run({ providerCalls: 0 }, run);

/** The current request's metrics, if a request is being served. */
export const requestMetrics = (): RequestMetrics | undefined => storage.getStore();
