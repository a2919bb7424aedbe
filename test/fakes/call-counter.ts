/**
 * Counts the calls made to each method of a port, so a unit test can assert round trips (one
 * snapshot per read, no blob read on a warm list) without a mock library.
 */
export function countCalls<T extends object>(
  target: T,
): { port: T; calls: Record<string, number>; reset(): void } {
  const calls: Record<string, number> = {};
  const port = Object.fromEntries(
    Object.entries(target).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            calls[name] = (calls[name] ?? 0) + 1;
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          }
        : value,
    ]),
  ) as T;
  return { port, calls, reset: () => Object.keys(calls).forEach((name) => delete calls[name]) };
}
