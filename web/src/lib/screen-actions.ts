import { useEffect, useSyncExternalStore } from 'react';

/** Something the screen on display can do, offered by the command palette (the editor's Save, Publish, layout…). */
export interface ScreenAction {
  id: string;
  label: string;
  /** Shown after the label: where it acts, or its key. */
  detail: string;
  run(): void;
}

let current: readonly ScreenAction[] = [];
const listeners = new Set<() => void>();

function publish(actions: readonly ScreenAction[]): void {
  current = actions;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The actions of the screen on display (none when it offers none). */
export function useScreenActions(): readonly ScreenAction[] {
  return useSyncExternalStore(subscribe, () => current);
}

/** Offers `actions` while the calling screen is mounted; pass a memoised list. */
export function useProvideScreenActions(actions: readonly ScreenAction[]): void {
  useEffect(() => {
    publish(actions);
    return () => publish([]);
  }, [actions]);
}
