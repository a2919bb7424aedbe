import { currentRequestContext, withContextParts } from '../request-context';
import { sameKey, type StoreItem, type StoreKey } from '../ports/store';

/**
 * Items one request read early, together with something it had to read anyway (its credential),
 * kept for that request only and handed out once: the next read of exactly those keys in the same
 * request takes them instead of asking the table again. They were read strongly consistent in the
 * same request, so they are as fresh as the read they replace; nothing outlives the request.
 */

/** The request's read-ahead (request-context.ts), which only this module fills and empties. */
const kept = () =>
  currentRequestContext()?.readAhead as Map<string, StoreItem | undefined> | undefined;

const idOf = (key: StoreKey) => `${key.pk}\u0000${key.sk}`;

/** Runs one request with an empty read-ahead. */
export const withReadAhead = <T>(run: () => Promise<T>): Promise<T> =>
  withContextParts({ readAhead: new Map() }, run);

/** Keeps what a read found for `keys` (absent keys are kept as absent). Outside a request, nothing is kept. */
export function keepForRequest(keys: readonly StoreKey[], found: readonly StoreItem[]): void {
  const request = kept();
  if (!request) return;
  for (const key of keys)
    request.set(
      idOf(key),
      found.find((item) => sameKey(item, key)),
    );
}

/** The kept items for all of `keys`, in order, each taken out; undefined (nothing taken) unless every key was kept. */
export function takeKept(keys: readonly StoreKey[]): (StoreItem | undefined)[] | undefined {
  const request = kept();
  if (!request || !keys.every((key) => request.has(idOf(key)))) return undefined;
  return keys.map((key) => {
    const item = request.get(idOf(key));
    request.delete(idOf(key));
    return item;
  });
}
