import { Icon } from '../ui/icons';

interface BulkBarProps {
  /** The count in words ("12 items", "3 of 12 items"). */
  status: string;
  /** Rows that can be chosen, and how many are. */
  selectable: number;
  chosen: number;
  /** A paged list selects only the rows loaded so far, and says so. */
  selectLabel: string;
  onToggleAll(): void;
  onDelete(): void;
}

/** The select-all box, the count (announced politely) and the bulk delete button. */
export function BulkBar({
  status,
  selectable,
  chosen,
  selectLabel,
  onToggleAll,
  onDelete,
}: BulkBarProps) {
  const allChosen = selectable > 0 && chosen === selectable;
  return (
    <div className="bulk-bar">
      <label className="bulk-all">
        <input
          type="checkbox"
          checked={allChosen}
          ref={(box) => {
            if (box) box.indeterminate = chosen > 0 && !allChosen;
          }}
          onChange={onToggleAll}
          disabled={selectable === 0}
        />
        {selectLabel}
      </label>
      <p className="muted small" role="status" aria-live="polite">
        {status}
        {chosen > 0 && ` · ${chosen} selected`}
      </p>
      {chosen > 0 && (
        <button type="button" className="button danger-text" onClick={onDelete}>
          <Icon name="trash" /> Delete selected ({chosen})
        </button>
      )}
    </div>
  );
}
