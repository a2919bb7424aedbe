import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import { FrontmatterError, parseMarkdown, readMarkdown, serializeMarkdown, type Frontmatter } from '../../../shared/content/frontmatter';
import { deepEqual } from '../../../shared/content/deep-equal';

/**
 * The fidelity checks run on every file of the real-world corpus (test/fixtures/real-world/).
 * Each check returns the problems it found ([] when the file passes) and the kind of file, so
 * the test can report every failing file of a source at once and compare the counts with the
 * ones recorded in the manifest.
 *
 * Which lines belong to a field is judged from the text alone, not from the YAML library the
 * writer uses: a top-level key's lines run from its `key:` line to the next line that starts in
 * column 0 (other than a `- item` of a sequence written without indentation).
 */
export type FileKind = 'yaml' | 'toml' | 'json' | 'none' | 'invalid';

export interface Counts {
  files: number;
  yaml: number;
  toml: number;
  json: number;
  none: number;
  invalid: number;
  /** YAML files where a string field was changed (twice), one removed and one added, all passing. */
  fieldChecks: number;
  /** YAML files without a top-level string field: no change check, removal and addition still run. */
  noStringField: number;
  /** YAML files where a string inside a top-level mapping (at any depth) was changed too, all checks passing. */
  nestedChecks: number;
}

export const emptyCounts = (): Counts => ({ files: 0, yaml: 0, toml: 0, json: 0, none: 0, invalid: 0, fieldChecks: 0, noStringField: 0, nestedChecks: 0 });

export interface FileResult {
  kind: FileKind;
  /** Whether the YAML file had a string field to change. */
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
  if (block.format !== 'yaml') return { kind: block.format, problems: checkUnsupported(text) };
  const read = readMarkdown(text);
  if (read.error) {
    const problems: string[] = [];
    if (read.error.kind !== 'invalid') problems.push(`invalid YAML reported as ${read.error.kind}`);
    if (read.blockText !== block.text) problems.push('blockText is not the text of the block');
    if (read.body !== body) problems.push('body of an invalid file is not the text after the block');
    return { kind: 'invalid', problems };
  }
  return checkYaml(text, read.frontmatter, body);
}

function checkNone(text: string): string[] {
  const read = readMarkdown(text);
  if (read.error || Object.keys(read.frontmatter).length > 0 || read.body !== text) return ['a file without frontmatter is not read as all body'];
  return serializeMarkdown(text, {}, text) === text ? [] : ['unchanged round trip differs'];
}

function checkUnsupported(text: string): string[] {
  const problems: string[] = [];
  const read = readMarkdown(text);
  if (read.error?.kind !== 'unsupported-format') problems.push(`read reports ${read.error?.kind ?? 'no error'} instead of unsupported-format`);
  for (const frontmatter of [{}, { title: 'x' }]) {
    try {
      const written = serializeMarkdown(text, frontmatter, read.body);
      problems.push(`written instead of refused: ${JSON.stringify(written.slice(0, 80))}`);
    } catch (error) {
      if (!(error instanceof FrontmatterError)) problems.push(`threw ${String(error)} instead of a FrontmatterError`);
    }
  }
  return problems;
}

function checkYaml(text: string, frontmatter: Frontmatter, body: string): FileResult {
  const problems: string[] = [];
  const parsed = parseMarkdown(text);
  if (!deepEqual(parsed.frontmatter, frontmatter) || parsed.body !== body) problems.push('parseMarkdown and readMarkdown disagree');
  if (serializeMarkdown(text, parsed.frontmatter, parsed.body) !== text) problems.push('unchanged round trip differs');
  const keys = Object.keys(frontmatter);
  const field = typeof frontmatter.title === 'string' ? 'title' : keys.find((key) => typeof frontmatter[key] === 'string');
  if (field !== undefined) {
    for (const value of newValues) {
      if (value === frontmatter[field]) continue;
      problems.push(...checkEdit(text, { ...frontmatter, [field]: value }, body, `change ${field}`, (region, lines) => withinField(region, lines, field, false)));
    }
  }
  if (keys.length > 0) {
    const removed = keys[Math.floor(keys.length / 2)]!;
    const next = { ...frontmatter };
    delete next[removed];
    problems.push(...checkEdit(text, next, body, `remove ${removed}`, (region, lines) => withinField(region, lines, removed, true)));
  }
  problems.push(...checkEdit(text, { ...frontmatter, [addedKey]: addedValue }, body, `add ${addedKey}`, checkAddition));
  const nested = nestedString(frontmatter);
  if (nested) {
    const next = withValue(frontmatter, nested, 'Edited nested value');
    problems.push(...checkEdit(text, next, body, `change ${nested.join('.')}`, (region, lines) => withinNested(region, lines, nested)));
  }
  return { kind: 'yaml', changed: field !== undefined, nested: nested !== undefined, problems };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path to the first one-line string inside a top-level mapping, at any depth of mappings. */
function nestedString(value: Record<string, unknown>, path: string[] = []): string[] | undefined {
  for (const [key, item] of Object.entries(value)) {
    if (path.length > 0 && typeof item === 'string' && !item.includes('\n') && item !== 'Edited nested value') return [...path, key];
    const found = isRecord(item) ? nestedString(item, [...path, key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

function withValue(record: Record<string, unknown>, [key, ...rest]: string[], value: unknown): Record<string, unknown> {
  return { ...record, [key!]: rest.length === 0 ? value : withValue(record[key!] as Record<string, unknown>, rest, value) };
}

/** Only the nested key's lines change: its `key:` line and lines indented deeper than it. */
function withinNested(region: Region, lines: string[], path: string[]): string | undefined {
  const outer = withinField(region, lines, path[0]!, false);
  if (outer) return outer;
  const key = path.at(-1)!;
  const keyLine = new RegExp(`^([ \\t]+)["']?${escapeRegExp(key)}["']?[ \\t]*:`).exec(region.removed[0] ?? '');
  if (!keyLine) return `changed lines do not start at the line of ${key}: ${JSON.stringify(region.removed)}`;
  const indent = keyLine[1]!.length;
  const others = region.removed.slice(1).filter((line) => !/^[ \t]*\r?$/.test(line) && /^[ \t]*/.exec(line)![0].length <= indent);
  return others.length > 0 ? `lines other than ${key}'s changed: ${JSON.stringify(others)}` : undefined;
}

interface Region {
  /** First line that differs (0-based, in the original file). */
  start: number;
  removed: string[];
  added: string[];
}

type RegionCheck = (region: Region, lines: string[]) => string | undefined;

function checkEdit(text: string, frontmatter: Frontmatter, body: string, what: string, check: RegionCheck): string[] {
  let written: string;
  try {
    written = serializeMarkdown(text, frontmatter, body);
  } catch (error) {
    return [`${what}: threw ${String(error)}`];
  }
  const problems: string[] = [];
  if (!written.endsWith(body) || splitMarkdown(written).body !== body) problems.push(`${what}: body changed`);
  const read = parseMarkdown(written);
  if (!deepEqual(read.frontmatter, frontmatter)) problems.push(`${what}: does not read back as the frontmatter written`);
  const lines = text.split('\n');
  const problem = check(changedRegion(lines, written.split('\n')), lines);
  if (problem) problems.push(`${what}: ${problem}`);
  return problems;
}

function changedRegion(a: string[], b: string[]): Region {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { start: head, removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lines of a top-level key, [start, end), found in the frontmatter block (which starts on line 1). */
function fieldLines(lines: string[], key: string): { start: number; end: number } | undefined {
  const keyLine = new RegExp(`^(?:[&!]\\S* )*["']?${escapeRegExp(key)}["']?[ \\t]*:(?:[ \\t]|\\r?$)`);
  const close = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)[ \t]*\r?$/.test(line));
  const start = lines.findIndex((line, index) => index > 0 && index < close && keyLine.test(line));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < close && (!/^\S/.test(lines[end]!) || /^-(?:[ \t]|\r?$)/.test(lines[end]!))) end++;
  return { start, end };
}

const isBlankOrComment = (line: string) => /^[ \t]*(?:#.*)?\r?$/.test(line);

function withinField(region: Region, lines: string[], key: string, removal: boolean): string | undefined {
  const span = fieldLines(lines, key);
  if (!span) return `no line found for key ${key}`;
  const end = region.start + region.removed.length;
  if (region.start < span.start || end > span.end) {
    return `lines ${region.start + 1}-${end} changed, outside the field's lines ${span.start + 1}-${span.end}`;
  }
  if (removal) {
    if (region.added.length > 0) return `removal added lines ${JSON.stringify(region.added)}`;
    // Blank and comment lines after the value are not the field's: they may stay.
    const kept = lines.slice(span.start, span.end).filter((_, index) => index + span.start < region.start || index + span.start >= end);
    if (!kept.every(isBlankOrComment)) return `removal kept lines of the field: ${JSON.stringify(kept)}`;
  } else if (region.added.length === 0) return 'no line changed';
  return undefined;
}

/** The new key's line is added right before the closing delimiter; nothing else changes. */
function checkAddition(region: Region, lines: string[]): string | undefined {
  const close = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)[ \t]*\r?$/.test(line));
  const eol = lines[0]!.endsWith('\r') ? '\r' : '';
  const expected = [`${addedKey}: ${addedValue}${eol}`];
  if (region.removed.length > 0 || region.start !== close || JSON.stringify(region.added) !== JSON.stringify(expected)) {
    return `expected ${JSON.stringify(expected)} added before line ${close + 1}, got ${JSON.stringify(region)}`;
  }
  return undefined;
}
