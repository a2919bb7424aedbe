import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** The longest heading a list carries (characters); a longer one is cut there. */
export const maxHeadingLength = 200;

let markdown: InstanceType<typeof MarkdownIt> | undefined;
// Built on first use, with raw HTML off, as the editor's preview reads a body.
const parser = () => (markdown ??= new MarkdownIt({ html: false }));

/** A line that may open (ATX) or underline (setext) a heading: only then is the body parsed. */
const mayHaveHeading = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/m;

/** The words of an inline token's children as a reader sees them: text, code, image alt text. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) =>
      token.type === 'softbreak' || token.type === 'hardbreak'
        ? ' '
        : token.type === 'image'
          ? plainText(token.children ?? [])
          : token.type === 'text' || token.type === 'code_inline' || token.type === 'text_special'
            ? token.content
            : '',
    )
    .join('');
}

/**
 * The text of a markdown body's first heading (`# Hello` or a setext `Hello\n===`), as a list
 * names an item without a title: markup dropped, whitespace collapsed, at most
 * `maxHeadingLength` characters. Undefined when the body has none (a `#` in a code block is none).
 */
export function firstHeadingOf(body: string): string | undefined {
  if (!mayHaveHeading.test(body)) return undefined;
  const tokens = parser().parse(body, {});
  const open = tokens.findIndex((token) => token.type === 'heading_open');
  const inline = open >= 0 ? tokens[open + 1] : undefined;
  const text = plainText(inline?.children ?? [])
    .replace(/\s+/g, ' ')
    .trim();
  // Cut by code points, so a character outside the BMP is never split.
  return text === '' ? undefined : [...text].slice(0, maxHeadingLength).join('');
}
