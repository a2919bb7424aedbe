import { InvalidInputError, NotFoundError } from '../errors';
import type { CmsConfig, MediaConfig } from '../content/config-schema';
import { assertBranchName } from '../content/content-reads';
import { mediaDirectories } from './media-config';

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** A repository path as the media routes take it: relative, no empty, "." or ".." segments, no control characters. */
export function assertMediaPath(path: string): void {
  const problem =
    path === '' ? 'must not be empty'
    : path.length > 1024 ? 'must be at most 1024 characters'
    : controlCharacter.test(path) ? 'must not contain control characters'
    : path.startsWith('/') || path.includes('\\') ? 'must be a path in the repository, relative to its root, with "/" as separator'
    : path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') ? 'must not contain empty, "." or ".." segments'
    : undefined;
  if (problem) throw new InvalidInputError(`path: ${problem}`);
}

/**
 * The media directory holding `path`. Only files inside a configured media directory are served
 * or deleted by the media routes, so they never become a way to read or delete any other file
 * of the repository (items have their own routes): anything else is a 404, worded the same
 * whether or not the file exists.
 */
export function mediaDirectoryOf(config: CmsConfig, path: string): MediaConfig {
  assertMediaPath(path);
  const media = mediaDirectories(config).find((candidate) => path.startsWith(`${candidate.directory}/`));
  if (!media) throw new NotFoundError(`path: ${path} is not inside a media directory of cms.config.json (${mediaDirectories(config).map((m) => m.directory).join(', ') || 'none is configured'})`);
  return media;
}

/** A `ref` query value: a branch name (never an expression). */
export function assertRef(ref: string | undefined): void {
  if (ref === undefined) return;
  try {
    assertBranchName(ref);
  } catch {
    throw new InvalidInputError('ref: must be a branch name (letters, digits, ".", "_", "-", "/")');
  }
}
