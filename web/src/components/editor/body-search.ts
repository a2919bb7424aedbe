import { StateEffect } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';

/** Views whose configuration already holds the search extension and its keys. */
const equipped = new WeakSet<EditorView>();

/**
 * Find (and replace) in the body: CodeMirror's own search panel, loaded on the first Ctrl/⌘ F so
 * that the editor's first download does not carry it. Its keys (Enter / F3 for the next match,
 * Escape to close) come with it.
 */
export async function openBodySearch(view: EditorView): Promise<void> {
  const { openSearchPanel, search, searchKeymap } = await import('@codemirror/search');
  if (!equipped.has(view)) {
    equipped.add(view);
    view.dispatch({
      effects: StateEffect.appendConfig.of([search({ top: true }), keymap.of(searchKeymap)]),
    });
  }
  openSearchPanel(view);
}
