import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  status: number;
  contentType: string;
  body: Buffer;
  cacheControl: string;
}

/**
 * The built editor under `/app`, as CloudFront serves it: real files by path (hashed assets
 * cached for a year), anything else falls back to index.html for the SPA's own router.
 */
export async function readAppFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  const relative = urlPath.replace(/^\/app\/?/, '');
  const resolved = path.resolve(root, relative);
  if (resolved.startsWith(root + path.sep)) {
    const info = await stat(resolved).catch(() => undefined);
    if (info?.isFile()) {
      const immutable = relative.startsWith('assets/');
      return {
        status: 200,
        contentType: types[path.extname(resolved)] ?? 'application/octet-stream',
        body: await readFile(resolved),
        cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
    }
  }
  const index = await readFile(path.join(root, 'index.html')).catch(() => undefined);
  return (
    index && { status: 200, contentType: types['.html']!, body: index, cacheControl: 'no-cache' }
  );
}
