import { AsyncLocalStorage } from 'node:async_hooks';

/** Counts kept for the duration of one request, for its log line and metrics (shared/http/access-log.ts). */
export interface RequestMetrics {
  /** Round trips to GitHub (each retry is one more). */
  providerCalls: number;
  /** Requests sent to DynamoDB (an SDK retry of one request is not another). */
  storeRequests: number;
  /** KMS calls that failed: denied, key disabled or pending deletion, throttled, unreachable, refused ciphertext. */
  kmsFailures: number;
}

const storage = new AsyncLocalStorage<RequestMetrics>();

/** Runs one request with fresh metrics; everything it awaits sees the same record. */
export const withRequestMetrics = <T>(run: () => Promise<T>): Promise<T> =>
  storage.run({ providerCalls: 0, storeRequests: 0, kmsFailures: 0 }, run);

/** The current request's metrics, if a request is being served. */
export const requestMetrics = (): RequestMetrics | undefined => storage.getStore();
