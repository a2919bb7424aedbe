import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown';

/** The sanitised live preview; rendering lags typing a little on long bodies instead of blocking it. */
export function MarkdownPreview({ source, title }: { source: string; title: string }) {
  const deferred = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <section className="preview-pane" aria-labelledby="preview-title">
      <h2 id="preview-title" className="pane-title">
        Preview
      </h2>
      <article className="preview markdown-body" data-testid="preview">
        <h1 className="preview-heading">{title}</h1>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </section>
  );
}
