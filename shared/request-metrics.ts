import {
  currentRequestContext,
  newRequestMetrics,
  withContextParts,
  type RequestMetrics,
} from './request-context';

/** Runs `run` with fresh metrics; everything it awaits sees the same record. */
export const withRequestMetrics = <T>(run: () => Promise<T>): Promise<T> =>
  withContextParts({ metrics: newRequestMetrics() }, run);

/** The current request's metrics, if a request is being served. */
export const requestMetrics = (): RequestMetrics | undefined => currentRequestContext()?.metrics;
