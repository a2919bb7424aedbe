import { useCallback, useState } from 'react';

/**
 * How the body is edited: as markdown source (CodeMirror) or as rich text (ProseMirror, loaded
 * when first chosen). The writer's choice, remembered in this browser.
 */
export type BodyMode = 'markdown' | 'rich';
const key = 'cms:body-mode';

export function readBodyMode(): BodyMode {
  try {
    return localStorage.getItem(key) === 'rich' ? 'rich' : 'markdown';
  } catch {
    return 'markdown';
  }
}

export function useBodyMode(): [BodyMode, (mode: BodyMode) => void] {
  const [mode, setMode] = useState(readBodyMode);
  const choose = useCallback((next: BodyMode) => {
    setMode(next);
    try {
      if (next === 'markdown') localStorage.removeItem(key);
      else localStorage.setItem(key, next);
    } catch {
      // Storage disabled: the choice lasts for this visit only.
    }
  }, []);
  return [mode, choose];
}
