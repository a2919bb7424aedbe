import type { SaveStatus } from './editor-state';

/** Saving / saved / conflict / error, announced politely to screen readers. */
export function SaveState({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  let text: string;
  let tone: string;
  switch (status.kind) {
    case 'saving':
      [text, tone] = [status.label, 'saving'];
      break;
    case 'conflict':
      [text, tone] = ['Conflict: changed elsewhere', 'conflict'];
      break;
    case 'error':
      [text, tone] = [status.message, 'error'];
      break;
    case 'saved':
      [text, tone] = dirty ? ['Unsaved changes', 'dirty'] : [status.message, 'saved'];
      break;
    case 'idle':
      [text, tone] = dirty ? ['Unsaved changes', 'dirty'] : ['No changes', 'idle'];
      break;
  }
  return (
    <p
      className={`save-state save-state-${tone}`}
      role="status"
      aria-live="polite"
      data-testid="save-state"
    >
      <span className="save-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
