import { ApiError } from '../api/client';

/** How far the collection's index has come: files read of the collection's files. */
export interface IndexProgress {
  done: number;
  total: number;
}

/** The progress a 503 carries while the collection's index is built; undefined for any other failure. */
export function indexProgressOf(error: unknown): IndexProgress | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const progress = (error.body as { progress?: Partial<IndexProgress> } | undefined)?.progress;
  return typeof progress?.done === 'number' && typeof progress.total === 'number'
    ? { done: progress.done, total: progress.total }
    : undefined;
}

/** Waits between two asks of an index being built: never under 1 s nor over 30 s. */
const minWaitMs = 1000;
const maxWaitMs = 30_000;

/**
 * How long to wait before asking again: the answer's Retry-After when it gave one, else a
 * doubling backoff from 2 s; bounded either way, so a wrong header neither hammers the service nor
 * leaves the editor waiting for minutes.
 */
export function retryDelayMs(error: unknown, attempt: number): number {
  const header = error instanceof ApiError ? Number(error.headers?.get('retry-after')) : Number.NaN;
  const wanted = Number.isFinite(header) && header > 0 ? header * 1000 : 2000 * 2 ** attempt;
  return Math.min(Math.max(wanted, minWaitMs), maxWaitMs);
}

/** `ms` later, or an AbortError as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * `load()`, asked again while the service answers 503 with the index's progress (each progress
 * given to `onProgress`), after the wait the answer asks for. Ends with the first other answer,
 * or an AbortError when `signal` aborts (the user moved on): nothing is asked after that.
 */
export async function whileIndexing<T>(
  load: () => Promise<T>,
  options: { signal: AbortSignal; onProgress(progress: IndexProgress): void },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const progress = indexProgressOf(error);
      if (!progress || options.signal.aborted) throw error;
      options.onProgress(progress);
      await pause(retryDelayMs(error, attempt), options.signal);
    }
  }
}
