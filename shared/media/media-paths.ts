import { InvalidInputError, NotFoundError } from '../errors';
import type { CmsConfig, MediaConfig } from '../content/config-schema';
import { assertBranchName } from '../content/content-reads';
import { filePathProblem } from '../content/repo-path';
import { mediaDirectories } from './media-config';

/** A repository path as the media routes take it (their schemas check it first; this keeps the domain safe on its own). */
export function assertMediaPath(path: string): void {
  const problem = filePathProblem(path);
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
  const media = mediaDirectories(config).find((candidate) =>
    path.startsWith(`${candidate.directory}/`),
  );
  if (!media)
    throw new NotFoundError(
      `path: ${path} is not inside a media directory of cms.config.json (${
        mediaDirectories(config)
          .map((m) => m.directory)
          .join(', ') || 'none is configured'
      })`,
    );
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
