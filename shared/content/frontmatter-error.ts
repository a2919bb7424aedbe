import { InvalidInputError } from '../errors';

/**
 * Why a file's frontmatter cannot be used as a record of fields:
 * - `invalid`: YAML, TOML or JSON that does not parse, or not a mapping of keys to values (for
 *   YAML, a save that sends every field replaces the block; TOML and JSON are never replaced);
 * - `too-large`: over the size or key limits (frontmatter-limits.ts), so it is not parsed at all;
 * - `unsupported-format`: no longer raised (TOML and JSON blocks are read since they are
 *   supported); kept because it is part of the API's problem codes.
 */
export type FrontmatterProblemKind = 'invalid' | 'too-large' | 'unsupported-format';

/** The frontmatter of a file cannot be read or written; the message names why (and where, when known). */
export class FrontmatterError extends InvalidInputError {
  override name = 'FrontmatterError';
  readonly kind: FrontmatterProblemKind;
  /** 1-based line in the markdown file, when known. */
  readonly line?: number;

  constructor(
    message: string,
    options?: { cause?: unknown; line?: number; kind?: FrontmatterProblemKind },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options?.kind ?? 'invalid';
    this.line = options?.line;
  }
}
