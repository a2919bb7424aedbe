import { readMarkdown, type Frontmatter } from './frontmatter';
import type { FrontmatterProblemKind } from './frontmatter-error';
import type { ItemProblem } from './schemas';

/** What a list shows of one file: its frontmatter, or why it has none to show. */
export interface ParsedFile {
  frontmatter: Frontmatter;
  problem?: ItemProblem;
}

const problemCodes: Record<FrontmatterProblemKind, ItemProblem['code']> = {
  invalid: 'invalid-frontmatter',
  'too-large': 'too-large',
  'unsupported-format': 'unsupported-format',
};

/**
 * Parsed files by git blob sha (content-addressed, never stale). A port: the table-backed
 * implementation is shared/store/parsed-cache.ts.
 */
export interface ParsedCache {
  getMany(oids: readonly string[]): Promise<Map<string, ParsedFile>>;
  putMany(entries: ReadonlyMap<string, ParsedFile>): Promise<void>;
}

/** Reads a file's frontmatter, never throwing for its content. */
export function parseFile(text: string): ParsedFile & { body: string; blockText?: string } {
  const read = readMarkdown(text);
  if (!read.error) return { frontmatter: read.frontmatter, body: read.body };
  const problem: ItemProblem = { code: problemCodes[read.error.kind], message: read.error.message, ...(read.error.line ? { line: read.error.line } : {}) };
  return { frontmatter: {}, body: read.body, problem, ...(read.blockText === undefined ? {} : { blockText: read.blockText }) };
}

export const symlinkProblem: ItemProblem = { code: 'symlink', message: 'The file is a symbolic link; the service never follows or writes links' };
export const notTextProblem: ItemProblem = { code: 'not-text', message: 'The file is binary, not text' };
