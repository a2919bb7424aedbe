import { createHash } from 'node:crypto';

/** Text for an HTML element or a quoted attribute value: the five characters that can end either become entities. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const style = `body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;max-width:40rem;margin:2rem auto;padding:0 1rem}
code{background:#eff1f3;padding:1px 4px;border-radius:4px}th{text-align:left;padding-right:1rem;vertical-align:top}
ul{margin:0;padding-left:1.2rem}.note{color:#59636e;font-size:14px}`;

/**
 * The service's few HTML pages: no script, no form, one inline stylesheet allowed by its hash.
 * The JSON answers' headers (security-headers.ts: no-store, nosniff, no framing, no referrer)
 * still apply; this policy replaces their `default-src 'none'` with the same plus that style.
 */
export const pageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `title` is escaped here; `body` must already be HTML built with escapeHtml. */
export function htmlPage(
  title: string,
  body: string,
): { html: string; headers: Record<string, string> } {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
  return { html, headers: { 'content-security-policy': pageCsp } };
}
