/** A media directory of the config: where files live in the repository and where the site serves them. */
export interface MediaDir {
  directory: string;
  publicPath: string;
}

const scheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The repository path a field value or a markdown image address stands for, or undefined when it
 * is no file of a media directory (another host, a data: URL, a path outside every directory, any
 * ".." segment). Accepted: the public path (`/images/cover.png` for publicPath `/images`), the
 * repository path itself (`static/images/cover.png`), or a name relative to the first media
 * directory (`cover.png`, `./cover.png`). Query and fragment are dropped.
 */
export function mediaPathOf(src: string, media: readonly MediaDir[]): string | undefined {
  let value = src.trim().split(/[?#]/)[0] ?? '';
  if (!value || scheme.test(value) || value.startsWith('//')) return undefined;
  try {
    value = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (value.includes('\\')) return undefined;
  const inside = (path: string) => (path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..') ? path : undefined);
  if (value.startsWith('/')) {
    for (const dir of media) {
      const prefix = dir.publicPath === '/' ? '/' : `${dir.publicPath.replace(/\/$/, '')}/`;
      if (value.startsWith(prefix)) return inside(`${dir.directory}/${value.slice(prefix.length)}`);
    }
    return undefined;
  }
  const relative = value.replace(/^(\.\/)+/, '');
  const owner = media.find((dir) => relative.startsWith(`${dir.directory}/`));
  if (owner) return inside(relative);
  const first = media[0];
  return first ? inside(`${first.directory}/${relative}`) : undefined;
}

/** The service's read route for a media file: same origin, with the session's access. */
export function mediaFileUrl(repo: string, path: string, ref?: string): string {
  const query = new URLSearchParams({ path });
  if (ref) query.set('ref', ref);
  return `/api/repos/${encodeURIComponent(repo)}/media/file?${query.toString()}`;
}

const imageExtensions = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** Whether a name or path looks like an image (by extension: for choosing a thumbnail, not for trust). */
export const isImagePath = (path: string): boolean => imageExtensions.test(path);

/** The last segment of a path. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** `![alt](path)` for the body, the alt text from the file name; brackets and parentheses kept out of the syntax. */
export function markdownImage(name: string, publicPath: string): string {
  const alt = baseName(name).replace(/\.[^.]*$/, '').replace(/[[\]\\]/g, ' ').trim() || 'image';
  const target = /[\s()<>]/.test(publicPath) ? `<${publicPath.replace(/[<>]/g, encodeURIComponent)}>` : publicPath;
  return `![${alt}](${target})`;
}

/** Bytes in words: `812 B`, `14.2 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
