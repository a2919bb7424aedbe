import { useEffect, useState } from 'react';
import { previewFrameAllowed } from '../../../../shared/pulls/preview-origins';
import { deploymentSettings } from '../../lib/deployment-settings';

interface SitePreviewProps {
  /** The draft's preview deployment (the review's `previewUrl`). */
  url: string;
  title: string;
}

/**
 * The draft as the real site shows it: framed when its host is one this deployment lets the editor
 * frame (`previewFrameOrigins`, the same list as the policy's frame-src), sandboxed and sent no
 * referrer; otherwise a link to open it in a new tab, saying why it is not shown here.
 */
export function SitePreview({ url, title }: SitePreviewProps) {
  const [origins, setOrigins] = useState<readonly string[] | undefined>();
  useEffect(() => {
    let live = true;
    void deploymentSettings().then((settings) => live && setOrigins(settings.previewFrameOrigins));
    return () => {
      live = false;
    };
  }, []);
  const host = hostOf(url);
  const framed = origins !== undefined && previewFrameAllowed(url, origins);
  return (
    <section
      className="preview-pane site-preview"
      aria-labelledby="site-preview-title"
      data-testid="site-preview"
    >
      <h2 id="site-preview-title" className="pane-title">
        Preview site
      </h2>
      <p className="site-preview-bar">
        <span className="site-preview-host">{host}</span>
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open in a new tab
        </a>
      </p>
      {origins === undefined ? (
        <p className="muted site-preview-note">Loading…</p>
      ) : framed ? (
        <iframe
          className="site-preview-frame"
          src={url}
          title={`Preview of “${title}” on the site`}
          sandbox="allow-scripts allow-same-origin allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        <p className="site-preview-note">
          This preview is on {host}, which this deployment does not let the editor show inline (its
          allowed preview hosts: {origins.length > 0 ? origins.join(', ') : 'none'}).{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the preview in a new tab
          </a>
          .
        </p>
      )}
    </section>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
