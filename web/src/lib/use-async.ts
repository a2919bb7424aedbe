import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; data?: T };

/**
 * Loads `load()` whenever `key` changes; `reload()` refetches while keeping the data on screen.
 * Answers that arrive after the key changed are dropped.
 */
export function useAsync<T>(load: () => Promise<T>, key: string): AsyncState<T> & { reload(): void; set(data: T): void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: attempt > 0 ? previous.data : undefined }));
    loader.current().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: Error) => current && setState((previous) => ({ status: 'error', error: error.message, data: previous.data })),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, set };
}
