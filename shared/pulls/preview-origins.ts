/**
 * The hosts whose draft previews the editor may show in a frame: CSP host-source expressions
 * (`https://*.pages.dev`, `https://preview.example.org:8443`), one deployment setting that feeds
 * both the editor's `frame-src` (shared/http/editor-headers.ts) and the editor itself
 * (/app/settings.json), so the editor frames exactly what the policy lets it frame.
 *
 * Only a subset of CSP host-sources is accepted: an explicit http or https scheme, a host name
 * (optionally `*.` for any subdomain) or an IPv4 address, an optional port (or `:*`), no path.
 */

/** Cloudflare Pages previews (a config's `preview.pagesProject` gives `https://<branch>.<project>.pages.dev`). */
export const defaultPreviewFrameOrigins: readonly string[] = ['https://*.pages.dev'];

const sourcePattern =
  /^(https?):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}|\*))?$/i;

interface HostSource {
  scheme: 'http' | 'https';
  wildcard: boolean;
  host: string;
  /** Absent: the scheme's default port; '*': any. */
  port?: string;
}

function parseSource(expression: string): HostSource | undefined {
  const match = sourcePattern.exec(expression);
  if (!match) return undefined;
  const [, scheme, wildcard, host, port] = match;
  if (port && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return {
    scheme: scheme!.toLowerCase() as HostSource['scheme'],
    wildcard: Boolean(wildcard),
    host: host!.toLowerCase(),
    port,
  };
}

/** What is wrong with one entry, or undefined when it is an accepted host-source. */
export function previewOriginProblem(expression: string): string | undefined {
  if (parseSource(expression)) return undefined;
  return `"${expression}" is not a preview origin: use a scheme, a host and an optional port, such as https://*.pages.dev or https://preview.example.org:8443 (no path, no quotes, no bare *)`;
}

/** A setting's text (entries separated by commas or spaces) as a list; throws naming the first bad entry. */
export function parsePreviewFrameOrigins(text: string): string[] {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const problem = entries.map(previewOriginProblem).find(Boolean);
  if (problem) throw new Error(problem);
  return entries;
}

/** The `frame-src` directive for the list: nothing may be framed when it is empty. */
export function frameSrcDirective(origins: readonly string[]): string {
  return `frame-src ${origins.length > 0 ? origins.join(' ') : "'none'"}`;
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether a browser would let the editor frame `url` under `frame-src` with these sources (CSP's host-source matching). */
export function previewFrameAllowed(url: string, origins: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const port = target.port || defaultPorts[target.protocol];
  if (!port) return false;
  const host = target.hostname.toLowerCase();
  return origins.some((expression) => {
    const source = parseSource(expression);
    if (!source) return false;
    // An http source also matches https (CSP's secure upgrade); an https source only https.
    if (!(
      target.protocol === 'https:' ||
      (source.scheme === 'http' && target.protocol === 'http:')
    ))
      return false;
    const hostMatches = source.wildcard ? host.endsWith(`.${source.host}`) : host === source.host;
    if (!hostMatches) return false;
    if (source.port === '*') return true;
    if (source.port) return source.port === port;
    // No port: the source scheme's default, or https' when an http source is upgraded.
    return (
      port === defaultPorts[`${source.scheme}:`] ||
      (source.scheme === 'http' && target.protocol === 'https:' && port === '443')
    );
  });
}

/** /app/settings.json: what the editor learns of its deployment (no inline script: the policy forbids it). */
export interface EditorSettings {
  /** The preview origins `frame-src` allows; a preview elsewhere is offered as a link. */
  previewFrameOrigins: string[];
}

export const editorSettingsPath = '/app/settings.json';
