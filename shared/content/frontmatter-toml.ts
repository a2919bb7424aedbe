import { parse, TomlDate, TomlError } from 'smol-toml';
import { InvalidInputError } from '../errors';
import { deepEqual } from './deep-equal';
import { FrontmatterError } from './frontmatter-error';
import { assertFrontmatterInputSize, assertYamlSize, maxNesting } from './frontmatter-limits';
import { renderTomlKey, renderTomlValue, TomlValueError } from './toml-render';
import { scanToml, type TomlPair, type TomlSection } from './toml-scan';

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
  sections: TomlSection[];
}

/** `lineOffset`: lines of the file before the TOML text (the opening `+++` and blank lines above it). */
export function readFrontmatterToml(text: string, lineOffset = 1): ReadToml {
  assertYamlSize(text);
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text, { integersAsBigInt: 'asNeeded', maxDepth: maxNesting }) as Record<
      string,
      unknown
    >;
  } catch (cause) {
    if (!(cause instanceof TomlError)) throw cause;
    const line = cause.line + lineOffset;
    const reason = cause.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new FrontmatterError(
      `frontmatter: invalid TOML at line ${line}, column ${cause.column}: ${reason}`,
      { cause, line },
    );
  }
  const { pairs, tablesStart, sections } = scanToml(text);
  const rawDates = new Map(
    pairs
      .filter((pair) => !pair.dotted)
      .map((pair) => [pair.key, text.slice(pair.valueStart, pair.valueEnd)]),
  );
  // fromEntries defines each key, so a `__proto__` key stays data (an assignment would set the prototype).
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => {
      const raw = rawDates.get(key);
      return [
        key,
        value instanceof TomlDate && raw !== undefined && isDateLike(raw) ? raw : plainValue(value),
      ];
    }),
  );
  try {
    assertFrontmatterInputSize(values);
  } catch (error) {
    if (error instanceof FrontmatterError || !(error instanceof InvalidInputError)) throw error;
    throw new FrontmatterError(`frontmatter: ${error.message}`, { cause: error });
  }
  return { values, pairs, tablesStart, sections };
}

const isDateLike = (raw: string): boolean => /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(raw);

/** smol-toml's values as JSON values: dates as TOML writes them, big integers as text. */
function plainValue(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString().replace(/\.000(?=$|Z|[+-])/, '');
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item)]));
  return value;
}

export function editFrontmatterToml(
  text: string,
  next: Entries,
  eol: '\n' | '\r\n',
  lineOffset = 1,
): string {
  const read = readFrontmatterToml(text, lineOffset);
  const wanted = new Map(next.filter(([, value]) => value !== null));
  const plan: Plan = { changes: new Map(), additions: [] };
  const topAdded: [string, unknown][] = [];
  for (const key of new Set([...Object.keys(read.values), ...wanted.keys()])) {
    const before = Object.hasOwn(read.values, key) ? read.values[key] : undefined;
    const after = wanted.get(key);
    if (before === undefined) {
      if (after !== undefined) topAdded.push([key, after]);
    } else if (!deepEqual(before, after)) planChange(read, [key], before, after, plan);
  }
  if (topAdded.length > 0)
    plan.additions.push({ at: read.pairs.at(-1)?.end ?? read.tablesStart, entries: topAdded });
  if (plan.changes.size === 0 && plan.additions.length === 0) return text;
  for (const plain of [false, true]) {
    const edited = splice(text, plan, eol, plain);
    if (readsBack(edited, wanted, lineOffset)) return edited;
  }
  throw new FrontmatterError(
    'frontmatter: cannot be written as TOML that reads back the same; check the key names',
  );
}

interface Plan {
  /** Pairs to rewrite (a value) or drop (undefined), with the field path for messages. */
  changes: Map<TomlPair, { value: unknown; path: string }>;
  /** New `key = value` lines, inserted at an offset: after the top-level pairs, or at the end of a table. */
  additions: { at: number; entries: [string, unknown][] }[];
}

const samePath = (a: readonly string[] | null, b: readonly string[]) =>
  a !== null && a.length === b.length && a.every((segment, n) => segment === b[n]);
const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where the change of the value at `path` goes in the text: the `key = value` line that sets it
 * (at the top level, or under the table header of its parent), or, for a table written with its
 * own header (`[params]`), each of its keys that changed; a new key of such a table is added at
 * its end. Anything else (dotted keys, arrays of tables, a whole table removed) is refused.
 */
function planChange(
  read: ReadToml,
  path: string[],
  before: unknown,
  after: unknown,
  plan: Plan,
): void {
  const field = path.join('.');
  const refuse = (what: string) =>
    new InvalidInputError(
      `frontmatter.${field}: set by a TOML table or dotted keys, which the editor does not ${what}; edit the file directly`,
    );
  const parent = path.slice(0, -1);
  const pairs =
    parent.length === 0
      ? read.pairs
      : read.sections.find((section) => samePath(section.path, parent))?.pairs;
  const pair = pairs?.find((candidate) => !candidate.dotted && candidate.key === path.at(-1));
  if (pair) {
    if (pair.commented && after !== undefined)
      throw new InvalidInputError(
        `frontmatter.${field}: its TOML value holds comments, which rewriting it would lose; edit the file directly`,
      );
    plan.changes.set(pair, { value: after, path: field });
    return;
  }
  const table = read.sections.find((section) => samePath(section.path, path));
  if (!table || !isTable(before) || !isTable(after))
    throw refuse(after === undefined ? 'remove' : 'rewrite');
  const added: [string, unknown][] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    const now = Object.hasOwn(after, key) ? after[key] : undefined;
    if (old === undefined) {
      if (now !== undefined) added.push([key, now]);
    } else if (!deepEqual(old, now)) planChange(read, [...path, key], old, now, plan);
  }
  if (added.length > 0)
    plan.additions.push({ at: table.pairs.at(-1)?.end ?? table.bodyStart, entries: added });
}

function splice(text: string, plan: Plan, eol: string, plain: boolean): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [pair, { value, path }] of plan.changes) {
    if (value === undefined) {
      edits.push({ start: pair.start, end: pair.end, text: '' });
      continue;
    }
    const raw = text.slice(pair.valueStart, pair.valueEnd);
    const rendered = render(
      path,
      value,
      { raw, wasDate: isDateLike(raw) && !/^["'[{]/.test(raw) },
      eol,
      plain,
    );
    edits.push({ start: pair.valueStart, end: pair.valueEnd, text: rendered });
  }
  for (const { at, entries } of plan.additions) {
    const before = text.slice(0, at);
    const lines = entries
      .map(
        ([key, value]) =>
          `${renderTomlKey(key)} = ${render(key, value, undefined, eol, plain)}${eol}`,
      )
      .join('');
    edits.push({
      start: at,
      end: at,
      text: (before !== '' && !before.endsWith('\n') ? eol : '') + lines,
    });
  }
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let pos = 0;
  for (const edit of edits) {
    out += text.slice(pos, edit.start) + edit.text;
    pos = edit.end;
  }
  return out + text.slice(pos);
}

function render(
  field: string,
  value: unknown,
  old: { raw: string; wasDate: boolean } | undefined,
  eol: string,
  plain: boolean,
): string {
  try {
    return renderTomlValue(value, old, eol, plain);
  } catch (error) {
    if (error instanceof TomlValueError)
      throw new InvalidInputError(`frontmatter.${field}: ${error.message}`);
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

/**
 * The TOML block of a new file (between its `+++` lines): one `key = value` line per field in the
 * order given, strings in basic quotes, dates bare, mappings as inline tables; null is left out
 * (TOML has none).
 */
export function renderNewToml(next: Entries, eol: string): string {
  return next
    .filter(([, value]) => value !== null)
    .map(
      ([key, value]) =>
        `${renderTomlKey(key)} = ${render(key, value, undefined, eol, false)}${eol}`,
    )
    .join('');
}
