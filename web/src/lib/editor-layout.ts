import { useCallback, useState } from 'react';

/**
 * Where the editor puts the fields other than the title on wide screens: `side` (a panel beside
 * the body, the default) or `stacked` (a section under the body, as on narrow screens). The title
 * and the body always come first. The reader's choice, remembered in this browser.
 */
export type EditorLayout = 'stacked' | 'side';
const key = 'cms:editor-layout';

export function readEditorLayout(): EditorLayout {
  try {
    return localStorage.getItem(key) === 'stacked' ? 'stacked' : 'side';
  } catch {
    return 'side';
  }
}

export function writeEditorLayout(layout: EditorLayout): void {
  try {
    if (layout === 'side') localStorage.removeItem(key);
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
