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

/**
 * `![alt](path)` for the body: the alt text the person gave (empty for a decorative image; `[`, `]`
 * and `\` escaped, line breaks flattened), else one made from the file name; a path with spaces or
 * parentheses is written in angle brackets.
 */
export function markdownImage(name: string, publicPath: string, given?: string): string {
  const alt =
    given !== undefined
      ? given
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/[[\]\\]/g, '\\$&')
      : baseName(name)
          .replace(/\.[^.]*$/, '')
          .replace(/[[\]\\]/g, ' ')
          .trim() || 'image';
  const target = /[\s()<>]/.test(publicPath)
    ? `<${publicPath.replace(/[<>]/g, encodeURIComponent)}>`
    : publicPath;
  return `![${alt}](${target})`;
}

/** Bytes in words: `812 B`, `14.2 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
