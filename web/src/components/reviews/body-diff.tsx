import { useMemo, useState } from 'react';
import { collapseUnchanged, hasChanges, wordDiff } from '../../lib/word-diff';

/**
 * The body, old and new interleaved word by word: removals struck through, additions underlined.
 * Long unchanged stretches are folded behind a button that shows them.
 */
export function BodyDiff({ oldBody, newBody }: { oldBody: string; newBody: string }) {
  const parts = useMemo(() => wordDiff(oldBody, newBody), [oldBody, newBody]);
  const segments = useMemo(() => collapseUnchanged(parts), [parts]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  if (!hasChanges(parts)) return <p className="muted">The body did not change.</p>;
  return (
    <div className="body-diff" data-testid="body-diff">
      {segments.map((segment, index) => {
        switch (segment.kind) {
          case 'removed':
            return (
              <del key={index} className="diff-removed">
                {segment.text}
              </del>
            );
          case 'added':
            return (
              <ins key={index} className="diff-added">
                {segment.text}
              </ins>
            );
          case 'collapsed':
            return expanded.has(index) ? (
              <span key={index}>{segment.text}</span>
            ) : (
              <button
                key={index}
                type="button"
                className="diff-fold"
                onClick={() => setExpanded(new Set([...expanded, index]))}
              >
                Show {segment.lines} unchanged {segment.lines === 1 ? 'line' : 'lines'}
              </button>
            );
          default:
            return <span key={index}>{segment.text}</span>;
        }
      })}
    </div>
  );
}
