import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small node:http helpers shared by the pages, the OAuth endpoints and the REST router. */

/** Reads form-encoded or JSON parameters (OAuth endpoints accept both), merged over the query string. */
export function parseParams(
  req: IncomingMessage,
  body: Buffer,
  query: URLSearchParams,
): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(query);
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const text = body.toString('utf8');
  if (type.includes('application/json')) {
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object') {
        for (const [key, value] of Object.entries(json)) {
          if (typeof value === 'string' || typeof value === 'number') params[key] = String(value);
        }
      }
    } catch {
      // An unreadable body carries no parameters; the endpoint answers for the missing ones.
    }
  } else if (text.length > 0) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
  }
  return params;
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'deny',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:",
    ...headers,
  });
  res.end(html);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/**
 * Compiles '/repos/{owner}/{repo}' into a matcher returning decoded parameters.
 * `{name+}` matches the rest of the path, slashes included (e.g. a file path).
 */
export function compilePath(template: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = template
    .split('/')
    .map((part) =>
      part.replace(/\{(\w+)(\+?)\}|[^{}]+/g, (whole, name?: string, greedy?: string) => {
        if (name) {
          names.push(name);
          return greedy ? '(.+)' : '([^/]+)';
        }
        return whole.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      }),
    )
    .join('/');
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return null;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return params;
  };
}
