import { lazy, Suspense } from 'react';
import type { PresenceItem } from './use-presence';

// Loaded after the editor: its heartbeat is no reason to delay typing, nor to weigh on the screen's first download.
const PresenceNotice = lazy(() => import('./presence-notice'));

/** Where the presence notice goes on the item screen (existing items only). */
export function PresenceSlot(item: PresenceItem) {
  return (
    <Suspense fallback={null}>
      <PresenceNotice {...item} />
    </Suspense>
  );
}
