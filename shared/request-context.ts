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

/**
 * What one request carries besides its input, for the code deep below the route that needs it
 * without being handed it: the signal its work stops on (request-signal.ts), its metrics
 * (request-metrics.ts) and the items read ahead for it (shared/store/read-ahead.ts). The
 * requestContext middleware (shared/http/request-context.ts) creates one at the top of every
 * group's chain; a part that is absent is not kept (work outside a request, a test of one part).
 */
export interface RequestContext {
  readonly signal?: AbortSignal;
  readonly metrics?: RequestMetrics;
  /** By store key; read-ahead.ts alone reads and writes it. */
  readonly readAhead?: Map<string, unknown>;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const newRequestMetrics = (): RequestMetrics => ({
  providerCalls: 0,
  storeRequests: 0,
  kmsFailures: 0,
});

/**
 * Makes `context` the current request's for everything the caller does and awaits from here on.
 * The caller must run in an async scope of its own (makeGroupHandler gives every invocation one),
 * so the context never reaches the code that invoked the handler or the next request.
 */
export const enterRequestContext = (context: RequestContext): void => storage.enterWith(context);

/** The current request's context, if a request is being served. */
export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/** Runs `run` with `parts` of the current context replaced, the rest kept as it is. */
export const withContextParts = <T>(
  parts: Partial<RequestContext>,
  run: () => Promise<T>,
): Promise<T> => storage.run({ ...storage.getStore(), ...parts }, run);
