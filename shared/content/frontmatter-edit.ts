import { Document, isAlias, isMap, isScalar, isSeq, Pair, Scalar, visit, YAMLMap, YAMLSeq, type Node, type ParsedNode } from 'yaml';
import { deepEqual } from './deep-equal';
import type { FrontmatterBlock } from './frontmatter-block';
import { FrontmatterError } from './frontmatter-error';
import { readFrontmatterYaml, type FrontmatterEntry, type ReadFrontmatter } from './frontmatter-read';
import { isAmbiguousPlain, yamlOptions, yamlToStringOptions } from './frontmatter-yaml';

/**
 * Applies a new frontmatter to the YAML text of a block, touching as little as possible.
 *
 * yaml's `Document#toString()` re-renders every node: it keeps comments and quoting but rewrites
 * `01234` as `1234`, `0x1F` as `0x1f`, `[a,  b]` as `[ a, b ]`, re-indents sequences, folds long
 * lines and drops trailing spaces. So the source text is spliced instead: each top-level
 * `key: value` owns the lines from its key to the end of its value; an unchanged key keeps those
 * bytes, a changed key has them replaced by that one pair rendered by yaml (from the original
 * nodes, so its quoting, block style, tag and trailing comment survive), a removed key loses
 * them, and new keys are appended. Comment and blank lines between pairs are never touched.
 *
 * When splicing does not apply (a flow `{…}` or indented root mapping, explicit `? key`s) the
 * parsed Document is edited in place and rendered whole. Either result is read back and compared
 * with the intended frontmatter before it is used.
 */
type Entries = readonly (readonly [string, unknown])[];
type Action = { kind: 'delete' } | { kind: 'write'; value: unknown };
interface Style {
  eol: '\n' | '\r\n';
  /** Block sequences written as `key:\n  - a` (true) or `key:\n- a` (false). */
  indentSeq: boolean;
  /** Double-quote every string written, for values yaml's chosen style would not read back. */
  quoteAll: boolean;
}

export function editFrontmatterYaml(block: FrontmatterBlock, next: Entries): string {
  const read = readFrontmatterYaml(block.yaml);
  const known = new Set(read.entries.map((entry) => entry.key));
  if (planActions(read.entries, next).size === 0 && next.every(([key]) => known.has(key))) return block.yaml;
  // yaml's own styles first; double quotes for every written string if that does not read back.
  const written = attemptEdit(block, next, false) ?? attemptEdit(block, next, true);
  if (written === undefined) throw new FrontmatterError('frontmatter: cannot be written as YAML that reads back the same; check the key names');
  return written;
}

/** A block for a file that had none. */
export function renderNewFrontmatter(next: Entries, eol: '\n' | '\r\n'): string {
  for (const quoteAll of [false, true]) {
    const yaml = next.map(([key, value]) => renderPair(undefined, key, value, { eol, indentSeq: true, quoteAll })).join('');
    if (readsBack(yaml, next)) return yaml;
  }
  throw new FrontmatterError('frontmatter: cannot be written as YAML that reads back the same; check the key names');
}

function attemptEdit(block: FrontmatterBlock, next: Entries, quoteAll: boolean): string | undefined {
  // Read afresh: editDocument changes the parsed document in place.
  const read = readFrontmatterYaml(block.yaml);
  const actions = planActions(read.entries, next);
  const known = new Set(read.entries.map((entry) => entry.key));
  const added = next.filter(([key]) => !known.has(key));
  const style: Style = { eol: block.eol, indentSeq: detectIndentSeq(block.yaml, read), quoteAll };
  if (canSplice(block.yaml, read)) {
    const spliced = splice(block.yaml, read, actions, added, style);
    if (readsBack(spliced, next)) return spliced;
  }
  const edited = editDocument(read, actions, added, style);
  return readsBack(edited, next) ? edited : undefined;
}

function planActions(entries: readonly FrontmatterEntry[], next: Entries): Map<FrontmatterEntry, Action> {
  const wanted = new Map(next);
  const actions = new Map<FrontmatterEntry, Action>();
  for (const entry of entries) {
    if (!wanted.has(entry.key)) actions.set(entry, { kind: 'delete' });
    else if (!deepEqual(entry.value, wanted.get(entry.key))) actions.set(entry, { kind: 'write', value: wanted.get(entry.key) });
  }
  // Rewritten pairs carry no anchors, so an untouched pair aliasing one of them is rewritten
  // too, with its value spelled out; that may drop further anchors, hence the loop.
  const lost = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of actions.keys()) for (const anchor of anchorsIn(entry.pair)) lost.add(anchor);
    for (const entry of entries) {
      if (actions.has(entry) || !aliasesIn(entry.pair).some((name) => lost.has(name))) continue;
      actions.set(entry, { kind: 'write', value: entry.value });
      grew = true;
    }
  }
  return actions;
}

function anchorsIn(pair: Pair<ParsedNode, ParsedNode | null>): string[] {
  const names: string[] = [];
  for (const node of [pair.key, pair.value]) {
    if (node) visit(node, { Node: (_, inner) => void (!isAlias(inner) && inner.anchor && names.push(inner.anchor)) });
  }
  return names;
}

function aliasesIn(pair: Pair<ParsedNode, ParsedNode | null>): string[] {
  const names: string[] = [];
  for (const node of [pair.key, pair.value]) {
    if (node) visit(node, { Alias: (_, alias) => void names.push(alias.source) });
  }
  return names;
}

const lineStart = (src: string, offset: number): number => src.lastIndexOf('\n', offset - 1) + 1;

function lineEndAfter(src: string, offset: number): number {
  if (offset > 0 && src[offset - 1] === '\n') return offset;
  const newline = src.indexOf('\n', offset);
  return newline === -1 ? src.length : newline + 1;
}

/** The lines of a top-level pair: from its key's line to the end of its value's last line. */
function spanOf(src: string, pair: Pair<ParsedNode, ParsedNode | null>): { start: number; end: number } {
  const contentEnd = pair.value ? pair.value.range[1] : pair.key.range[2];
  return { start: lineStart(src, pair.key.range[0]), end: lineEndAfter(src, contentEnd) };
}

// Only an anchor or a tag may precede a top-level key on its line.
const keyLinePrefix = /^(?:[&!]\S*[ \t]+)*$/;

function canSplice(src: string, read: ReadFrontmatter): boolean {
  if (!read.map) return read.doc.contents === null;
  if (read.map.flow) return false;
  return read.entries.every(({ pair }) => keyLinePrefix.test(src.slice(lineStart(src, pair.key.range[0]), pair.key.range[0])));
}

function splice(src: string, read: ReadFrontmatter, actions: Map<FrontmatterEntry, Action>, added: Entries, style: Style): string {
  const spans = read.entries.map((entry) => spanOf(src, entry.pair));
  let out = src.slice(0, spans[0]?.start ?? src.length);
  read.entries.forEach((entry, index) => {
    const { start, end } = spans[index]!;
    const action = actions.get(entry);
    if (!action) out += src.slice(start, end);
    else if (action.kind === 'write') out += replaceInlineValue(src, entry, action.value, { start, end }, style.quoteAll) ?? renderPair(entry, entry.key, action.value, style);
    out += src.slice(end, spans[index + 1]?.start ?? src.length);
  });
  if (added.length > 0 && out !== '' && !out.endsWith('\n')) out += style.eol;
  return out + added.map(([key, value]) => renderPair(undefined, key, value, style)).join('');
}

function editDocument(read: ReadFrontmatter, actions: Map<FrontmatterEntry, Action>, added: Entries, style: Style): string {
  const doc: Document = read.doc;
  // The parsed map keeps its own comments and flow style; only its items change.
  const map = (read.map ?? new YAMLMap(doc.schema)) as YAMLMap<unknown, unknown>;
  const deleted = new Set<unknown>();
  for (const [entry, action] of actions) {
    if (action.kind === 'delete') deleted.add(entry.pair);
    else (entry.pair as Pair<unknown, unknown>).value = valueNode(doc, entry.pair.value, action.value, style.quoteAll);
  }
  map.items = map.items.filter((pair) => !deleted.has(pair));
  for (const [key, value] of added) map.items.push(new Pair(newKey(key, style.quoteAll), valueNode(doc, null, value, style.quoteAll)));
  doc.contents = map;
  return withEol(doc.toString(yamlToStringOptions(style.indentSeq)), style.eol);
}

/**
 * A one-line scalar replaced by a one-line scalar: only the value's characters change, so the
 * spacing after the colon (`title:   "…"`, as Jekyll's templates align it) and a trailing
 * comment keep their bytes. Undefined when this does not apply (block scalars, anchors, tags,
 * values that span lines); the whole pair is rendered then.
 */
function replaceInlineValue(src: string, entry: FrontmatterEntry, value: unknown, span: { start: number; end: number }, quoteAll: boolean): string | undefined {
  const old = entry.pair.value;
  if (!isScalar(old) || old.anchor || old.tag || old.type === Scalar.BLOCK_LITERAL || old.type === Scalar.BLOCK_FOLDED) return undefined;
  if (src.slice(span.start, old.range[1]).includes('\n') || (value !== null && typeof value === 'object')) return undefined;
  const node = valueNode(new Document(null, yamlOptions), old, value, quoteAll);
  node.comment = undefined;
  const doc = new Document(null, yamlOptions);
  doc.contents = new YAMLSeq(doc.schema);
  doc.contents.items.push(node);
  const item = /^- ([^\n]+)\n$/.exec(doc.toString(yamlToStringOptions(true)))?.[1];
  return item === undefined ? undefined : src.slice(span.start, old.range[0]) + item + src.slice(old.range[1], span.end);
}

/** One `key: value` pair rendered by yaml at the top level, from the original nodes when any. */
function renderPair(entry: FrontmatterEntry | undefined, key: string, value: unknown, style: Style): string {
  const doc = new Document(null, yamlOptions);
  const map = new YAMLMap(doc.schema);
  map.items.push(new Pair(entry ? bareClone(entry.pair.key) : newKey(key, style.quoteAll), valueNode(doc, entry?.pair.value ?? null, value, style.quoteAll)));
  doc.contents = map;
  return withEol(doc.toString(yamlToStringOptions(style.indentSeq)), style.eol);
}

const withEol = (text: string, eol: Style['eol']): string => (eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text);

/** Whether block sequences in this YAML are indented under their key; yaml's default when none. */
function detectIndentSeq(src: string, read: ReadFrontmatter): boolean {
  const seq = read.entries.map(({ pair }) => pair.value).find((node) => isSeq(node) && !node.flow);
  return seq ? seq.range[0] > lineStart(src, seq.range[0]) : true;
}

function readsBack(yaml: string, next: Entries): boolean {
  // A delimiter line inside the YAML would end the block early.
  if (/^(?:---|\.\.\.)[ \t]*\r?$/m.test(yaml)) return false;
  try {
    return deepEqual(readFrontmatterYaml(yaml).values, Object.fromEntries(next));
  } catch {
    return false;
  }
}

/** A copy without the comment lines above it (they stay in the source) and without an anchor. */
function bareClone<T extends Node>(node: T): T {
  const copy = node.clone() as T;
  copy.commentBefore = undefined;
  copy.spaceBefore = undefined;
  if (!isAlias(copy)) copy.anchor = undefined;
  return copy;
}

/**
 * The new value as a node, reusing the old node where it is of the same kind so that its style
 * survives: a scalar keeps its quoting, block style, tag and trailing comment; a mapping keeps
 * its keys' order and styles (keys matched by name, recursively); a list is updated item by item
 * and keeps flow or block style. Anything else is created afresh.
 */
function valueNode(doc: Document, old: Node | null, value: unknown, quoteAll: boolean): Node {
  if (isScalar(old) && (value === null || typeof value !== 'object')) {
    const node = bareClone(old);
    if (old.value === null || value === null || typeof old.value !== typeof value) {
      node.type = undefined;
      node.tag = undefined;
      node.format = undefined;
      node.minFractionDigits = undefined;
    }
    if (node.value !== value) {
      node.value = value;
      quoteString(node, quoteAll);
    }
    return node;
  }
  if (isMap(old) && isPlainObject(value)) {
    const node = emptyLike(old, new YAMLMap(doc.schema));
    const byKey = new Map(old.items.map((pair) => [isScalar(pair.key) ? String(pair.key.value ?? '') : undefined, pair] as const));
    for (const [key, item] of Object.entries(value)) {
      const pair = byKey.get(key);
      if (item === undefined) continue;
      node.items.push(new Pair(pair ? bareClone(pair.key as Node) : newKey(key, quoteAll), valueNode(doc, (pair?.value ?? null) as Node | null, item, quoteAll)));
    }
    return node;
  }
  if (isSeq(old) && Array.isArray(value)) {
    const node = emptyLike(old, new YAMLSeq(doc.schema));
    node.items = value.map((item, index) => valueNode(doc, (old.items[index] as Node | undefined) ?? null, item, quoteAll));
    return node;
  }
  const node = doc.createNode(value, { aliasDuplicateObjects: false });
  visit(node, { Scalar: (_, scalar) => quoteString(scalar, quoteAll) });
  return node;
}

/**
 * Quotes a new or changed string that other YAML readers would take for a boolean, a number or
 * null. Unchanged scalars are never passed here, so `draft: yes` written by hand stays as it is.
 * A string holding a byte order mark is double-quoted in any style: yaml's lexer drops a BOM
 * that starts a line.
 */
function quoteString(node: Scalar, quoteAll: boolean): void {
  if (typeof node.value !== 'string') return;
  const plain = node.type === undefined || node.type === Scalar.PLAIN;
  if (quoteAll || (plain && isAmbiguousPlain(node.value)) || node.value.includes('\uFEFF')) node.type = Scalar.QUOTE_DOUBLE;
}

function newKey(key: string, quoteAll: boolean): Scalar {
  const node = new Scalar(key);
  quoteString(node, quoteAll);
  return node;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function emptyLike<T extends YAMLMap<unknown, unknown> | YAMLSeq<unknown>>(old: YAMLMap<unknown, unknown> | YAMLSeq<unknown>, node: T): T {
  node.flow = old.flow;
  node.comment = old.comment;
  node.tag = old.tag;
  return node;
}
