import { deepEqual } from './deep-equal';
import { detectEol, looksLikeFrontmatter, splitMarkdown, type FrontmatterBlock } from './frontmatter-block';
import { FrontmatterError } from './frontmatter-error';
import { cannotWrite, editFrontmatterYaml, renderNewFrontmatter } from './frontmatter-edit';
import { readFrontmatterYaml } from './frontmatter-read';

/**
 * Markdown files with YAML frontmatter, read and written with round-trip fidelity: writing back
 * what was read gives the same bytes, and changing one field leaves every other line as it was
 * (comments, quoting, key order, `01234`, `yes`, dates as written, CRLF).
 *
 * The body is the exact text after the closing `---` line, so the blank line conventionally
 * written after the frontmatter is part of the body; it is written back exactly as given.
 */
export type Frontmatter = Record<string, unknown>;

export interface ParsedMarkdown {
  frontmatter: Frontmatter;
  body: string;
}

export { FrontmatterError } from './frontmatter-error';

/** Reads a file; throws FrontmatterError when its frontmatter cannot be read as a record of fields. */
export function parseMarkdown(text: string): ParsedMarkdown {
  const { frontmatter: block, body } = splitMarkdown(text);
  if (!block) return { frontmatter: {}, body };
  assertYaml(block);
  return { frontmatter: readFrontmatterYaml(block.text).values, body };
}

export interface LenientMarkdown extends ParsedMarkdown {
  /** Why the frontmatter could not be read; `frontmatter` is then empty. */
  error?: FrontmatterError;
  /** The text of the block that could not be read (between its delimiter lines), for a person to fix. */
  blockText?: string;
}

/**
 * Reads a file without throwing for its content: a frontmatter that cannot be read comes back
 * empty with the reason and the block's text, and the body is still the text after the block.
 */
export function readMarkdown(text: string): LenientMarkdown {
  const { frontmatter: block, body } = splitMarkdown(text);
  if (!block) return { frontmatter: {}, body };
  try {
    assertYaml(block);
    return { frontmatter: readFrontmatterYaml(block.text).values, body };
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return { frontmatter: {}, body, error, blockText: block.text };
  }
}

const formatNames = { toml: 'TOML (+++)', json: 'JSON' } as const;

function assertYaml(block: FrontmatterBlock): void {
  if (block.format === 'yaml') return;
  throw new FrontmatterError(`frontmatter: ${formatNames[block.format]} frontmatter is not supported yet; only YAML (---) can be read and saved`, {
    kind: 'unsupported-format',
  });
}

/**
 * The file to write for `frontmatter` and `body`. With `originalText`, only what differs from it
 * changes: keys whose value is deep-equal keep their bytes, changed keys are rewritten in place in
 * their original style, keys missing from `frontmatter` are removed and new keys are appended.
 * `frontmatter` is the whole frontmatter: a key absent from it is deleted (`undefined` counts as
 * absent). Without `originalText` (a new file) a block is written unless `frontmatter` is empty.
 *
 * Throws FrontmatterError when `originalText` has invalid frontmatter; pass undefined to replace
 * such a file wholesale.
 */
export function serializeMarkdown(originalText: string | undefined, frontmatter: Frontmatter, body: string): string {
  const next = Object.entries(frontmatter).filter(([, value]) => value !== undefined);
  const original = originalText === undefined ? undefined : splitMarkdown(originalText);
  const block = original?.frontmatter;
  if (block) assertYaml(block);
  const text = block
    ? original.bom + writeBlock(block, editFrontmatterYaml(block, next), body) + body
    : writeNewFile(next, body, detectEol(originalText ?? body));
  assertReadsBack(text, next, body);
  return text;
}

function writeBlock(block: FrontmatterBlock, yaml: string, body: string): string {
  // A file that ended right after the closing `---` needs a line break before a body.
  const close = block.close.endsWith('\n') || body === '' ? block.close : block.close + block.eol;
  return block.open + yaml + close;
}

function writeNewFile(next: [string, unknown][], body: string, eol: '\n' | '\r\n'): string {
  // An empty frontmatter needs no block, unless the body itself would read as one.
  if (next.length === 0 && !looksLikeFrontmatter(body)) return body;
  return `---${eol}${renderNewFrontmatter(next, eol)}---${eol}${body}`;
}

/** Guards the invariant `parseMarkdown(serializeMarkdown(x, fm, body))` = `{fm, body}`. */
function assertReadsBack(text: string, next: [string, unknown][], body: string): void {
  const read = parseMarkdown(text);
  if (read.body !== body || !deepEqual(read.frontmatter, Object.fromEntries(next))) {
    throw new FrontmatterError(cannotWrite);
  }
}
