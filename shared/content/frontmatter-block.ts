/**
 * Finds the frontmatter block of a markdown file without interpreting it. Every byte of the file
 * lands in exactly one part, so `bom + open + yaml + close + body` is the original text.
 *
 * A block opens with a first line `---` and closes at the next line that is `---` or `...`
 * (trailing spaces and tabs allowed on both). A file whose first line opens a block that is never
 * closed has no frontmatter: it is all body, as Jekyll reads it (`---` alone is also a markdown
 * thematic break).
 */
export interface MarkdownBlocks {
  /** A UTF-8 byte order mark in front of the block; '' otherwise (without a block it stays in `body`). */
  bom: string;
  frontmatter?: FrontmatterBlock;
  body: string;
}

export interface FrontmatterBlock {
  /** The opening line with its line break, e.g. `---\n`. */
  open: string;
  /** The YAML between the delimiter lines; '' or ending in a line break. */
  yaml: string;
  /** The closing line with its line break, if the file does not end there. */
  close: string;
  /** The line break of the opening line: new lines in the block use it. */
  eol: '\n' | '\r\n';
}

const openPattern = /^---[ \t]*(\r?\n)/;
const closePattern = /^(?:---|\.\.\.)[ \t]*\r?$/;

export function splitMarkdown(text: string): MarkdownBlocks {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const rest = text.slice(bom.length);
  const opening = openPattern.exec(rest);
  if (!opening) return { bom: '', body: text };
  const eol = opening[1] === '\r\n' ? '\r\n' : '\n';
  const open = opening[0];
  let lineStart = open.length;
  while (lineStart < rest.length) {
    const newline = rest.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? rest.length : newline + 1;
    if (closePattern.test(rest.slice(lineStart, newline === -1 ? rest.length : newline))) {
      return {
        bom,
        frontmatter: { open, yaml: rest.slice(open.length, lineStart), close: rest.slice(lineStart, lineEnd), eol },
        body: rest.slice(lineEnd),
      };
    }
    lineStart = lineEnd;
  }
  return { bom: '', body: text };
}

/** Whether `body`, written without a block in front, would be read back as having one. */
export const looksLikeFrontmatter = (body: string): boolean => splitMarkdown(body).frontmatter !== undefined;

/** The line break a file uses, judged by its first one; `\n` when it has none. */
export function detectEol(text: string): '\n' | '\r\n' {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}
