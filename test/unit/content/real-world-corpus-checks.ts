import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import {
  parseMarkdown,
  readMarkdown,
  serializeMarkdown,
  type Frontmatter,
} from '../../../shared/content/frontmatter';
import { InvalidInputError } from '../../../shared/errors';
import { deepEqual } from '../../../shared/content/deep-equal';

/**
 * The fidelity checks run on every file of the real-world corpus (test/fixtures/real-world/).
 * Each check returns the problems it found ([] when the file passes) and the kind of file, so
 * the test can report every failing file of a source at once and compare the counts with the
 * ones recorded in the manifest.
 *
 * Which lines belong to a field is judged from the text alone, not from the library the writer
 * uses: in YAML a top-level key's lines run from its `key:` line to the next line that starts in
 * column 0 (other than a `- item` of a sequence written without indentation); in TOML from its
 * `key =` line to the next key, table header, blank or comment line (a multi-line array's
 * closing `]` in column 0 is still the field's).
 */
export type FileKind = 'yaml' | 'toml' | 'json' | 'none' | 'invalid';

export interface Counts {
  files: number;
  yaml: number;
  toml: number;
  json: number;
  none: number;
  invalid: number;
  /** YAML and TOML files where a string field was changed (twice), one removed and one added, all passing. */
  fieldChecks: number;
  /** YAML and TOML files without a top-level string field: no change check, removal and addition still run. */
  noStringField: number;
  /** YAML files where a string inside a top-level mapping (at any depth) was changed too, all checks passing. */
  nestedChecks: number;
}

export const emptyCounts = (): Counts => ({
  files: 0,
  yaml: 0,
  toml: 0,
  json: 0,
  none: 0,
  invalid: 0,
  fieldChecks: 0,
  noStringField: 0,
  nestedChecks: 0,
});

export interface FileResult {
  kind: FileKind;
  /** Whether the YAML or TOML file had a string field to change. */
  changed?: boolean;
  /** Whether a string inside a top-level mapping (at any depth of mappings) was changed too. */
  nested?: boolean;
  problems: string[];
}

/** New values for the changed field: one written plain, one that must be quoted. */
const newValues = ['Edited corpus value', 'Edited: "corpus" value #2'];
const addedKey = 'corpus_added';
const addedValue = 'Added by the corpus test';

export function checkFile(text: string): FileResult {
  const { frontmatter: block, body } = splitMarkdown(text);
  if (!block) return { kind: 'none', problems: checkNone(text) };
  const read = readMarkdown(text);
  if (read.error) {
    const problems: string[] = [];
    if (read.error.kind !== 'invalid')
      problems.push(`invalid ${block.format} reported as ${read.error.kind}`);
    if (read.blockText !== block.text) problems.push('blockText is not the text of the block');
    if (read.body !== body)
      problems.push('body of an invalid file is not the text after the block');
    return { kind: 'invalid', problems };
  }
  if (block.format === 'json')
    return {
      kind: 'json',
      problems:
        serializeMarkdown(text, read.frontmatter, body) === text
          ? []
          : ['unchanged round trip differs'],
    };
  return checkFields(text, read.frontmatter, body, syntaxes[block.format]);
}

/** How a format's lines are recognised. */
interface Syntax {
  kind: 'yaml' | 'toml';
  keyLine: (key: string) => RegExp;
  close: RegExp;
  /** Whether a line after a key's first line is still part of its value. */
  continues: (line: string) => boolean;
  added: string;
  /** Where a new key may be added: lines before the first match (a table header or the closing line). */
  addBefore: RegExp;
}

const syntaxes: Record<'yaml' | 'toml', Syntax> = {
  yaml: {
    kind: 'yaml',
    keyLine: (key) =>
      new RegExp(`^(?:[&!]\\S* )*["']?${escapeRegExp(key)}["']?[ \\t]*:(?:[ \\t]|\\r?$)`),
    close: /^(?:---|\.\.\.)[ \t]*\r?$/,
    continues: (line) => !/^\S/.test(line) || /^-(?:[ \t]|\r?$)/.test(line),
    added: `${addedKey}: ${addedValue}`,
    addBefore: /^(?:---|\.\.\.)[ \t]*\r?$/,
  },
  toml: {
    kind: 'toml',
    keyLine: (key) => new RegExp(`^["']?${escapeRegExp(key)}["']?[ \\t]*=`),
    close: /^\+\+\+[ \t]*\r?$/,
    continues: (line) => !/^(?:[A-Za-z0-9_"'-]+[ \t]*[.=]|\[|[ \t]*(?:#.*)?\r?$)/.test(line),
    added: `${addedKey} = "${addedValue}"`,
    addBefore: /^(?:\+\+\+[ \t]*\r?|\[.*)$/,
  },
};

function checkNone(text: string): string[] {
  const read = readMarkdown(text);
  if (read.error || Object.keys(read.frontmatter).length > 0 || read.body !== text)
    return ['a file without frontmatter is not read as all body'];
  return serializeMarkdown(text, {}, text) === text ? [] : ['unchanged round trip differs'];
}

function checkFields(
  text: string,
  frontmatter: Frontmatter,
  body: string,
  syntax: Syntax,
): FileResult {
  const problems: string[] = [];
  const parsed = parseMarkdown(text);
  if (!deepEqual(parsed.frontmatter, frontmatter) || parsed.body !== body)
    problems.push('parseMarkdown and readMarkdown disagree');
  if (serializeMarkdown(text, parsed.frontmatter, parsed.body) !== text)
    problems.push('unchanged round trip differs');
  const keys = Object.keys(frontmatter);
  const field =
    typeof frontmatter.title === 'string'
      ? 'title'
      : keys.find((key) => typeof frontmatter[key] === 'string');
  if (field !== undefined) {
    for (const value of newValues) {
      if (value === frontmatter[field]) continue;
      problems.push(
        ...checkEdit(
          text,
          { ...frontmatter, [field]: value },
          body,
          `change ${field}`,
          (region, lines) => withinField(region, lines, field, false, syntax),
        ),
      );
    }
  }
  // TOML tables are never rewritten (a removal is refused): the middle of the other keys is removed.
  const removable =
    syntax.kind === 'toml'
      ? keys.filter((key) => !isRecord(frontmatter[key]) && !isTableArray(frontmatter[key]))
      : keys;
  if (removable.length > 0) {
    const removed = removable[Math.floor(removable.length / 2)]!;
    const next = { ...frontmatter };
    delete next[removed];
    problems.push(
      ...checkEdit(text, next, body, `remove ${removed}`, (region, lines) =>
        withinField(region, lines, removed, true, syntax),
      ),
    );
  }
  problems.push(
    ...checkEdit(
      text,
      { ...frontmatter, [addedKey]: addedValue },
      body,
      `add ${addedKey}`,
      (region, lines) => checkAddition(region, lines, syntax),
    ),
  );
  const nested = nestedString(frontmatter);
  if (nested && syntax.kind === 'toml') {
    problems.push(
      ...checkTomlNested(text, withValue(frontmatter, nested, 'Edited nested value'), body, nested),
    );
    return { kind: 'toml', changed: field !== undefined, nested: false, problems };
  }
  if (nested) {
    const next = withValue(frontmatter, nested, 'Edited nested value');
    problems.push(
      ...checkEdit(text, next, body, `change ${nested.join('.')}`, (region, lines) =>
        withinNested(region, lines, nested),
      ),
    );
  }
  return {
    kind: syntax.kind,
    changed: field !== undefined,
    nested: nested !== undefined,
    problems,
  };
}

const isTableArray = (value: unknown): boolean => Array.isArray(value) && value.some(isRecord);

/**
 * A change inside a TOML table: written in place when its key has a line of its own under the
 * table's header (that line alone changes), or refused with a 400 naming the field or a table
 * on its path (dotted keys, arrays of tables).
 */
function checkTomlNested(
  text: string,
  frontmatter: Frontmatter,
  body: string,
  path: string[],
): string[] {
  let written: string;
  try {
    written = serializeMarkdown(text, frontmatter, body);
  } catch (error) {
    const named = path.some(
      (_, n) =>
        error instanceof InvalidInputError &&
        error.message.startsWith(`frontmatter.${path.slice(0, n + 1).join('.')}:`),
    );
    return named ? [] : [`change inside ${path.join('.')}: threw ${String(error)}`];
  }
  if (!deepEqual(parseMarkdown(written).frontmatter, frontmatter))
    return [`change inside ${path.join('.')}: does not read back`];
  const before = text.split('\n');
  const after = written.split('\n');
  const changed = before.map((line, n) => (line === after[n] ? -1 : n)).filter((n) => n >= 0);
  const key = path.at(-1)!;
  if (
    before.length !== after.length ||
    changed.length !== 1 ||
    !new RegExp(`^\\s*["']?${escapeRegExp(key)}["']?\\s*=|${escapeRegExp(key)}\\s*=`).test(
      before[changed[0]!]!,
    )
  ) {
    return [`change inside ${path.join('.')}: lines other than ${key}'s changed`];
  }
  return [];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path to the first one-line string inside a top-level mapping, at any depth of mappings. */
function nestedString(value: Record<string, unknown>, path: string[] = []): string[] | undefined {
  for (const [key, item] of Object.entries(value)) {
    if (
      path.length > 0 &&
      typeof item === 'string' &&
      !item.includes('\n') &&
      item !== 'Edited nested value'
    )
      return [...path, key];
    const found = isRecord(item) ? nestedString(item, [...path, key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

function withValue(
  record: Record<string, unknown>,
  [key, ...rest]: string[],
  value: unknown,
): Record<string, unknown> {
  return {
    ...record,
    [key!]:
      rest.length === 0 ? value : withValue(record[key!] as Record<string, unknown>, rest, value),
  };
}

/** Only the nested key's lines change: its `key:` line and lines indented deeper than it. */
function withinNested(region: Region, lines: string[], path: string[]): string | undefined {
  const outer = withinField(region, lines, path[0]!, false, syntaxes.yaml);
  if (outer) return outer;
  const key = path.at(-1)!;
  const keyLine = new RegExp(`^([ \\t]+)["']?${escapeRegExp(key)}["']?[ \\t]*:`).exec(
    region.removed[0] ?? '',
  );
  if (!keyLine)
    return `changed lines do not start at the line of ${key}: ${JSON.stringify(region.removed)}`;
  const indent = keyLine[1]!.length;
  const others = region.removed
    .slice(1)
    .filter((line) => !/^[ \t]*\r?$/.test(line) && /^[ \t]*/.exec(line)![0].length <= indent);
  return others.length > 0
    ? `lines other than ${key}'s changed: ${JSON.stringify(others)}`
    : undefined;
}

interface Region {
  /** First line that differs (0-based, in the original file). */
  start: number;
  removed: string[];
  added: string[];
}

type RegionCheck = (region: Region, lines: string[]) => string | undefined;

function checkEdit(
  text: string,
  frontmatter: Frontmatter,
  body: string,
  what: string,
  check: RegionCheck,
): string[] {
  let written: string;
  try {
    written = serializeMarkdown(text, frontmatter, body);
  } catch (error) {
    return [`${what}: threw ${String(error)}`];
  }
  const problems: string[] = [];
  if (!written.endsWith(body) || splitMarkdown(written).body !== body)
    problems.push(`${what}: body changed`);
  const read = parseMarkdown(written);
  if (!deepEqual(read.frontmatter, frontmatter))
    problems.push(`${what}: does not read back as the frontmatter written`);
  const lines = text.split('\n');
  const problem = check(changedRegion(lines, written.split('\n')), lines);
  if (problem) problems.push(`${what}: ${problem}`);
  return problems;
}

function changedRegion(a: string[], b: string[]): Region {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return {
    start: head,
    removed: a.slice(head, a.length - tail),
    added: b.slice(head, b.length - tail),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first line of the block (after any blank lines before a TOML block) and its closing line. */
function blockLines(lines: string[], syntax: Syntax): { open: number; close: number } {
  const open = lines.findIndex((line) => !/^[ \t]*\r?$/.test(line));
  return { open, close: lines.findIndex((line, index) => index > open && syntax.close.test(line)) };
}

/** The lines of a top-level key, [start, end), found in the frontmatter block. */
function fieldLines(
  lines: string[],
  key: string,
  syntax: Syntax,
): { start: number; end: number } | undefined {
  const keyLine = syntax.keyLine(key);
  const { open, close } = blockLines(lines, syntax);
  const start = lines.findIndex(
    (line, index) => index > open && index < close && keyLine.test(line),
  );
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < close && syntax.continues(lines[end]!)) end++;
  return { start, end };
}

const isBlankOrComment = (line: string) => /^[ \t]*(?:#.*)?\r?$/.test(line);

function withinField(
  region: Region,
  lines: string[],
  key: string,
  removal: boolean,
  syntax: Syntax,
): string | undefined {
  const span = fieldLines(lines, key, syntax);
  if (!span) return `no line found for key ${key}`;
  const end = region.start + region.removed.length;
  if (region.start < span.start || end > span.end) {
    return `lines ${region.start + 1}-${end} changed, outside the field's lines ${span.start + 1}-${span.end}`;
  }
  if (removal) {
    if (region.added.length > 0) return `removal added lines ${JSON.stringify(region.added)}`;
    // Blank and comment lines after the value are not the field's: they may stay.
    const kept = lines
      .slice(span.start, span.end)
      .filter((_, index) => index + span.start < region.start || index + span.start >= end);
    if (!kept.every(isBlankOrComment))
      return `removal kept lines of the field: ${JSON.stringify(kept)}`;
  } else if (region.added.length === 0) return 'no line changed';
  return undefined;
}

/**
 * The new key's line is added and nothing else changes: in YAML right before the closing
 * delimiter; in TOML among the top-level pairs, before the first table header or the closing line.
 */
function checkAddition(region: Region, lines: string[], syntax: Syntax): string | undefined {
  const { open } = blockLines(lines, syntax);
  const limit = lines.findIndex((line, index) => index > open && syntax.addBefore.test(line));
  const eol = lines[open]!.endsWith('\r') ? '\r' : '';
  const expected = [`${syntax.added}${eol}`];
  const placed =
    syntax.kind === 'yaml' ? region.start === limit : region.start > open && region.start <= limit;
  if (
    region.removed.length > 0 ||
    !placed ||
    JSON.stringify(region.added) !== JSON.stringify(expected)
  ) {
    return `expected ${JSON.stringify(expected)} added before line ${limit + 1}, got ${JSON.stringify(region)}`;
  }
  return undefined;
}
