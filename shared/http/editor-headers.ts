/**
 * The editor's Content-Security-Policy: its own scripts, styles, fonts and API only. Images may
 * also come from any https origin, because the markdown preview shows the images a post links to
 * (and GitHub or GHES avatars); an image runs no code, and no-referrer keeps the page private.
 * CloudFront sets it on AWS (infra/aws/editor-site.ts); a local server of web/dist can send the
 * same, so the editor is tested under the policy it ships with.
 */
export const editorCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'upgrade-insecure-requests',
].join('; ');
