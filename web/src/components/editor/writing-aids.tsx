import { useEffect, useMemo } from 'react';
import { describeStats, writingStats } from '../../lib/writing-stats';

interface WritingAidsProps {
  body: string;
  focused: boolean;
  onFocusedChange(focused: boolean): void;
}

/**
 * Under the body: its word count and reading time, and the switch to a distraction-free view
 * (only the toolbar, notices and the body stay; Escape leaves it). The view is a `data-focus`
 * attribute on the document element that the style sheet reads; leaving the editor clears it.
 */
export function WritingAids({ body, focused, onFocusedChange }: WritingAidsProps) {
  const stats = useMemo(() => describeStats(writingStats(body)), [body]);

  useEffect(() => {
    if (!focused) return;
    const root = document.documentElement;
    root.dataset.focus = 'true';
    const leaveOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onFocusedChange(false);
    };
    document.addEventListener('keydown', leaveOnEscape);
    return () => {
      delete root.dataset.focus;
      document.removeEventListener('keydown', leaveOnEscape);
    };
  }, [focused, onFocusedChange]);

  return (
    <div className="writing-aids">
      <span className="writing-stats">{stats}</span>
      <button
        type="button"
        className="focus-toggle"
        aria-pressed={focused}
        title="Distraction-free writing (Escape leaves it)"
        onClick={() => onFocusedChange(!focused)}
      >
        {focused ? 'Leave focus' : 'Focus'}
      </button>
    </div>
  );
}
