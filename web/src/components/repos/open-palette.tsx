import { useMemo } from 'react';
import type { CmsConfig } from '../../../../shared/content/config-schema';
import { listItems, wholeListLimit } from '../../api/content';
import { paletteEntries } from '../../lib/palette-entries';
import { useScreenActions } from '../../lib/screen-actions';
import { useAsync } from '../../lib/use-async';
import { useRouter } from '../../router/router';
import { CommandPalette } from './command-palette';

/**
 * Loads each collection's first page (up to 1,000 items, in path order: a warm page costs one
 * GitHub request or none) while the palette is open. A collection too large for one answer would
 * refuse its whole list (400), so the palette never asks for it; items past the first page are
 * found with the list's own search, which asks the service.
 */
export default function OpenPalette({
  repo,
  config,
  onClose,
}: {
  repo: string;
  config: CmsConfig;
  onClose(): void;
}) {
  const { navigate } = useRouter();
  const lists = useAsync(
    () =>
      Promise.all(
        Object.keys(config.collections).map(async (collection) => ({
          collection,
          items: (await listItems(repo, collection, { limit: wholeListLimit })).items,
        })),
      ),
    `palette:${repo}`,
  );
  const screenActions = useScreenActions();
  const entries = useMemo(
    () => paletteEntries(repo, config, lists.data ?? [], screenActions),
    [repo, config, lists.data, screenActions],
  );
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
