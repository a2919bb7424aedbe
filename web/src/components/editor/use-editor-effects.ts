import { useEffect, useRef } from 'react';
import { clearLocalDraft, writeLocalDraft } from '../../lib/local-drafts';
import type { SaveAction } from '../../lib/save-plan';
import { useRouter } from '../../router/router';
import type { ItemEditorModel } from './use-item-editor';

/**
 * The editor's side effects: Ctrl/Cmd-S saves with the primary action, leaving with unsaved changes
 * asks first, and unsaved edits are mirrored to localStorage (a session that ends loses nothing).
 */
export function useEditorEffects(model: ItemEditorModel, primary: SaveAction): void {
  const { setGuard } = useRouter();
  const latest = useRef(model);
  latest.current = model;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void latest.current.save(primary);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [primary]);

  const { dirty, title } = model;
  useEffect(() => {
    setGuard(dirty ? `You have unsaved changes to “${title}”.` : undefined);
  }, [dirty, title, setGuard]);
  useEffect(() => () => setGuard(undefined), [setGuard]);

  const { frontmatter, body, slugText, localKey, location } = model;
  useEffect(() => {
    if (!dirty) {
      if (!latest.current.restored) clearLocalDraft(localKey);
      return;
    }
    const timer = setTimeout(() => writeLocalDraft(localKey, { frontmatter, body, baseSha: location.sha, slug: slugText }), 300);
    return () => clearTimeout(timer);
  }, [dirty, frontmatter, body, slugText, localKey, location.sha]);

  // Leaving the screen (or the session ending) inside the debounce window still keeps the edits.
  useEffect(
    () => () => {
      const { dirty: unsaved, frontmatter: fm, body: text, slugText: typed, localKey: key, location: at } = latest.current;
      if (unsaved && !latest.current.discarded.current) writeLocalDraft(key, { frontmatter: fm, body: text, baseSha: at.sha, slug: typed });
    },
    [],
  );
}
