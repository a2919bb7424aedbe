import { useMemo } from 'react';
import { hasChanges, wordDiff } from '../../lib/word-diff';

/** The body, old and new interleaved word by word: removals struck through, additions underlined. */
export function BodyDiff({ oldBody, newBody }: { oldBody: string; newBody: string }) {
  const parts = useMemo(() => wordDiff(oldBody, newBody), [oldBody, newBody]);
  if (!hasChanges(parts)) return <p className="muted">The body did not change.</p>;
  return (
    <div className="body-diff" data-testid="body-diff">
      {parts.map((part, index) =>
        part.kind === 'removed' ? (
          <del key={index} className="diff-removed">
            {part.text}
          </del>
        ) : part.kind === 'added' ? (
          <ins key={index} className="diff-added">
            {part.text}
          </ins>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
