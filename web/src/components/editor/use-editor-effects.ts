import { useEffect, type RefObject } from 'react';
import type { Frontmatter } from '../../lib/form-model';
import { clearLocalDraft, writeLocalDraft, type LocalConflict } from '../../lib/local-drafts';
import type { SaveAction } from '../../lib/save-plan';
import { useLatest } from '../../lib/use-latest';
import { useRouter } from '../../router/router';

/** What the editor's side effects watch. */
export interface EditorEffectsInput {
  dirty: boolean;
  title: string;
  frontmatter: Frontmatter;
  body: string;
  slugText?: string;
  /** Where this item's unsaved edits are kept in this browser. */
  localKey: string;
  /** The sha the edits on screen started from. */
  sha?: string;
  /** Whether the edits on screen were put back from this browser (and are not yet saved or discarded). */
  restored: boolean;
  /** An unresolved conflict: kept with the edits, so that a reload offers it again. */
  conflict?: LocalConflict;
  /** Set when the item was deleted or discarded: leaving must not keep its edits. */
  discarded: RefObject<boolean>;
  save(action: SaveAction): void;
}

/**
 * The editor's side effects: Ctrl/Cmd-S saves with the primary action, leaving with unsaved changes
 * asks first, and unsaved edits are mirrored to localStorage (a session that ends loses nothing).
 */
export function useEditorEffects(input: EditorEffectsInput, primary: SaveAction): void {
  const { setGuard } = useRouter();
  const latest = useLatest(input);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current.save(primary);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [primary, latest]);

  const { dirty, title } = input;
  useEffect(() => {
    setGuard(dirty ? `You have unsaved changes to “${title}”.` : undefined);
  }, [dirty, title, setGuard]);
  useEffect(() => () => setGuard(undefined), [setGuard]);

  const { frontmatter, body, slugText, localKey, sha, conflict } = input;
  useEffect(() => {
    if (!dirty) {
      if (!latest.current.restored) clearLocalDraft(localKey);
      return;
    }
    const timer = setTimeout(
      () =>
        writeLocalDraft(localKey, { frontmatter, body, baseSha: sha, slug: slugText, conflict }),
      300,
    );
    return () => clearTimeout(timer);
  }, [dirty, frontmatter, body, slugText, localKey, sha, conflict, latest]);

  // Leaving the screen (or the session ending) inside the debounce window still keeps the edits.
  useEffect(
    () => () => {
      const {
        dirty: unsaved,
        frontmatter: fm,
        body: text,
        slugText: typed,
        localKey: key,
        sha: at,
        conflict: both,
        discarded,
      } = latest.current;
      if (unsaved && !discarded.current)
        writeLocalDraft(key, {
          frontmatter: fm,
          body: text,
          baseSha: at,
          slug: typed,
          conflict: both,
        });
    },
    [latest],
  );
}
