import { firstHeadingOf } from './first-heading';
import { readMarkdown, type Frontmatter } from './frontmatter';
import type { FrontmatterProblemKind } from './frontmatter-error';
import type { ItemProblem } from './schemas';

/** What a list shows of one file: its frontmatter, or why it has none to show. */
export interface ParsedFile {
  frontmatter: Frontmatter;
  /** The body's first heading, kept only when the frontmatter has no `title`: what names the item then. */
  heading?: string;
  problem?: ItemProblem;
}

/** The heading a list names a file by: only for a frontmatter without a `title` of its own. */
export function headingOf(frontmatter: Frontmatter, body: string): string | undefined {
  const title = frontmatter.title;
  if (typeof title === 'string' && title.trim() !== '') return undefined;
  return firstHeadingOf(body);
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
  const problem: ItemProblem = {
    code: problemCodes[read.error.kind],
    message: read.error.message,
    ...(read.error.line ? { line: read.error.line } : {}),
  };
  return {
    frontmatter: {},
    body: read.body,
    problem,
    ...(read.blockText === undefined ? {} : { blockText: read.blockText }),
  };
}

/** What a list shows of a blob read from the provider: its parse, or `not-text` when it had no text (binary). */
export function parsedOfText(text: string | undefined): ParsedFile {
  if (text === undefined) return { frontmatter: {}, problem: notTextProblem };
  const { frontmatter, problem, body } = parseFile(text);
  const heading = headingOf(frontmatter, body);
  return {
    frontmatter,
    ...(heading === undefined ? {} : { heading }),
    ...(problem && { problem }),
  };
}

type ParsedText = ReturnType<typeof parseFile>;

const recentlyParsed = new Map<string, { parsed: ParsedText; size: number }>();
let recentBytes = 0;
/** Texts kept at most (by length), and the longest one worth keeping. */
const MAX_RECENT_BYTES = 8 * 1024 * 1024;
const MAX_KEPT_TEXT = 256 * 1024;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `parseFile` of a blob's text, remembered by the blob's sha (the same sha is the same text, so
 * the same answer): opening an item again does not parse it again. The answer is frozen, so no
 * caller can change what the next one is handed; least recently used out past 8 MiB of text.
 */
export function parseBlob(oid: string, text: string): ParsedText {
  const known = recentlyParsed.get(oid);
  if (known) {
    recentlyParsed.delete(oid);
    recentlyParsed.set(oid, known);
    return known.parsed;
  }
  const parsed = parseFile(text);
  if (text.length > MAX_KEPT_TEXT) return parsed;
  recentlyParsed.set(oid, { parsed: deepFreeze(parsed), size: text.length });
  recentBytes += text.length;
  for (const [old, entry] of recentlyParsed) {
    if (recentBytes <= MAX_RECENT_BYTES) break;
    recentBytes -= entry.size;
    recentlyParsed.delete(old);
  }
  return parsed;
}

export const symlinkProblem: ItemProblem = {
  code: 'symlink',
  message: 'The file is a symbolic link; the service never follows or writes links',
};
export const notTextProblem: ItemProblem = {
  code: 'not-text',
  message: 'The file is binary, not text',
};
