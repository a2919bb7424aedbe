import { parse, TomlDate, TomlError } from 'smol-toml';
import { InvalidInputError } from '../errors';
import { deepEqual } from './deep-equal';
import { FrontmatterError } from './frontmatter-error';
import { assertFrontmatterInputSize, assertYamlSize, maxNesting } from './frontmatter-limits';
import { renderTomlKey, renderTomlValue, TomlValueError } from './toml-render';
import { scanToml, type TomlPair } from './toml-scan';

/**
 * TOML frontmatter (`+++`, Hugo and Zola), read with smol-toml and edited by splicing the text.
 *
 * Reading: dates (offset and local date-times, local dates and times) come out as the text
 * written, like YAML dates; integers JavaScript cannot hold exactly come out as text.
 *
 * Writing: a top-level `key = value` whose value changed has only its value's characters
 * replaced (the spacing around `=` and a trailing comment stay), in the old value's style (see
 * toml-render.ts); a removed key loses its lines; a new key is added as `key = value` after the
 * last top-level pair, before any table. `null` removes a key: TOML has no null. Values set by a
 * table (`[params]`), an array of tables (`[[cascade]]`) or dotted keys (`a.b = 1`) are never
 * rewritten: changing or removing one is refused with a 400 naming the field, and so is changing
 * an array with comments between its items. Comment and blank lines, tables and every untouched
 * pair keep their bytes.
 */
type Entries = readonly (readonly [string, unknown])[];

export interface ReadToml {
  values: Record<string, unknown>;
  pairs: TomlPair[];
  tablesStart: number;
}

/** `lineOffset`: lines of the file before the TOML text (the opening `+++` and blank lines above it). */
export function readFrontmatterToml(text: string, lineOffset = 1): ReadToml {
  assertYamlSize(text);
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text, { integersAsBigInt: 'asNeeded', maxDepth: maxNesting }) as Record<string, unknown>;
  } catch (cause) {
    if (!(cause instanceof TomlError)) throw cause;
    const line = cause.line + lineOffset;
    const reason = cause.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new FrontmatterError(`frontmatter: invalid TOML at line ${line}, column ${cause.column}: ${reason}`, { cause, line });
  }
  const { pairs, tablesStart } = scanToml(text);
  const rawDates = new Map(pairs.filter((pair) => !pair.dotted).map((pair) => [pair.key, text.slice(pair.valueStart, pair.valueEnd)]));
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const raw = rawDates.get(key);
    values[key] = value instanceof TomlDate && raw !== undefined && isDateLike(raw) ? raw : plainValue(value);
  }
  try {
    assertFrontmatterInputSize(values);
  } catch (error) {
    if (error instanceof FrontmatterError || !(error instanceof InvalidInputError)) throw error;
    throw new FrontmatterError(`frontmatter: ${error.message}`, { cause: error });
  }
  return { values, pairs, tablesStart };
}

const isDateLike = (raw: string): boolean => /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(raw);

/** smol-toml's values as JSON values: dates as TOML writes them, big integers as text. */
function plainValue(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString().replace(/\.000(?=$|Z|[+-])/, '');
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item)]));
  return value;
}

export function editFrontmatterToml(text: string, next: Entries, eol: '\n' | '\r\n', lineOffset = 1): string {
  const read = readFrontmatterToml(text, lineOffset);
  const wanted = new Map(next.filter(([, value]) => value !== null));
  const simple = new Map(read.pairs.filter((pair) => !pair.dotted).map((pair) => [pair.key, pair]));
  const changes = new Map<TomlPair, unknown>();
  for (const [key, value] of Object.entries(read.values)) {
    const removed = !wanted.has(key);
    if (!removed && deepEqual(value, wanted.get(key))) continue;
    const pair = simple.get(key);
    if (!pair) throw new InvalidInputError(`frontmatter.${key}: set by a TOML table or dotted keys, which the editor does not ${removed ? 'remove' : 'rewrite'}; edit the file directly`);
    if (pair.commented && !removed) throw new InvalidInputError(`frontmatter.${key}: its TOML value holds comments, which rewriting it would lose; edit the file directly`);
    changes.set(pair, removed ? undefined : wanted.get(key));
  }
  const added = [...wanted].filter(([key]) => !Object.hasOwn(read.values, key));
  if (changes.size === 0 && added.length === 0) return text;
  for (const plain of [false, true]) {
    const edited = splice(text, read, changes, added, eol, plain);
    if (readsBack(edited, wanted, lineOffset)) return edited;
  }
  throw new FrontmatterError('frontmatter: cannot be written as TOML that reads back the same; check the key names');
}

function splice(text: string, read: ReadToml, changes: Map<TomlPair, unknown>, added: Entries, eol: string, plain: boolean): string {
  const insertAt = read.pairs.at(-1)?.end ?? read.tablesStart;
  let out = '';
  let pos = 0;
  for (const pair of read.pairs) {
    if (!changes.has(pair)) continue;
    const value = changes.get(pair);
    out += text.slice(pos, pair.start);
    if (value !== undefined) {
      const raw = text.slice(pair.valueStart, pair.valueEnd);
      const rendered = render(pair.key, value, { raw, wasDate: isDateLike(raw) && !/^["'[{]/.test(raw) }, eol, plain);
      out += text.slice(pair.start, pair.valueStart) + rendered + text.slice(pair.valueEnd, pair.end);
    }
    pos = pair.end;
  }
  out += text.slice(pos, insertAt);
  if (added.length > 0 && out !== '' && !out.endsWith('\n')) out += eol;
  const lines = added.map(([key, value]) => `${renderTomlKey(key)} = ${render(key, value, undefined, eol, plain)}${eol}`).join('');
  return out + lines + text.slice(insertAt);
}

function render(key: string, value: unknown, old: { raw: string; wasDate: boolean } | undefined, eol: string, plain: boolean): string {
  try {
    return renderTomlValue(value, old, eol, plain);
  } catch (error) {
    if (error instanceof TomlValueError) throw new InvalidInputError(`frontmatter.${key}: ${error.message}`);
    throw error;
  }
}

function readsBack(text: string, wanted: Map<string, unknown>, lineOffset: number): boolean {
  // A `+++` line inside a multi-line string would end the block early.
  if (/^\+\+\+[ \t]*\r?$/m.test(text)) return false;
  try {
    return deepEqual(readFrontmatterToml(text, lineOffset).values, Object.fromEntries(wanted));
  } catch {
    return false;
  }
}
