/**
 * Plain values read out of a JavaScript configuration file's text without running it
 * (astro.config.mjs, docusaurus.config.js): the object or array literal written after a key, and
 * the string literals in it. Only literals count: a value computed, imported or spread is not
 * read (undefined), and the caller says so. `cms init` never executes a site's code.
 */

/** The text with every comment and the inside of every string blanked out, offsets kept. */
function masked(text: string): string {
  const out = [...text];
  let at = 0;
  const blank = (from: number, to: number) => {
    for (let index = from; index < to; index += 1) if (out[index] !== '\n') out[index] = ' ';
  };
  while (at < text.length) {
    const char = text[at]!;
    if (char === '/' && text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      const stop = end === -1 ? text.length : end;
      blank(at, stop);
      at = stop;
    } else if (char === '/' && text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(at, stop);
      at = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      let end = at + 1;
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1;
      // The quotes stay, so that a string still reads as one where a value is expected.
      blank(at + 1, end);
      at = end + 1;
    } else at += 1;
  }
  return out.join('');
}

const closing: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/** The offset just past the bracket closing the one at `open`, or undefined when unbalanced. */
function closeOf(code: string, open: number): number | undefined {
  const stack: string[] = [];
  for (let at = open; at < code.length; at += 1) {
    const char = code[at]!;
    if (char in closing) stack.push(closing[char]!);
    else if (char === '}' || char === ']' || char === ')') {
      if (stack.pop() !== char) return undefined;
      if (stack.length === 0) return at + 1;
    }
  }
  return undefined;
}

/** A piece of the configuration: its text and the same text masked. */
export interface JsLiteral {
  text: string;
  code: string;
}

export const jsText = (text: string): JsLiteral => ({ text, code: masked(text) });

/** The first object (`{`) or array (`[`) literal written as `key: …` or `key = …`. */
export function literalAfter(
  source: JsLiteral,
  key: string,
  bracket: '{' | '[',
): JsLiteral | undefined {
  const pattern = new RegExp(`(?:^|[^\\w$.])${key}\\s*[:=]\\s*\\${bracket}`, 'g');
  const match = pattern.exec(source.code);
  if (!match) return undefined;
  const open = match.index + match[0].length - 1;
  const end = closeOf(source.code, open);
  return end === undefined
    ? undefined
    : { text: source.text.slice(open, end), code: source.code.slice(open, end) };
}

/** The parts of a literal's body separated by its own commas (not those of nested literals). */
function topLevelParts(literal: JsLiteral): JsLiteral[] {
  const parts: JsLiteral[] = [];
  let depth = 0;
  let start = 1;
  for (let at = 1; at < literal.code.length - 1; at += 1) {
    const char = literal.code[at]!;
    if (char in closing) depth += 1;
    else if (char === '}' || char === ']' || char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push({ text: literal.text.slice(start, at), code: literal.code.slice(start, at) });
      start = at + 1;
    }
  }
  const end = literal.code.length - 1;
  parts.push({ text: literal.text.slice(start, end), code: literal.code.slice(start, end) });
  return parts.filter((part) => part.code.trim() !== '');
}

const stringLiteral = /^\s*(['"`])([^'"`\\$]*)\1\s*$/;

/** The array's items when every one is a plain string literal; undefined otherwise. */
export function stringItems(array: JsLiteral): string[] | undefined {
  const items = topLevelParts(array).map((part) => stringLiteral.exec(part.text)?.[2]);
  return items.every((item) => item !== undefined) ? (items as string[]) : undefined;
}

/**
 * The object's entries by key (an identifier or a string literal), each with its value; undefined
 * when an entry is anything else (a spread, a computed key, a method).
 */
export function objectEntries(object: JsLiteral): Map<string, JsLiteral> | undefined {
  const entries = new Map<string, JsLiteral>();
  for (const part of topLevelParts(object)) {
    // Found in the masked text (a comment before the key is blank there), read in the text.
    const key = /^(\s*)([A-Za-z_$][\w$]*|'[^']*'|"[^"]*")\s*:/.exec(part.code);
    if (!key) return undefined;
    const written = part.text.slice(key[1]!.length, key[1]!.length + key[2]!.length);
    const name = /^['"]/.test(written) ? written.slice(1, -1) : written;
    // The value without the blanks around it, so that a literal starts at its bracket.
    const from = key[0].length + (/^\s*/.exec(part.code.slice(key[0].length))?.[0].length ?? 0);
    const to = part.code.trimEnd().length;
    entries.set(name, { text: part.text.slice(from, to), code: part.code.slice(from, to) });
  }
  return entries;
}

/** The string literal written as `key: '…'` directly in this object, if any. */
export function stringEntry(object: JsLiteral, key: string): string | undefined {
  const value = objectEntries(object)?.get(key);
  return value ? stringLiteral.exec(value.text)?.[2] : undefined;
}

/** The first string literal written as `key: '…'` anywhere in the text. */
export function stringAfter(source: JsLiteral, key: string): string | undefined {
  const match = new RegExp(`(?:^|[^\\w$.])${key}\\s*:\\s*(['"])`).exec(source.code);
  if (!match) return undefined;
  const open = match.index + match[0].length;
  const close = source.code.indexOf(match[1]!, open);
  return close === -1 ? undefined : source.text.slice(open, close);
}
