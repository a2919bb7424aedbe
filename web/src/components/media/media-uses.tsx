import { useEffect, useState } from 'react';
import type { MediaUses } from '../../lib/media-usage';
import type { MediaScopeValue } from './media-scope';

const shownItems = 5;

/**
 * Where a file about to be deleted is used, under the delete question: the open item (its fields
 * and body), other items by their fields (their bodies are not searched, and the text says so).
 */
export function MediaUsesNote({
  scope,
  file,
}: {
  scope: MediaScopeValue;
  file: { path: string; publicPath: string };
}) {
  const [uses, setUses] = useState<MediaUses | 'failed' | undefined>();
  const { uses: find } = scope;
  useEffect(() => {
    if (!find) return;
    let current = true;
    find(file).then(
      (found) => current && setUses(found),
      () => current && setUses('failed'),
    );
    return () => {
      current = false;
    };
  }, [find, file]);

  if (!find) return null;
  if (uses === undefined)
    return (
      <p className="muted small" role="status">
        Checking which items use it…
      </p>
    );
  if (uses === 'failed')
    return (
      <p className="muted small" role="status">
        Which items use it could not be checked.
      </p>
    );
  const others = uses.items.length;
  return (
    <div className="media-uses" role="status" data-testid="media-uses">
      {uses.inOpenItem && (
        <p className="warning-text">
          <strong>This item uses it.</strong> Take it out of the item too, or the page will show a
          missing file.
        </p>
      )}
      {others > 0 ? (
        <>
          <p className="warning-text">
            {others === 1
              ? '1 other item uses it in its fields:'
              : `${others} other items use it in their fields:`}
          </p>
          <ul>
            {uses.items.slice(0, shownItems).map((item) => (
              <li key={`${item.collection}/${item.slug}`}>
                {item.title} <span className="muted small">({item.label})</span>
              </li>
            ))}
            {others > shownItems && <li>and {others - shownItems} more</li>}
          </ul>
        </>
      ) : (
        !uses.inOpenItem && <p>No item&apos;s fields use it.</p>
      )}
      <p className="muted small">
        Other items&apos; bodies are not searched
        {uses.partly.length > 0 &&
          `, and only the first 1,000 items of ${uses.partly.join(', ')} were checked`}
        .
      </p>
    </div>
  );
}
