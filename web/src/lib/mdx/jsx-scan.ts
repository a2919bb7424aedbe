/**
 * Where an MDX construct ends, read with the few rules MDX gives its JSX and expressions: a tag
 * `<Name attr="…" attr={…} {...spread}>` (or `</Name>`, `<Name />`, `<>`), and a brace
 * expression whose braces balance outside strings, template literals and comments. Nothing here
 * evaluates or interprets the code: it only finds the offset where the construct stops, or
 * `undefined` when the text is not one it can read (the caller then keeps it raw).
 */

export interface Tag {
  /** The element's name (`Tabs`, `Card.Body`, `''` for a fragment). */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** The offset just after the tag's `>`. */
  end: number;
}

const nameStart = /[A-Za-z_$]/;
const nameChar = /[\w$.:-]/;
const space = /\s/;

function skipSpace(text: string, at: number): number {
  while (at < text.length && space.test(text[at]!)) at++;
  return at;
}

/**
 * The offset after the quote that closes the string opening at `at`, or undefined. A JavaScript
 * string (`code`) knows backslash escapes and ends at its line unless it is a template literal;
 * a JSX attribute string has no escapes and may span lines.
 */
function skipString(text: string, at: number, code: boolean): number | undefined {
  const quote = text[at]!;
  for (let index = at + 1; index < text.length; index++) {
    const char = text[index]!;
    if (code && char === '\\') index++;
    else if (char === quote) return index + 1;
    else if (code && quote !== '`' && char === '\n') return undefined;
  }
  return undefined;
}

/** The offset after the `}` that balances the `{` at `at`, or undefined when it never does. */
export function skipExpression(text: string, at: number): number | undefined {
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const char = text[index]!;
    if (char === '{') depth++;
    else if (char === '}') {
      depth--;
      if (depth === 0) return index + 1;
    } else if (char === '"' || char === "'" || char === '`') {
      const end = skipString(text, index, true);
      if (end === undefined) return undefined;
      index = end - 1;
    } else if (char === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index);
      if (end < 0) return undefined;
      index = end;
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end < 0) return undefined;
      index = end + 1;
    }
  }
  return undefined;
}

/** Whether a tag starts at `at`: `<` then a name, `/` or `>` (so `a < b` and `<!--` are text). */
export function tagStarts(text: string, at: number): boolean {
  const next = text[at + 1];
  return (
    text[at] === '<' && next !== undefined && (nameStart.test(next) || next === '/' || next === '>')
  );
}

/** The tag starting at `at` (a `<`), or undefined when it is not one MDX would read. */
export function readTag(text: string, at: number): Tag | undefined {
  let index = skipSpace(text, at + 1);
  const closing = text[index] === '/';
  if (closing) index = skipSpace(text, index + 1);
  let name = '';
  if (nameStart.test(text[index] ?? '')) {
    const start = index;
    while (index < text.length && nameChar.test(text[index]!)) index++;
    name = text.slice(start, index);
  }
  for (;;) {
    index = skipSpace(text, index);
    const char = text[index];
    if (char === undefined) return undefined;
    if (char === '>') return { name, closing, selfClosing: false, end: index + 1 };
    if (char === '/' && text[index + 1] === '>' && !closing)
      return { name, closing, selfClosing: true, end: index + 2 };
    if (closing || name === '') return undefined;
    if (char === '{') {
      const end = skipExpression(text, index);
      if (end === undefined) return undefined;
      index = end;
      continue;
    }
    if (!nameStart.test(char)) return undefined;
    while (index < text.length && nameChar.test(text[index]!)) index++;
    const afterName = skipSpace(text, index);
    if (text[afterName] !== '=') continue;
    index = skipSpace(text, afterName + 1);
    const value = text[index];
    const end =
      value === '"' || value === "'"
        ? skipString(text, index, false)
        : value === '{'
          ? skipExpression(text, index)
          : undefined;
    if (end === undefined) return undefined;
    index = end;
  }
}
