/**
 * What an address written in an item (a field value, a markdown image or link) stands for among the
 * media files: one rule for the editor, which shows such files, and for the draft rules, which let
 * a draft carry the files its item references. Pure: no imports, so the editor bundles it as is.
 */

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
  const inside = (path: string) =>
    path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
      ? path
      : undefined;
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
