import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { mediaPathOf } from '../../../../shared/media/media-address';
import { mediaFileUrl } from '../../lib/media-paths';
import type { RenderOptions, Syntax } from '../../lib/markdown';
import type { MediaScopeValue } from '../media/media-scope';

type Render = (source: string, options?: RenderOptions) => string;

/**
 * The sanitised live preview; rendering lags typing a little on long bodies instead of blocking it.
 * markdown-it and DOMPurify load with the first preview shown, not with the editor: the editor
 * mounts this only while the preview is on screen. Images of the media directories show, read
 * through the service (same origin); any other image stays a placeholder. An .mdx file's imports,
 * components and expressions show as labelled blocks of their source: the MDX reader loads with
 * the preview of such a file only.
 */
export function MarkdownPreview({
  source,
  title,
  media,
  mdx = false,
}: {
  source: string;
  title: string;
  media?: Pick<MediaScopeValue, 'repo' | 'ref' | 'media'>;
  /** The file is MDX: its imports, components and expressions are labelled blocks. */
  mdx?: boolean;
}) {
  const deferred = useDeferredValue(source);
  const [render, setRender] = useState<{ run: Render; syntax?: Syntax } | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    Promise.all([
      import('../../lib/markdown'),
      mdx ? import('../../lib/mdx/mdx-blocks') : undefined,
    ]).then(
      ([module, syntax]) =>
        live && setRender({ run: module.renderMarkdown, syntax: syntax?.mdxBlocks }),
      (cause: Error) => live && setFailed(cause.message),
    );
    return () => {
      live = false;
    };
  }, [mdx]);
  const html = useMemo(() => {
    if (!render) return undefined;
    // Media paths (publicPath-prefixed or relative to the media directory) are read through the service.
    const imageSrc = media
      ? (src: string) => {
          const path = mediaPathOf(src, media.media);
          return path ? mediaFileUrl(media.repo, path, media.ref) : undefined;
        }
      : undefined;
    return render.run(deferred, { imageSrc, syntax: render.syntax });
  }, [render, deferred, media]);
  return (
    <section className="preview-pane" aria-labelledby="preview-title">
      <h2 id="preview-title" className="pane-title">
        Preview
      </h2>
      <article
        className="preview markdown-body"
        data-testid="preview"
        aria-busy={html === undefined && !failed}
      >
        <h1 className="preview-heading">{title}</h1>
        {html !== undefined ? (
          <div dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="muted">
            {failed ? `The preview could not be loaded: ${failed}` : 'Loading the preview…'}
          </p>
        )}
      </article>
    </section>
  );
}
