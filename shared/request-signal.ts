import { currentRequestContext, withContextParts } from './request-context';

/**
 * The request being served can be abandoned: API Gateway has answered 503 (its integration
 * timeout passed) or the function's own deadline has come. Its signal is kept for the duration
 * of the request in its context (request-context.ts), and read where work leaves the process:
 * the GitHub client (github-client.ts) and the table (dynamodb-store.ts, through the SDK's abortSignal) send nothing
 * once it is aborted and cut what is in flight, so no write starts after the client was told the
 * request failed.
 */
export class RequestAbandonedError extends Error {
  override name = 'RequestAbandonedError';
  constructor(readonly why: 'integration-timeout' | 'function-deadline') {
    super(
      why === 'integration-timeout'
        ? 'API Gateway stopped waiting for the answer (integration timeout)'
        : 'The function reached its deadline',
    );
  }
}

/** Runs `run` under `signal`; everything it awaits sees it. */
export const withRequestSignal = <T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> =>
  withContextParts({ signal }, run);

/** The current request's signal, when a request is being served (and not inside `runToCompletion`). */
export const requestSignal = (): AbortSignal | undefined => currentRequestContext()?.signal;

/**
 * Runs `work` to its end even if the request is abandoned meanwhile, for steps that must not stop
 * halfway: a provider token refresh (GitHub invalidates the refresh token it was sent, so the new
 * tokens must reach the table, or the user has to sign in again).
 */
export const runToCompletion = <T>(work: () => Promise<T>): Promise<T> =>
  withContextParts({ signal: undefined }, work);

/** `work`'s outcome, or the abort reason as soon as the request is abandoned (a wait that should not outlast it). */
export function unlessAbandoned<T>(work: Promise<T>): Promise<T> {
  const signal = requestSignal();
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
