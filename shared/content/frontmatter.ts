import { deepEqual } from './deep-equal';
import {
  detectEol,
  looksLikeFrontmatter,
  splitMarkdown,
  type FrontmatterBlock,
  type FrontmatterFormat,
} from './frontmatter-block';
import { FrontmatterError } from './frontmatter-error';
import { cannotWrite, editFrontmatterYaml, renderNewFrontmatter } from './frontmatter-edit';
import { editFrontmatterJson, readFrontmatterJson, renderNewJson } from './frontmatter-json';
import { readFrontmatterYaml } from './frontmatter-read';
import { editFrontmatterToml, readFrontmatterToml, renderNewToml } from './frontmatter-toml';

/**
 * Markdown files with YAML (`---`), TOML (`+++`) or JSON (`{`) frontmatter, read and written with
 * round-trip fidelity: writing back what was read gives the same bytes, and changing one field
 * leaves every other line as it was (comments, quoting, key order, `01234`, `yes`, dates as
 * written, CRLF). A file keeps its format; a new file gets its collection's (YAML unless the
 * config says `toml` or `json`). See frontmatter-toml.ts and
 * frontmatter-json.ts for what TOML and JSON edits touch.
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
  return { frontmatter: readBlock(block), body };
}

/** Lines of the file before the block's text: the opening line and blank lines above it. */
const linesBefore = (block: FrontmatterBlock): number => block.open.split('\n').length - 1;

function readBlock(block: FrontmatterBlock): Frontmatter {
  if (block.format === 'toml') return readFrontmatterToml(block.text, linesBefore(block)).values;
  if (block.format === 'json') return readFrontmatterJson(block.text).values;
  return readFrontmatterYaml(block.text).values;
}

function editBlock(block: FrontmatterBlock, next: [string, unknown][]): string {
  if (block.format === 'toml')
    return editFrontmatterToml(block.text, next, block.eol, linesBefore(block));
  if (block.format === 'json') return editFrontmatterJson(block.text, next, block.eol);
  return editFrontmatterYaml(block, next);
}

export interface LenientMarkdown extends ParsedMarkdown {
  /** Why the frontmatter could not be read; `frontmatter` is then empty. */
  error?: FrontmatterError;
  /** The text of the block that could not be read (between its delimiter lines), for a person to fix. */
  blockText?: string;
  /** The block's format, when the file has a block (read or not). */
  format?: FrontmatterFormat;
}

/**
 * Reads a file without throwing for its content: a frontmatter that cannot be read comes back
 * empty with the reason and the block's text, and the body is still the text after the block.
 */
export function readMarkdown(text: string): LenientMarkdown {
  const { frontmatter: block, body } = splitMarkdown(text);
  if (!block) return { frontmatter: {}, body };
  try {
    return { frontmatter: readBlock(block), body, format: block.format };
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return { frontmatter: {}, body, error, blockText: block.text, format: block.format };
  }
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
export function serializeMarkdown(
  originalText: string | undefined,
  frontmatter: Frontmatter,
  body: string,
  newFile: { format?: FrontmatterFormat } = {},
): string {
  const next = Object.entries(frontmatter).filter(([, value]) => value !== undefined);
  const original = originalText === undefined ? undefined : splitMarkdown(originalText);
  const block = original?.frontmatter;
  const text = block
    ? original.bom + writeBlock(block, editBlock(block, next), body) + body
    : writeNewFile(next, body, detectEol(originalText ?? body), newFile.format ?? 'yaml');
  const format = block?.format ?? newFile.format;
  // TOML has no null: there a null removes the key (frontmatter-toml.ts).
  assertReadsBack(
    text,
    format === 'toml' ? next.filter(([, value]) => value !== null) : next,
    body,
  );
  return text;
}

function writeBlock(block: FrontmatterBlock, text: string, body: string): string {
  // A file that ended right after the closing `---` (or a JSON block's `}`) needs a line break before a body.
  const written = block.open + text + block.close;
  return written.endsWith('\n') || body === '' ? written : written + block.eol;
}

function writeNewFile(
  next: [string, unknown][],
  body: string,
  eol: '\n' | '\r\n',
  format: FrontmatterFormat,
): string {
  // An empty frontmatter needs no block, unless the body itself would read as one.
  if (next.length === 0 && !looksLikeFrontmatter(body)) return body;
  if (format === 'toml') return `+++${eol}${renderNewToml(next, eol)}+++${eol}${body}`;
  if (format === 'json') return `${renderNewJson(next, eol)}${eol}${body}`;
  return `---${eol}${renderNewFrontmatter(next, eol)}---${eol}${body}`;
}

/** Guards the invariant `parseMarkdown(serializeMarkdown(x, fm, body))` = `{fm, body}`. */
function assertReadsBack(text: string, next: [string, unknown][], body: string): void {
  const read = parseMarkdown(text);
  if (read.body !== body || !deepEqual(read.frontmatter, Object.fromEntries(next))) {
    throw new FrontmatterError(cannotWrite);
  }
}
