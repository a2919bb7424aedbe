import { BadRequestError } from '../http/errors';

/** The frontmatter of a file is not YAML, or not a mapping of keys to values. */
export class FrontmatterError extends BadRequestError {
  override name = 'FrontmatterError';
  /** 1-based line in the markdown file, when known. */
  readonly line?: number;

  constructor(message: string, options?: { cause?: unknown; line?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.line = options?.line;
  }
}
