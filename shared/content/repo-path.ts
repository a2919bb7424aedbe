/**
 * A collection `directory` is a relative POSIX path inside the repository. It ends up in provider
 * API paths and in file paths the service writes, so anything that could leave the directory,
 * reach git's own files or the repository's `.github` (workflows, CODEOWNERS) is refused.
 */
export const maxDirectoryLength = 512;

/** `content/posts/` and `content/posts` name the same directory; one trailing `/` is dropped. */
export const normaliseDirectory = (directory: string): string => (directory.endsWith('/') ? directory.slice(0, -1) : directory);

// C0 and C1 control characters, DEL included.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `directory` (already normalised) is not acceptable, or undefined when it is. */
export function directoryProblem(directory: string): string | undefined {
  if (directory === '') return 'must name a directory inside the repository (the root is not allowed)';
  if (directory.length > maxDirectoryLength) return `must be at most ${maxDirectoryLength} characters`;
  if (controlCharacter.test(directory)) return 'must not contain control characters';
  if (directory.includes('\\')) return 'must use "/" as separator, not "\\"';
  if (directory.startsWith('/')) return 'must be relative to the repository root (no leading "/")';
  const segments = directory.split('/');
  if (segments.includes('')) return 'must not contain empty segments ("//")';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'must not contain "." or ".." segments';
  // git refuses `.git` as any path component (case-insensitively); `.github` matters at the root.
  if (segments.some((segment) => segment.toLowerCase() === '.git')) return 'must not be or be inside .git';
  if (segments[0]?.toLowerCase() === '.github') return 'must not be or be inside .github';
  return undefined;
}
