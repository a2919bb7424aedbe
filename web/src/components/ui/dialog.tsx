import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLatest } from '../../lib/use-latest';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Buttons; the first focusable element inside gets focus unless one has autoFocus. */
  actions?: ReactNode;
  onClose(): void;
  wide?: boolean;
}

/**
 * A modal on the native <dialog>: the browser makes the page behind it inert, traps Tab inside and
 * turns Escape into `cancel`. Focus returns to where it was when the dialog closes.
 */
export function Dialog({ title, children, actions, onClose, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    const preferred = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    preferred?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [close]);

  return (
    <dialog ref={ref} className={wide ? 'dialog dialog-wide' : 'dialog'} aria-labelledby={titleId}>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      {actions && <div className="dialog-actions">{actions}</div>}
    </dialog>
  );
}
