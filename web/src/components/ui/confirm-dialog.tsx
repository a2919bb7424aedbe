import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** Shown below the question (e.g. a list of what is affected). */
  details?: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  onConfirm(): void | Promise<void>;
  onCancel(): void;
}

/** Asks before something that cannot be undone; Cancel has focus so Enter never destroys by accident. */
export function ConfirmDialog({
  title,
  children,
  details,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (cause) {
      setError((cause as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="button"
            data-autofocus
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`button ${tone}`}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      <p>{children}</p>
      {details}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </Dialog>
  );
}
