import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Reader, Token } from 'markdown-it';

/**
 * The body cut into its top-level blocks, by markdown-it's line map: each block's exact source
 * and the exact text after it (blank lines, the last newline, CRLF), so that
 * `lead + Σ (block.source + block.after)` is the body, byte for byte. Lines that no token covers
 * but that are not blank (link reference definitions) are a block of their own, kept raw.
 */
export interface SourceBlock {
  source: string;
  /** The block's tokens, from its opening token to its closing one; none for uncovered lines. */
  tokens: Token[];
  /** The text from the end of this block to the start of the next (or the end of the body). */
  after: string;
}

export interface BlockSplit {
  /** The text before the first block (the whole body when it has no block). */
  lead: string;
  blocks: SourceBlock[];
  /** "\r\n" when the body's first line break is one, else "\n": new blocks are separated with it. */
  eol: string;
}

/** Raw HTML is recognised (so it is kept raw, never edited as text); no typography, no bare-URL links: text stays as typed. */
export const blockParserOptions = { html: true, linkify: false, typographer: false } as const;
export const blockParser = new MarkdownIt(blockParserOptions);

interface Line {
  start: number;
  /** Where the line's text ends (before its line break). */
  end: number;
}

/** Lines as markdown-it counts them: "\r\n", "\r" and "\n" each end one. */
function lines(text: string): Line[] {
  const result: Line[] = [];
  let start = 0;
  for (const match of text.matchAll(/\r\n?|\n/g)) {
    result.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  result.push({ start, end: text.length });
  return result;
}

interface Span {
  first: number;
  /** One past the last line. */
  last: number;
  tokens: Token[];
}

/** Top-level token groups with the lines they cover. */
function tokenSpans(tokens: Token[]): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.level !== 0 || token.nesting === -1) continue;
    let end = index;
    if (token.nesting === 1)
      while (!(tokens[end]!.nesting === -1 && tokens[end]!.level === 0)) end++;
    const group = tokens.slice(index, end + 1);
    index = end;
    if (!token.map) continue;
    const previous = spans.at(-1);
    // Never expected of markdown-it, but a block must not be cut twice: overlapping groups become one.
    if (previous && token.map[0] < previous.last) {
      previous.last = Math.max(previous.last, token.map[1]);
      previous.tokens = [...previous.tokens, ...group];
    } else spans.push({ first: token.map[0], last: token.map[1], tokens: group });
  }
  return spans;
}

/** The body's blocks as `parser` reads them (plain markdown, or MDX with its own blocks). */
export function splitBlocks(body: string, parser: Reader = blockParser): BlockSplit {
  const all = lines(body);
  const blank = (line: number) => /^[ \t]*$/.test(body.slice(all[line]!.start, all[line]!.end));
  const spans: Span[] = [];
  let covered = 0;
  /** Non-blank lines between covered spans (what markdown-it took without a token) as spans of their own. */
  const uncovered = (until: number) => {
    let first = covered;
    while (first < until && blank(first)) first++;
    let last = until;
    while (last > first && blank(last - 1)) last--;
    if (first < last) spans.push({ first, last, tokens: [] });
  };
  for (const span of tokenSpans(parser.parse(body, {}))) {
    uncovered(span.first);
    let last = Math.min(span.last, all.length);
    while (last > span.first + 1 && blank(last - 1)) last--;
    spans.push({ ...span, last });
    covered = last;
  }
  uncovered(all.length);
  const eol = /\r\n?|\n/.exec(body)?.[0] === '\r\n' ? '\r\n' : '\n';
  if (spans.length === 0) return { lead: body, blocks: [], eol };
  const blocks = spans.map((span, index) => {
    const end = all[span.last - 1]!.end;
    const next = spans[index + 1];
    return {
      source: body.slice(all[span.first]!.start, end),
      tokens: span.tokens,
      after: body.slice(end, next ? all[next.first]!.start : body.length),
    };
  });
  return { lead: body.slice(0, all[spans[0]!.first]!.start), blocks, eol };
}
