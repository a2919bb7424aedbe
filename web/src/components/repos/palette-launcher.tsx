import { useEffect, useMemo, useState } from 'react';
import type { CmsConfig } from '../../../../shared/content/config-schema';
import { listItems } from '../../api/content';
import { paletteEntries } from '../../lib/palette-entries';
import { useScreenActions } from '../../lib/screen-actions';
import { isMac } from '../../lib/platform';
import { useAsync } from '../../lib/use-async';
import { useRouter } from '../../router/router';
import { CommandPalette } from './command-palette';

/** The sidebar's "Go to…" button and the Ctrl K / ⌘ K shortcut, and the palette they open. */
export function PaletteLauncher({ repo, config }: { repo: string; config: CmsConfig }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A key the text editor used (Ctrl K deletes to the line's end on a Mac) is not taken from it.
      if (event.defaultPrevented || event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(isMac() ? event.metaKey : event.ctrlKey)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button type="button" className="palette-launcher" onClick={() => setOpen(true)} aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}>
        Go to… <kbd>{isMac() ? '⌘ K' : 'Ctrl K'}</kbd>
      </button>
      {open && <OpenPalette repo={repo} config={config} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Loads every collection's list (each a warm list: one GitHub request) while the palette is open. */
function OpenPalette({ repo, config, onClose }: { repo: string; config: CmsConfig; onClose(): void }) {
  const { navigate } = useRouter();
  const lists = useAsync(
    () => Promise.all(Object.keys(config.collections).map(async (collection) => ({ collection, items: (await listItems(repo, collection)).items }))),
    `palette:${repo}`,
  );
  const screenActions = useScreenActions();
  const entries = useMemo(() => paletteEntries(repo, config, lists.data ?? [], screenActions), [repo, config, lists.data, screenActions]);
  return (
    <CommandPalette
      entries={entries}
      loading={lists.status === 'loading'}
      error={lists.status === 'error' ? lists.error : undefined}
      onClose={onClose}
      onPick={(entry) => {
        onClose();
        if (entry.run) entry.run();
        else if (entry.to) navigate(entry.to);
      }}
    />
  );
}
