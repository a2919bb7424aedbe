import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { readTag, skipExpression, tagStarts } from './jsx-scan';

/**
 * MDX's own blocks for markdown-it, at the top level of a body: ESM (`import`/`export` lines up
 * to a blank line), JSX elements (from the first tag to the line where every tag opened is
 * closed, or a self-closing one; markdown between the tags is part of the block) and `{…}`
 * expressions. Each becomes one `mdx_block` token holding the block's exact lines, with its
 * label ("Import", "Component <Tabs>", "Expression") as the token's `info`; nothing in it is read
 * as markdown or run. A block whose end cannot be found (a tag that is never closed, a string
 * that never ends) runs to the end of the body as "MDX": kept raw, never reinterpreted. Inside a
 * paragraph, `{…}` is an `mdx_expression` token (so the rich-text mode keeps that paragraph raw).
 * MDX has no indented code, so that rule is off. ESM starts only a new block; a component or an
 * expression may also end a paragraph, as in MDX. The preview renders a block as
 * `<pre class="mdx-block">` with its label as the title; the sanitiser's allow-list is unchanged.
 */
type Found = { end: number; label: string } | 'not a block' | 'unsure';

/** MDX's ESM: the keyword and a space, at the very start of a line. */
const esm = /^(import|export) /;
const backticks = /`+/y;
const spaces = /[ \t]*/y;
/** Spaces, then the line's end. */
const lineRest = /([ \t]*)(?:\n|$)/y;

/** The offset after the JSX element(s) that start at `from`: tags balance and the line ends. */
function component(src: string, from: number): Found {
  const stack: string[] = [];
  let label: string | undefined;
  let fence: string | undefined;
  let at = from;
  while (at < src.length) {
    const lineStart = at === 0 || src[at - 1] === '\n';
    if (lineStart && stack.length > 0) {
      const lineEnd = src.indexOf('\n', at) < 0 ? src.length : src.indexOf('\n', at);
      const line = src.slice(at, lineEnd);
      // Fenced code inside a component is the writer's code: its `<` and `{` are text.
      const marker = /^[ \t]*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker?.startsWith(fence) && line.trim() === marker) fence = undefined;
        at = lineEnd + 1;
        continue;
      }
      if (marker !== undefined) {
        fence = marker;
        at = lineEnd + 1;
        continue;
      }
    }
    const char = src[at]!;
    if (char === '\\') at += 2;
    else if (char === '`') {
      backticks.lastIndex = at;
      const run = backticks.exec(src)![0];
      const close = src.indexOf(run, at + run.length);
      const paragraphEnd = src.indexOf('\n\n', at);
      at =
        close >= 0 && (paragraphEnd < 0 || close < paragraphEnd)
          ? close + run.length
          : at + run.length;
    } else if (char === '{') {
      const end = skipExpression(src, at);
      if (end === undefined) return 'unsure';
      at = end;
    } else if (char === '<' && src.startsWith('](', at - 2)) {
      // A link's destination written `<…>` is markdown, not a tag.
      const close = src.indexOf('>', at);
      const lineEnd = src.indexOf('\n', at);
      if (close < 0 || (lineEnd >= 0 && lineEnd < close)) return 'unsure';
      at = close + 1;
    } else if (char === '<' && tagStarts(src, at)) {
      const tag = readTag(src, at);
      if (!tag) return 'unsure';
      label ??= `Component <${tag.name}>`;
      if (tag.closing) {
        if (stack.pop() !== tag.name) return 'unsure';
      } else if (!tag.selfClosing) stack.push(tag.name);
      at = tag.end;
      if (stack.length > 0) continue;
      // Every tag is closed: the block ends with this line, which holds nothing else but other tags.
      spaces.lastIndex = at;
      at += spaces.exec(src)![0].length;
      if (at >= src.length || src[at] === '\n') return { end: at, label };
      if (!tagStarts(src, at)) return 'not a block';
    } else if (stack.length === 0) return 'not a block';
    else at++;
  }
  return 'unsure';
}

/** The offset after the `{…}` expression starting at `from`, alone on its last line. */
function expression(src: string, from: number): Found {
  const end = skipExpression(src, from);
  if (end === undefined) return 'unsure';
  lineRest.lastIndex = end;
  const rest = lineRest.exec(src)?.[1];
  return rest === undefined ? 'not a block' : { end: end + rest.length, label: 'Expression' };
}

function mdxBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean) {
  // Top level only (level 0: outside any list or quote, whose lines carry markers this reading
  // does not strip); a top-level paragraph asking whether it ends here is at level 0 too.
  if (state.level !== 0 || state.blkIndent !== 0) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const first = state.src.slice(start, state.eMarks[startLine]);
  let nextLine: number;
  let label: string;
  // As in MDX, ESM never interrupts a paragraph (`silent` is markdown-it asking whether a block
  // may end the paragraph above); a component or an expression does.
  const keyword = state.tShift[startLine] === 0 && !silent ? esm.exec(first)?.[1] : undefined;
  if (keyword) {
    nextLine = startLine + 1;
    while (nextLine < endLine && !state.isEmpty(nextLine)) nextLine++;
    label = keyword === 'import' ? 'Import' : 'Export';
  } else {
    const found = first.startsWith('{')
      ? expression(state.src, start)
      : tagStarts(first, 0)
        ? component(state.src, start)
        : 'not a block';
    if (found === 'not a block') return false;
    if (found === 'unsure') {
      nextLine = endLine;
      label = 'MDX';
    } else {
      nextLine = startLine;
      while (nextLine < endLine - 1 && state.eMarks[nextLine]! < found.end) nextLine++;
      nextLine++;
      label = found.label;
    }
  }
  if (silent) return true;
  const token = state.push('mdx_block', '', 0);
  token.block = true;
  token.map = [startLine, nextLine];
  token.content = state.getLines(startLine, nextLine, 0, false);
  token.info = label;
  state.line = nextLine;
  return true;
}

/** `{…}` inside a paragraph (an escaped `\{` never reaches here: the escape rule takes it first). */
function mdxInlineExpression(state: StateInline, silent: boolean) {
  if (state.src[state.pos] !== '{') return false;
  const end = Math.min(skipExpression(state.src, state.pos) ?? state.posMax, state.posMax);
  if (!silent) state.push('mdx_expression', '', 0).content = state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

export function mdxBlocks(md: MarkdownIt): void {
  md.disable('code');
  md.block.ruler.before('table', 'mdx_block', mdxBlock, { alt: ['paragraph'] });
  md.inline.ruler.after('escape', 'mdx_expression', mdxInlineExpression);
  const escape = md.utils.escapeHtml;
  md.renderer.rules.mdx_block = (tokens, index) => {
    const token = tokens[index]!;
    return `<pre class="mdx-block" title="${escape(token.info)}"><code>${escape(token.content)}</code></pre>\n`;
  };
  md.renderer.rules.mdx_expression = (tokens, index) => escape(tokens[index]!.content);
}
