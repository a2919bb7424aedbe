import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { matchEntries, type PaletteEntry } from '../../lib/palette-entries';
import { Dialog } from '../ui/dialog';

interface CommandPaletteProps {
  entries: readonly PaletteEntry[];
  /** Items are still loading (actions are there at once). */
  loading: boolean;
  error?: string;
  onPick(entry: PaletteEntry): void;
  onClose(): void;
}

/**
 * Open an item by title or slug, or run an action, from the keyboard: a combobox over a listbox
 * (arrows move, Enter opens, Escape closes), filtered as you type by every word of the query.
 */
export function CommandPalette({ entries, loading, error, onPick, onClose }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const shown = useMemo(() => matchEntries(entries, query), [entries, query]);
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length > 0)
        setActive((current + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = shown[current];
      if (picked) onPick(picked);
    }
  };

  return (
    <Dialog title="Go to…" onClose={onClose} wide>
      <input
        className="palette-input"
        type="text"
        role="combobox"
        aria-label="Item title, slug or action"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
        aria-autocomplete="list"
        placeholder="Type a title, a slug or an action"
        autoComplete="off"
        spellCheck={false}
        value={query}
        data-autofocus
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Matches" className="palette-list">
        {shown.map((entry, index) => (
          <li
            key={entry.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className="palette-option"
            onMouseMove={() => setActive(index)}
            onClick={() => onPick(entry)}
          >
            <span className="palette-label">{entry.label}</span>
            <span className="muted small">
              {entry.kind === 'action' ? `Action · ${entry.detail}` : entry.detail}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted small palette-status" role="status">
        {error
          ? `Items could not be loaded: ${error}`
          : loading
            ? 'Loading items…'
            : shown.length === 0
              ? 'Nothing matches.'
              : `${shown.length} ${shown.length === 1 ? 'match' : 'matches'}`}
      </p>
    </Dialog>
  );
}
