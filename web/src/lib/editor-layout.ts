import { useCallback, useState } from 'react';

/**
 * How the editor arranges the form and the body on wide screens: `stacked` (the form above the
 * body) or `side` (the form beside the body). The reader's choice, remembered in this browser.
 */
export type EditorLayout = 'stacked' | 'side';
const key = 'cms:editor-layout';

export function readEditorLayout(): EditorLayout {
  try {
    return localStorage.getItem(key) === 'side' ? 'side' : 'stacked';
  } catch {
    return 'stacked';
  }
}

export function writeEditorLayout(layout: EditorLayout): void {
  try {
    if (layout === 'stacked') localStorage.removeItem(key);
    else localStorage.setItem(key, layout);
  } catch {
    // Storage disabled: the choice lasts for this visit only.
  }
}

/** The layout and a switch between the two, remembered across visits. */
export function useEditorLayout(): [EditorLayout, () => void] {
  const [layout, setLayout] = useState(readEditorLayout);
  const toggle = useCallback(() => {
    setLayout((now) => {
      const next = now === 'side' ? 'stacked' : 'side';
      writeEditorLayout(next);
      return next;
    });
  }, []);
  return [layout, toggle];
}
