import { useDeferredValue, useEffect, useMemo, useState } from 'react';

type Render = (source: string) => string;

/**
 * The sanitised live preview; rendering lags typing a little on long bodies instead of blocking it.
 * markdown-it and DOMPurify load with the first preview shown, not with the editor: the editor
 * mounts this only while the preview is on screen.
 */
export function MarkdownPreview({ source, title }: { source: string; title: string }) {
  const deferred = useDeferredValue(source);
  const [render, setRender] = useState<{ run: Render } | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    import('../../lib/markdown').then(
      (module) => live && setRender({ run: module.renderMarkdown }),
      (cause: Error) => live && setFailed(cause.message),
    );
    return () => {
      live = false;
    };
  }, []);
  const html = useMemo(() => render?.run(deferred), [render, deferred]);
  return (
    <section className="preview-pane" aria-labelledby="preview-title">
      <h2 id="preview-title" className="pane-title">
        Preview
      </h2>
      <article className="preview markdown-body" data-testid="preview" aria-busy={html === undefined && !failed}>
        <h1 className="preview-heading">{title}</h1>
        {html !== undefined ? (
          <div dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="muted">{failed ? `The preview could not be loaded: ${failed}` : 'Loading the preview…'}</p>
        )}
      </article>
    </section>
  );
}
