import { useEffect, useState } from 'react';
import { listPresence } from '../../api/presence';

/** Each item someone else has open, by slug: who (logins, first opened first). */
export type Editing = ReadonlyMap<string, readonly string[]>;

const everySeconds = 30;

/**
 * Who else has which item of the collection open, asked when the list shows and every 30 s while
 * the tab is visible (one small request). Presence is soft: a failed answer shows nobody.
 */
export function useCollectionPresence(repo: string, collection: string): Editing {
  const [editing, setEditing] = useState<Editing>(new Map());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function ask() {
      clearTimeout(timer);
      if (stopped || document.visibilityState === 'hidden') return;
      try {
        const { editors } = await listPresence(repo, collection);
        if (stopped) return;
        const bySlug = new Map<string, string[]>();
        for (const editor of editors)
          bySlug.set(editor.slug, [...(bySlug.get(editor.slug) ?? []), editor.login]);
        setEditing(bySlug);
      } catch {
        // Shown as nobody; the next round asks again.
      }
      if (!stopped) timer = setTimeout(ask, everySeconds * 1000);
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void ask();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [repo, collection]);
  return editing;
}
