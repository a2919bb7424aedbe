/**
 * Where the top-level `key = value` lines of a TOML frontmatter are, without interpreting the
 * values (smol-toml does that): enough to rewrite one value in place or drop its lines.
 *
 * The top-level pairs come first; the keys below each table header (`[params]`) belong to that
 * table, and are listed with it (an array of tables, `[[cascade]]`, is listed without a path: its
 * pairs are never rewritten). A line that is neither blank, a comment, a header nor a key/value
 * pair stops the scan (the parser reports such a document as invalid anyway).
 */
export interface TomlPair {
  /** The first segment of the key: the frontmatter field the line sets. */
  key: string;
  /** `a.b = 1` sets part of the table `a`; such lines are never rewritten. */
  dotted: boolean;
  /** Offset of the start of the line holding the key. */
  start: number;
  /** Offset just past the line break of the line where the value ends (or the end of the text). */
  end: number;
  valueStart: number;
  valueEnd: number;
  /** Whether comments sit inside the value (in a multi-line array): a rewrite would lose them. */
  commented: boolean;
}

/** A `[table]` section: its header's key path, and the `key = value` lines under it. */
export interface TomlSection {
  /** The header's key path (`[params.social]`: params, social); null for an array of tables (`[[cascade]]`) or a header this scan cannot read. */
  path: string[] | null;
  /** Offset just past the header line: where a first new key goes. */
  bodyStart: number;
  pairs: TomlPair[];
}

export interface TomlScan {
  pairs: TomlPair[];
  /** Offset of the first table header line; the text's length when there is none. */
  tablesStart: number;
  /** The tables below the top-level pairs, in order; a line the scan cannot read ends them. */
  sections: TomlSection[];
}

const bareKey = /^[A-Za-z0-9_-]+/;

export function scanToml(text: string): TomlScan {
  const top = scanPairs(text, 0);
  const sections: TomlSection[] = [];
  let pos = top.stop;
  while (pos < text.length) {
    const header = readHeader(text, pos);
    if (!header) break;
    const body = scanPairs(text, header.end);
    sections.push({ path: header.path, bodyStart: header.end, pairs: body.pairs });
    pos = body.stop;
  }
  return { pairs: top.pairs, tablesStart: top.stop, sections };
}

/** The `key = value` lines from `from` up to the next header (or a line that is not one): where the scan stopped. */
function scanPairs(text: string, from: number): { pairs: TomlPair[]; stop: number } {
  const pairs: TomlPair[] = [];
  let pos = from;
  while (pos < text.length) {
    const lineEnd = endOfLine(text, pos);
    const first = skipSpaces(text, pos);
    const char = text[first];
    if (first >= lineEnd || char === '#' || char === '\n' || char === '\r') {
      pos = lineEnd;
      continue;
    }
    if (char === '[') return { pairs, stop: pos };
    const key = readKey(text, first);
    if (!key || text[key.end] !== '=') return { pairs, stop: pos };
    const valueStart = skipSpaces(text, key.end + 1);
    const { end: valueEnd, commented } = scanValue(text, valueStart);
    pairs.push({
      key: key.segments[0]!,
      dotted: key.segments.length > 1,
      start: pos,
      end: endOfLine(text, valueEnd),
      valueStart,
      valueEnd,
      commented,
    });
    pos = endOfLine(text, valueEnd);
  }
  return { pairs, stop: text.length };
}

/** A header line at `from` (`[a.b]`, or `[[a]]` whose path is null), up to past its line break; undefined when the line is not one. */
function readHeader(
  text: string,
  from: number,
): { path: string[] | null; end: number } | undefined {
  const first = skipSpaces(text, from);
  if (text[first] !== '[') return undefined;
  const array = text[first + 1] === '[';
  const key = readKey(text, skipSpaces(text, first + (array ? 2 : 1)));
  if (!key) return undefined;
  const close = array ? ']]' : ']';
  if (!text.startsWith(close, key.end)) return undefined;
  const rest = skipSpaces(text, key.end + close.length);
  const lineEnd = endOfLine(text, rest);
  if (rest < lineEnd && text[rest] !== '#' && text[rest] !== '\n' && text[rest] !== '\r')
    return undefined;
  return { path: array ? null : key.segments, end: lineEnd };
}

function endOfLine(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline + 1;
}

function skipSpaces(text: string, from: number): number {
  let pos = from;
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  return pos;
}

/** A possibly dotted key and the offset after it and the spaces following it. */
function readKey(text: string, from: number): { segments: string[]; end: number } | undefined {
  const segments: string[] = [];
  let pos = from;
  for (;;) {
    const quote = text[pos];
    if (quote === '"' || quote === "'") {
      const close = quote === '"' ? endOfBasic(text, pos + 1) : text.indexOf("'", pos + 1) + 1;
      if (close <= 0) return undefined;
      const raw = text.slice(pos, close);
      segments.push(quote === "'" ? raw.slice(1, -1) : unescapeBasic(raw));
      pos = close;
    } else {
      const bare = bareKey.exec(text.slice(pos, pos + 256));
      if (!bare) return undefined;
      segments.push(bare[0]);
      pos += bare[0].length;
    }
    pos = skipSpaces(text, pos);
    if (text[pos] !== '.') return { segments, end: pos };
    pos = skipSpaces(text, pos + 1);
  }
}

function unescapeBasic(raw: string): string {
  try {
    return JSON.parse(
      raw.replace(/\\U([0-9a-fA-F]{8})/g, (_, hex: string) =>
        JSON.stringify(String.fromCodePoint(Number.parseInt(hex, 16))).slice(1, -1),
      ),
    ) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/** Offset after the closing quote of a one-line basic string whose content starts at `from`. */
function endOfBasic(text: string, from: number): number {
  let pos = from;
  while (pos < text.length && text[pos] !== '\n') {
    if (text[pos] === '\\') pos += 2;
    else if (text[pos] === '"') return pos + 1;
    else pos++;
  }
  return -1;
}

/** Offset after a multi-line string opened by `delimiter` at `from` (up to two extra quotes belong to it). */
function endOfMultiline(text: string, from: number, delimiter: '"""' | "'''"): number {
  let pos = from + 3;
  while (pos < text.length) {
    if (delimiter === '"""' && text[pos] === '\\') pos += 2;
    else if (text.startsWith(delimiter, pos)) {
      let end = pos + 3;
      while (end < pos + 5 && text[end] === delimiter[0]) end++;
      return end;
    } else pos++;
  }
  return text.length;
}

/** Offset after the value starting at `from` (trailing spaces and comments are not part of it), and whether comments are inside it. */
function scanValue(text: string, from: number): { end: number; commented: boolean } {
  let pos = from;
  let depth = 0;
  let commented = false;
  while (pos < text.length) {
    const char = text[pos]!;
    if (text.startsWith('"""', pos) || text.startsWith("'''", pos))
      pos = endOfMultiline(text, pos, text.slice(pos, pos + 3) as '"""' | "'''");
    else if (char === '"') pos = Math.max(endOfBasic(text, pos + 1), pos + 1);
    else if (char === "'") pos = Math.max(text.indexOf("'", pos + 1) + 1, pos + 1);
    else if (char === '[' || char === '{') {
      depth++;
      pos++;
    } else if (char === ']' || char === '}') {
      depth--;
      pos++;
    } else if (char === '#') {
      if (depth === 0) break;
      commented = true;
      pos = endOfLine(text, pos);
    } else if (char === '\n' || (char === '\r' && text[pos + 1] === '\n')) {
      if (depth <= 0) break;
      pos++;
    } else pos++;
    if (depth <= 0 && pos > from && (text[pos - 1] === ']' || text[pos - 1] === '}'))
      return { end: pos, commented };
  }
  let end = pos;
  while (end > from && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return { end, commented };
}
