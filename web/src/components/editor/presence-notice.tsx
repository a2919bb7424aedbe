import { editingWords } from '../../lib/presence-words';
import { usePresence, type PresenceItem } from './use-presence';

/**
 * Who else has this item open, and whether someone saved a newer version since it was opened:
 * soft, never a lock; the save itself still merges or says what overlaps.
 */
export default function PresenceNotice(item: PresenceItem) {
  const seen = usePresence(item);
  if (!seen) return null;
  const current = seen.sentFor === item.sha;
  const { status } = seen.file;
  const savedBy = seen.others.find((other) => other.sha === seen.file.sha)?.login;
  const warning =
    current && status === 'changed'
      ? `${savedBy ? `${savedBy} saved` : 'Someone saved'} a newer version — your save will need merging.`
      : current && status === 'removed'
        ? 'This item has been deleted since you opened it.'
        : undefined;
  const editing = editingWords(seen.others, seen.receivedAt);
  if (!warning && !editing) return null;
  return (
    <div
      className={`banner ${warning ? 'banner-warning' : 'banner-info'}`}
      role="status"
      data-testid="presence-notice"
    >
      {editing && <span>{editing}.</span>}
      {warning && <span>{warning}</span>}
    </div>
  );
}
