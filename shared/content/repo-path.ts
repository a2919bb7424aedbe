/**
 * A collection `directory`, and a file path a route takes, is a relative POSIX path inside the
 * repository. It ends up in provider API paths and in file paths the service writes, so anything
 * that could leave the directory, reach git's own files or (for a directory) the repository's
 * `.github` (workflows, CODEOWNERS) is refused.
 */
export const maxDirectoryLength = 512;

/** `content/posts/` and `content/posts` name the same directory; one trailing `/` is dropped. */
export const normaliseDirectory = (directory: string): string =>
  directory.endsWith('/') ? directory.slice(0, -1) : directory;

// C0 and C1 control characters, DEL included.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `directory` (already normalised) is not acceptable, or undefined when it is. */
export function directoryProblem(directory: string): string | undefined {
  if (directory === '')
    return 'must name a directory inside the repository (the root is not allowed)';
  if (directory.length > maxDirectoryLength)
    return `must be at most ${maxDirectoryLength} characters`;
  if (controlCharacter.test(directory)) return 'must not contain control characters';
  if (directory.includes('\\')) return 'must use "/" as separator, not "\\"';
  if (directory.startsWith('/')) return 'must be relative to the repository root (no leading "/")';
  const segments = directory.split('/');
  if (segments.includes('')) return 'must not contain empty segments ("//")';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'must not contain "." or ".." segments';
  // git refuses `.git` as any path component (case-insensitively); `.github` matters at the root.
  if (segments.some((segment) => segment.toLowerCase() === '.git'))
    return 'must not be or be inside .git';
  if (segments[0]?.toLowerCase() === '.github') return 'must not be or be inside .github';
  return undefined;
}

/** The longest file path a route takes (git itself has no limit; a media file's is far shorter). */
export const maxFilePathLength = 1024;

/** `%2e`, `%2f`, `%5c` in any case: a dot, slash or backslash written percent-encoded. */
const encodedDotOrSeparator = /%(?:2e|2f|5c)/i;

/**
 * Why `path`, a file path a route takes in its query or body (media reads and deletions), is not
 * a path inside the repository, or undefined when it is. Checked by the route's schema, so a bad
 * path is refused before any provider round trip or table read: it never reaches a provider URL
 * or a GraphQL expression. Gateways decode the query once; a dot or separator still
 * percent-encoded after that (`%2e%2e`) was encoded twice and is refused too, since a proxy or
 * provider that decodes again would read it as a traversal.
 */
export function filePathProblem(path: string): string | undefined {
  if (path === '') return 'must not be empty';
  if (path.length > maxFilePathLength) return `must be at most ${maxFilePathLength} characters`;
  if (controlCharacter.test(path)) return 'must not contain control characters (NUL included)';
  if (path.includes('\\')) return 'must use "/" as separator, not "\\"';
  if (path.startsWith('/')) return 'must be relative to the repository root (no leading "/")';
  const segments = path.split('/');
  if (segments.includes('')) return 'must not contain empty segments ("//" or a trailing "/")';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'must not contain "." or ".." segments';
  if (encodedDotOrSeparator.test(path))
    return 'must not contain a percent-encoded ".", "/" or "\\" (%2e, %2f, %5c)';
  if (segments.some((segment) => segment.toLowerCase() === '.git'))
    return 'must not be inside .git';
  return undefined;
}
