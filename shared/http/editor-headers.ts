/**
 * Every response header the editor (the files of web/dist under /app) is served with, defined once:
 * CloudFront's response headers policy is built from `editorSecurityHeaders`
 * (infra/aws/editor-site.ts) and the local gateway sends `editorHeaders` on every editor file
 * (infra/local/gateway.ts), so the e2e suite runs the editor under the policy it ships with. The
 * API's own responses keep the headers the service sets (shared/http/).
 *
 * Two deployment settings change them: the preview origins the editor may frame (`frame-src`,
 * shared/pulls/preview-origins.ts), and the origins it uploads media to and is redirected to for
 * large media reads (`connect-src`, `img-src`: the uploads bucket on AWS, none in local mode,
 * where the gateway serves staging on the editor's own origin). The constants below use the
 * default preview list and no upload origin.
 */
import { defaultPreviewFrameOrigins, frameSrcDirective } from '../pulls/preview-origins';

/**
 * The editor's Content-Security-Policy: its own scripts, styles, fonts and API only. Images may
 * also come from any https origin, because the markdown preview shows the images a post links to
 * (and GitHub or GHES avatars); an image runs no code, and no-referrer keeps the page private.
 *
 * No 'unsafe-inline', 'unsafe-eval', nonce or hash anywhere, styles included. CodeMirror's styles
 * are generated at run time; style-mod would put them in a `<style>` element, which `style-src
 * 'self'` refuses (a static site has no per-response nonce to give it, and a nonce fixed in a
 * public index.html protects nothing). The editor instead inserts those rules through the CSSOM
 * into its own stylesheet, which CSP does not govern (web/src/lib/codemirror-styles.ts). Style
 * attributes set by script (React's `style` prop, CodeMirror's) go through the CSSOM as well.
 */
export function editorCspFor(
  previewFrameOrigins: readonly string[],
  uploadOrigins: readonly string[] = [],
): string {
  const withUploads = (sources: string) => [sources, ...uploadOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // The uploads origin is listed although https: covers it: large media reads redirect there.
    withUploads("img-src 'self' data: https:"),
    // Uploads are PUT straight to the bucket through presigned URLs (Lambda takes at most 6 MB).
    withUploads("connect-src 'self'"),
    "font-src 'self'",
    // Draft previews shown beside the editor, in a sandboxed frame; nothing else is framed.
    frameSrcDirective(previewFrameOrigins),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export const editorCsp = editorCspFor(defaultPreviewFrameOrigins);

export const editorSecurityHeaders = securityHeadersFor(defaultPreviewFrameOrigins);

/** The editor's headers as data, in the shape CloudFront's response headers policy takes them. */
export function securityHeadersFor(
  previewFrameOrigins: readonly string[],
  uploadOrigins: readonly string[] = [],
) {
  return {
    contentSecurityPolicy: editorCspFor(previewFrameOrigins, uploadOrigins),
    /** Two years, subdomains included; browsers ignore it on plain http (local mode). */
    strictTransportSecurity: { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubdomains: true },
    contentTypeOptions: 'nosniff',
    /** Also `frame-ancestors 'none'` in the policy; X-Frame-Options for browsers without CSP 2. */
    frameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    custom: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    },
  } as const;
}

/** The same headers by name, as a browser receives them. */
export function editorHeadersFor(
  previewFrameOrigins: readonly string[],
  uploadOrigins: readonly string[] = [],
): Readonly<Record<string, string>> {
  const headers = securityHeadersFor(previewFrameOrigins, uploadOrigins);
  const { strictTransportSecurity: hsts } = headers;
  return {
    'Content-Security-Policy': headers.contentSecurityPolicy,
    'Strict-Transport-Security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'X-Content-Type-Options': headers.contentTypeOptions,
    'X-Frame-Options': headers.frameOptions,
    'Referrer-Policy': headers.referrerPolicy,
    ...headers.custom,
  };
}

export const editorHeaders = editorHeadersFor(defaultPreviewFrameOrigins);

export { editorSettingsPath, type EditorSettings } from '../pulls/preview-origins';
