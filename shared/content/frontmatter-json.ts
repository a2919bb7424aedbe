import { InvalidInputError } from '../errors';
import { deepEqual } from './deep-equal';
import { isPlainObject } from './field-value';
import { FrontmatterError } from './frontmatter-error';
import { assertFrontmatterInputSize, assertYamlSize } from './frontmatter-limits';

/**
 * JSON frontmatter (Hugo: the file starts with a JSON object whose closing `}` is alone on its
 * line), read with JSON.parse and edited by splicing the text.
 *
 * Writing: a changed member has only its value's characters replaced (an array or object written
 * over several lines is written so again, at the member's indentation); a removed member loses
 * its lines and the comma that separated it; a new member is appended after the last one with the
 * same indentation and spacing after the colon. Member order, every other byte and the file's
 * line breaks stay. A changed object is edited the same way inside (recursively), so a change to
 * `seo.title` touches only that member; a changed array is written whole.
 */
type Entries = readonly (readonly [string, unknown])[];

interface JsonMember {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

interface ReadJson {
  values: Record<string, unknown>;
  members: JsonMember[];
  /** Offset of the closing `}` of the object. */
  closeAt: number;
}

export function readFrontmatterJson(text: string, lineOffset = 0): ReadJson {
  assertYamlSize(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const at = /position (\d+)/.exec((cause as Error).message)?.[1];
    const line =
      at === undefined ? undefined : text.slice(0, Number(at)).split('\n').length + lineOffset;
    throw new FrontmatterError(
      `frontmatter: invalid JSON${line === undefined ? '' : ` at line ${line}`}: ${(cause as Error).message}`,
      { cause, line },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new FrontmatterError('frontmatter: JSON frontmatter must be an object');
  const { members, closeAt } = scanMembers(text);
  const seen = new Set<string>();
  for (const { key } of members) {
    if (seen.has(key)) throw new FrontmatterError(`frontmatter: duplicate key "${key}"`);
    seen.add(key);
  }
  // A JavaScript object lists integer-like keys first whatever the file says; the file's order is kept in the bytes written.
  const values = parsed as Record<string, unknown>;
  try {
    assertFrontmatterInputSize(values);
  } catch (error) {
    if (error instanceof FrontmatterError || !(error instanceof InvalidInputError)) throw error;
    throw new FrontmatterError(`frontmatter: ${error.message}`, { cause: error });
  }
  return { values, members, closeAt };
}

const skipSpace = (text: string, from: number): number => {
  let pos = from;
  while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  return pos;
};

function endOfString(text: string, from: number): number {
  let pos = from + 1;
  while (pos < text.length && text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1;
  return pos + 1;
}

function endOfValue(text: string, from: number): number {
  let depth = 0;
  let pos = from;
  while (pos < text.length) {
    const char = text[pos]!;
    if (char === '"') pos = endOfString(text, pos);
    else if (char === '[' || char === '{') {
      depth++;
      pos++;
    } else if (char === ']' || char === '}') {
      if (depth === 0) break;
      depth--;
      pos++;
    } else if (depth === 0 && (char === ',' || /\s/.test(char))) break;
    else pos++;
    if (depth === 0 && /["\]}]/.test(text[pos - 1]!)) break;
  }
  return pos;
}

/** The top-level members of a JSON object already known to be valid. */
function scanMembers(text: string): { members: JsonMember[]; closeAt: number } {
  const members: JsonMember[] = [];
  let pos = skipSpace(text, 0) + 1;
  for (;;) {
    pos = skipSpace(text, pos);
    if (text[pos] === '}') return { members, closeAt: pos };
    const keyStart = pos;
    const keyEnd = endOfString(text, pos);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = endOfValue(text, valueStart);
    members.push({ key, keyStart, valueStart, valueEnd });
    pos = skipSpace(text, valueEnd);
    if (text[pos] === ',') pos++;
  }
}

const lineStartOf = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
const indentOf = (text: string, at: number): string =>
  /^[ \t]*/.exec(text.slice(lineStartOf(text, at)))![0];

/** `value` as JSON at a member's indentation; arrays and objects over several lines when the old value was. */
function renderJson(
  value: unknown,
  oldRaw: string | undefined,
  indent: string,
  eol: string,
): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const unit = oldRaw ? (/\n([ \t]+)/.exec(oldRaw)?.[1]?.slice(indent.length) ?? '') : '';
  if (oldRaw?.includes('\n') && unit !== '')
    return JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
  // `["a", "b"]` as most people write a one-line array, unless the old value had no spaces.
  return inlineJson(value, oldRaw === undefined || !/,/.test(oldRaw) || /,\s/.test(oldRaw));
}

function inlineJson(value: unknown, spaced: boolean): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const separator = spaced ? ', ' : ',';
  if (Array.isArray(value))
    return `[${value.map((item) => inlineJson(item, spaced)).join(separator)}]`;
  const members = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{${members.map(([key, item]) => `${JSON.stringify(key)}:${spaced ? ' ' : ''}${inlineJson(item, spaced)}`).join(separator)}}`;
}

export function editFrontmatterJson(
  text: string,
  next: Entries,
  eol: '\n' | '\r\n',
  lineOffset = 0,
): string {
  const read = readFrontmatterJson(text, lineOffset);
  const wanted = new Map(next);
  const changed = read.members.filter(
    ({ key }) => !wanted.has(key) || !deepEqual(read.values[key], wanted.get(key)),
  );
  const added = [...wanted].filter(([key]) => !Object.hasOwn(read.values, key));
  if (changed.length === 0 && added.length === 0) return text;
  const kept = read.members.filter((member) => wanted.has(member.key));
  let out = '';
  let pos = 0;
  read.members.forEach((member, index) => {
    if (!changed.includes(member)) return;
    if (wanted.has(member.key)) {
      const raw = text.slice(member.valueStart, member.valueEnd);
      const value = wanted.get(member.key);
      const inside =
        isPlainObject(read.values[member.key]) && isPlainObject(value)
          ? editInside(raw, value, eol)
          : undefined;
      out +=
        text.slice(pos, member.valueStart) +
        (inside ?? renderJson(value, raw, indentOf(text, member.keyStart), eol));
      pos = member.valueEnd;
      return;
    }
    // Removed after the last member kept: from the end of that member's value, so that its
    // comma goes too; otherwise from the start of this member's line through its own comma.
    const lastKept = kept.at(-1);
    if (lastKept && read.members.indexOf(lastKept) < index) {
      out += text.slice(pos, Math.max(lastKept.valueEnd, pos));
      pos = member.valueEnd;
      return;
    }
    const lineStart = lineStartOf(text, member.keyStart);
    const start = /^[ \t]*$/.test(text.slice(lineStart, member.keyStart))
      ? lineStart
      : member.keyStart;
    let end = skipSpaceInLine(text, member.valueEnd);
    if (text[end] === ',') end = skipSpaceInLine(text, end + 1);
    if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
    else if (text[end] === '\n') end += 1;
    out += text.slice(pos, Math.max(start, pos));
    pos = Math.max(end, pos);
  });
  out += text.slice(pos);
  const edited = added.length === 0 ? out : appendMembers(out, added, eol, lineOffset);
  if (!readsBack(edited, wanted, lineOffset))
    throw new FrontmatterError(
      'frontmatter: cannot be written as JSON that reads back the same; check the key names',
    );
  return edited;
}

/** A nested object's text edited member by member; undefined when that cannot be done (it is then written whole). */
function editInside(
  raw: string,
  value: Record<string, unknown>,
  eol: '\n' | '\r\n',
): string | undefined {
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return undefined;
  try {
    return editFrontmatterJson(raw, entries, eol);
  } catch (error) {
    if (error instanceof FrontmatterError) return undefined;
    throw error;
  }
}

function readsBack(text: string, wanted: Map<string, unknown>, lineOffset: number): boolean {
  try {
    return deepEqual(readFrontmatterJson(text, lineOffset).values, Object.fromEntries(wanted));
  } catch {
    return false;
  }
}

function skipSpaceInLine(text: string, from: number): number {
  let pos = from;
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  return pos;
}

function appendMembers(text: string, added: Entries, eol: string, lineOffset: number): string {
  const { members, closeAt } = readFrontmatterJson(text, lineOffset);
  const last = members.at(-1);
  const indent = last ? indentOf(text, last.keyStart) : '  ';
  const colon = last
    ? text.slice(text.indexOf(':', endOfString(text, last.keyStart)), last.valueStart)
    : ': ';
  const oneLine =
    last !== undefined && lineStartOf(text, last.keyStart) === lineStartOf(text, text.indexOf('{'));
  const rendered = added.map(
    ([key, value]) => `${JSON.stringify(key)}${colon}${renderJson(value, undefined, indent, eol)}`,
  );
  if (last) {
    const separator = oneLine ? ', ' : `,${eol}${indent}`;
    return (
      text.slice(0, last.valueEnd) +
      separator +
      rendered.join(separator) +
      text.slice(last.valueEnd)
    );
  }
  const before = text.slice(0, closeAt);
  const lead = before.endsWith('\n') ? '' : eol;
  return `${before}${lead}${rendered.map((member) => indent + member).join(`,${eol}`)}${eol}${text.slice(closeAt)}`;
}

/** The JSON block of a new file: the object, two spaces per level, its closing `}` alone on the last line. */
export function renderNewJson(next: Entries, eol: string): string {
  const text = JSON.stringify(Object.fromEntries(next), null, 2);
  return eol === '\n' ? text : text.replace(/\n/g, eol);
}
