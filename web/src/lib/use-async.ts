import { useCallback, useEffect, useState } from 'react';
import { canRetry, statusOf } from './retry';
import { useLatest } from './use-latest';

export type AsyncState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | {
      status: 'error';
      error: string;
      /** The answer's HTTP status, when the service answered (a 404 is shown as no access). */
      httpStatus?: number;
      /** Whether asking again can help (retry.ts): else no "Try again" is offered. */
      retryable: boolean;
      data?: T;
    };

/** The last answer, with the request (key and attempt) it answers. */
interface Settled<T> {
  key: string;
  attempt: number;
  state: AsyncState<T>;
}

/**
 * Loads `load()` whenever `key` changes; `reload()` refetches while keeping the data on screen.
 * Answers that arrive after the key changed are dropped. "Loading" is not stored: it is what the
 * state is while the last answer is for another request.
 */
export function useAsync<T>(
  load: () => Promise<T>,
  key: string,
): AsyncState<T> & {
  reload(): void;
  /** `reload` where asking again can help (a network failure, a 5xx, a rate limit), else undefined. */
  retry: (() => void) | undefined;
  set(data: T): void;
} {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | undefined>();
  const loader = useLatest(load);

  useEffect(() => {
    let current = true;
    loader.current().then(
      (data) => current && setSettled({ key, attempt, state: { status: 'ready', data } }),
      (error: Error) =>
        current &&
        setSettled((previous) => ({
          key,
          attempt,
          state: {
            status: 'error',
            error: error.message,
            httpStatus: statusOf(error),
            retryable: canRetry(error),
            data: dataFor(previous, key),
          },
        })),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, loader]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback(
    (data: T) => setSettled({ key, attempt, state: { status: 'ready', data } }),
    [key, attempt],
  );
  const state: AsyncState<T> =
    settled?.key === key && settled.attempt === attempt
      ? settled.state
      : { status: 'loading', data: dataFor(settled, key) };
  const retry = state.status === 'error' && state.retryable ? reload : undefined;
  return { ...state, reload, retry, set };
}

/** A reload keeps the data on screen; another key's data is never shown. */
function dataFor<T>(settled: Settled<T> | undefined, key: string): T | undefined {
  return settled?.key === key ? settled.state.data : undefined;
}
