/**
 * Finds the frontmatter block of a markdown file without interpreting it. Every byte of the file
 * lands in exactly one part, so `bom + open + text + close + body` is the original text.
 *
 * Three block formats are recognised, as static site generators read them:
 * - YAML: a first line `---`, closed by the next line that is `---` or `...`;
 * - TOML (Hugo, Zola): a first line `+++`, closed by the next line `+++`;
 * - JSON (Hugo): a first line `{` (or `{"key": …`), closed by the next line that is `}`.
 * Trailing spaces and tabs are allowed on delimiter lines. A file whose first line opens a block
 * that is never closed has no frontmatter: it is all body, as Jekyll reads it (`---` alone is also
 * a markdown thematic break). Blank lines may come before a TOML or JSON block, as Hugo and Zola
 * skip them (Zola's theme pages start so); they belong to `open` (TOML) or `text` (JSON). A YAML
 * block must start the file, as Jekyll and gray-matter (Eleventy) read it.
 */
export type FrontmatterFormat = 'yaml' | 'toml' | 'json';

export interface MarkdownBlocks {
  /** A UTF-8 byte order mark in front of the block; '' otherwise (without a block it stays in `body`). */
  bom: string;
  frontmatter?: FrontmatterBlock;
  body: string;
}

export interface FrontmatterBlock {
  format: FrontmatterFormat;
  /** The opening line with its line break, e.g. `---\n`, after any blank lines; for JSON, '' (the braces belong to `text`). */
  open: string;
  /** What is between the delimiter lines ('' or ending in a line break); for JSON the whole object. */
  text: string;
  /** The closing line with its line break, if the file does not end there; for JSON, ''. */
  close: string;
  /** The line break of the opening line: new lines in the block use it. */
  eol: '\n' | '\r\n';
}

const openPatterns: readonly [FrontmatterFormat, RegExp, RegExp][] = [
  ['yaml', /^---[ \t]*(\r?\n)/, /^(?:---|\.\.\.)[ \t]*\r?$/],
  ['toml', /^(?:[ \t]*\r?\n)*\+\+\+[ \t]*(\r?\n)/, /^\+\+\+[ \t]*\r?$/],
  // `{` alone or followed by a key: `{{< shortcode >}}` and `{% liquid %}` lines are body.
  ['json', /^(?:[ \t]*\r?\n)*\{[ \t]*(?:"[^\n]*)?(\r?\n)/, /^\}[ \t]*\r?$/],
];

export function splitMarkdown(text: string): MarkdownBlocks {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const rest = text.slice(bom.length);
  for (const [format, openPattern, closePattern] of openPatterns) {
    const opening = openPattern.exec(rest);
    if (!opening) continue;
    const eol = opening[1] === '\r\n' ? '\r\n' : '\n';
    const open = opening[0];
    let lineStart = open.length;
    while (lineStart < rest.length) {
      const newline = rest.indexOf('\n', lineStart);
      const lineEnd = newline === -1 ? rest.length : newline + 1;
      if (closePattern.test(rest.slice(lineStart, newline === -1 ? rest.length : newline))) {
        const block: FrontmatterBlock =
          format === 'json'
            ? { format, open: '', text: rest.slice(0, lineEnd), close: '', eol }
            : {
                format,
                open,
                text: rest.slice(open.length, lineStart),
                close: rest.slice(lineStart, lineEnd),
                eol,
              };
        return { bom, frontmatter: block, body: rest.slice(lineEnd) };
      }
      lineStart = lineEnd;
    }
    return { bom: '', body: text };
  }
  return { bom: '', body: text };
}

/** Whether `body`, written without a block in front, would be read back as having one. */
export const looksLikeFrontmatter = (body: string): boolean =>
  splitMarkdown(body).frontmatter !== undefined;

/** The line break a file uses, judged by its first one; `\n` when it has none. */
export function detectEol(text: string): '\n' | '\r\n' {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}
