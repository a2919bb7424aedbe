import { lazy, Suspense, useEffect, useState } from 'react';
import { Loading } from '../ui/states';

// The list itself is loaded when asked for: no screen's first view shows it.
const ShortcutsDialog = lazy(() => import('./shortcuts-table'));

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The sidebar's "Keyboard shortcuts" button and the `?` key (outside text fields), and the list they open. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key !== '?' ||
        event.defaultPrevented ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        typing(event.target)
      )
        return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="shortcuts-button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="?"
      >
        Keyboard shortcuts
      </button>
      {open && (
        <Suspense fallback={<Loading label="Opening the shortcuts…" />}>
          <ShortcutsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
