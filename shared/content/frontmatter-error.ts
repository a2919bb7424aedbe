import { InvalidInputError } from '../errors';

/**
 * Why a file's frontmatter cannot be used as a record of fields:
 * - `invalid`: not YAML, or not a mapping of keys to values (a save that sends every field fixes it);
 * - `too-large`: over the size or key limits (frontmatter-limits.ts), so it is not parsed at all;
 * - `unsupported-format`: a TOML (`+++`) or JSON block, which the service reads as opaque and never rewrites.
 */
export type FrontmatterProblemKind = 'invalid' | 'too-large' | 'unsupported-format';

/** The frontmatter of a file cannot be read or written; the message names why (and where, when known). */
export class FrontmatterError extends InvalidInputError {
  override name = 'FrontmatterError';
  readonly kind: FrontmatterProblemKind;
  /** 1-based line in the markdown file, when known. */
  readonly line?: number;

  constructor(message: string, options?: { cause?: unknown; line?: number; kind?: FrontmatterProblemKind }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options?.kind ?? 'invalid';
    this.line = options?.line;
  }
}
