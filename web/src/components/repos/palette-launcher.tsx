import { lazy, Suspense, useEffect, useState } from 'react';
import type { CmsConfig } from '../../../../shared/content/config-schema';
import { isMac } from '../../lib/platform';

/** The palette itself loads when first opened: no screen downloads it up front. */
const OpenPalette = lazy(() => import('./open-palette'));

/** The sidebar's "Go to…" button and the Ctrl K / ⌘ K shortcut, and the palette they open. */
export function PaletteLauncher({ repo, config }: { repo: string; config: CmsConfig }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A key the text editor used (Ctrl K deletes to the line's end on a Mac) is not taken from it.
      if (
        event.defaultPrevented ||
        event.key.toLowerCase() !== 'k' ||
        event.altKey ||
        event.shiftKey
      )
        return;
      if (!(isMac() ? event.metaKey : event.ctrlKey)) return;
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
        className="palette-launcher"
        onClick={() => setOpen(true)}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
      >
        Go to… <kbd>{isMac() ? '⌘ K' : 'Ctrl K'}</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <OpenPalette repo={repo} config={config} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
