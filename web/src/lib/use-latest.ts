import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the value of the last committed render, for effects and event listeners that
 * must call the current callback without re-subscribing. It is written after the commit (a layout
 * effect, before any effect runs), never during render; read it only in effects and handlers.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
