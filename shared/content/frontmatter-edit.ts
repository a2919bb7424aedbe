import { isAlias, isSeq, Pair, visit, YAMLMap, type Document, type ParsedNode } from 'yaml';
import { deepEqual } from './deep-equal';
import type { FrontmatterBlock } from './frontmatter-block';
import { FrontmatterError } from './frontmatter-error';
import {
  readFrontmatterYaml,
  type FrontmatterEntry,
  type ReadFrontmatter,
} from './frontmatter-read';
import { lineEndAfter, lineStart, spliceValue } from './frontmatter-nested-edit';
import {
  newKey,
  renderPair,
  replaceInlineValue,
  valueNode,
  withEol,
  type Style,
} from './frontmatter-render';
import { yamlToStringOptions } from './frontmatter-yaml';

/**
 * Applies a new frontmatter to the YAML text of a block, touching as little as possible.
 *
 * yaml's `Document#toString()` re-renders every node: it keeps comments and quoting but rewrites
 * `01234` as `1234`, `0x1F` as `0x1f`, `[a,  b]` as `[ a, b ]`, re-indents sequences, folds long
 * lines and drops trailing spaces. So the source text is spliced instead: each top-level
 * `key: value` owns the lines from its key to the end of its value; an unchanged key keeps those
 * bytes, a changed key is spliced again inside its block mapping or list (frontmatter-nested-edit.ts:
 * only the nested values that changed are rewritten) or else has its lines replaced by that one
 * pair rendered by yaml (from the original nodes, so its quoting, block style, tag and trailing
 * comment survive; a one-line value changes alone, keeping the spacing around it), a removed key
 * loses them, and new keys are appended.
 * Comment and blank lines between pairs are never touched.
 *
 * When splicing does not apply (a flow `{…}` or indented root mapping, explicit `? key`s) the
 * parsed Document is edited in place and rendered whole. Either result is read back and compared
 * with the intended frontmatter before it is used; when it does not read back (yaml writes " \n"
 * as a block that reads "\n"), every written string is double-quoted and the edit tried again.
 */
type Entries = readonly (readonly [string, unknown])[];
type Action = { kind: 'delete' } | { kind: 'write'; value: unknown };

/** Reported when no rendering reads back as the frontmatter asked for (never seen but for keys mixing U+FEFF and U+2028). */
export const cannotWrite =
  'frontmatter: cannot be written as YAML that reads back the same; check the key names';

export function editFrontmatterYaml(block: FrontmatterBlock, next: Entries): string {
  const read = readFrontmatterYaml(block.text);
  const known = new Set(read.entries.map((entry) => entry.key));
  if (planActions(read.entries, next).size === 0 && next.every(([key]) => known.has(key)))
    return block.text;
  // yaml's own styles first; double quotes for every written string if that does not read back.
  const written = attemptEdit(block, next, false) ?? attemptEdit(block, next, true);
  if (written === undefined) throw new FrontmatterError(cannotWrite);
  return written;
}

/** A block for a file that had none. */
export function renderNewFrontmatter(next: Entries, eol: '\n' | '\r\n'): string {
  for (const quoteAll of [false, true]) {
    const yaml = next
      .map(([key, value]) => renderPair(undefined, key, value, { eol, indentSeq: true, quoteAll }))
      .join('');
    if (readsBack(yaml, next)) return yaml;
  }
  throw new FrontmatterError(cannotWrite);
}

function attemptEdit(
  block: FrontmatterBlock,
  next: Entries,
  quoteAll: boolean,
): string | undefined {
  // Read afresh: editDocument changes the parsed document in place.
  const read = readFrontmatterYaml(block.text);
  const actions = planActions(read.entries, next);
  const known = new Set(read.entries.map((entry) => entry.key));
  const added = next.filter(([key]) => !known.has(key));
  const style: Style = { eol: block.eol, indentSeq: detectIndentSeq(block.text, read), quoteAll };
  if (canSplice(block.text, read)) {
    // Inside mappings and lists first (frontmatter-nested-edit.ts), then whole top-level pairs.
    for (const nested of [true, false]) {
      const spliced = splice(block.text, read, actions, added, style, nested);
      if (readsBack(spliced, next)) return spliced;
    }
  }
  const edited = editDocument(read, actions, added, style);
  return readsBack(edited, next) ? edited : undefined;
}

function planActions(
  entries: readonly FrontmatterEntry[],
  next: Entries,
): Map<FrontmatterEntry, Action> {
  const wanted = new Map(next);
  const actions = new Map<FrontmatterEntry, Action>();
  for (const entry of entries) {
    if (!wanted.has(entry.key)) actions.set(entry, { kind: 'delete' });
    else if (!deepEqual(entry.value, wanted.get(entry.key)))
      actions.set(entry, { kind: 'write', value: wanted.get(entry.key) });
  }
  // Rewritten pairs carry no anchors, so an untouched pair aliasing one of them is rewritten
  // too, with its value spelled out; that may drop further anchors, hence the loop.
  const lost = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of actions.keys())
      for (const anchor of anchorsIn(entry.pair)) lost.add(anchor);
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
    if (node)
      visit(node, {
        Node: (_, inner) => void (!isAlias(inner) && inner.anchor && names.push(inner.anchor)),
      });
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

/** The lines of a top-level pair: from its key's line to the end of its value's last line. */
function spanOf(
  src: string,
  pair: Pair<ParsedNode, ParsedNode | null>,
): { start: number; end: number } {
  const contentEnd = pair.value ? pair.value.range[1] : pair.key.range[2];
  return { start: lineStart(src, pair.key.range[0]), end: lineEndAfter(src, contentEnd) };
}

// Only an anchor or a tag may precede a top-level key on its line.
const keyLinePrefix = /^(?:[&!]\S*[ \t]+)*$/;

function canSplice(src: string, read: ReadFrontmatter): boolean {
  if (!read.map) return read.doc.contents === null;
  if (read.map.flow) return false;
  return read.entries.every(({ pair }) =>
    keyLinePrefix.test(src.slice(lineStart(src, pair.key.range[0]), pair.key.range[0])),
  );
}

function splice(
  src: string,
  read: ReadFrontmatter,
  actions: Map<FrontmatterEntry, Action>,
  added: Entries,
  style: Style,
  nested: boolean,
): string {
  const spans = read.entries.map((entry) => spanOf(src, entry.pair));
  let out = src.slice(0, spans[0]?.start ?? src.length);
  read.entries.forEach((entry, index) => {
    const { start, end } = spans[index]!;
    const action = actions.get(entry);
    if (!action) out += src.slice(start, end);
    else if (action.kind === 'write') {
      // A pair holding anchors or aliases is rendered whole, so no alias is left without its anchor.
      const deep =
        nested && anchorsIn(entry.pair).length === 0 && aliasesIn(entry.pair).length === 0;
      const spliced = deep
        ? spliceValue(src, entry.pair.value, entry.value, action.value, { start, end }, style)
        : replaceInlineValue(src, entry.pair.value, action.value, { start, end }, style.quoteAll);
      out += spliced ?? renderPair(entry, entry.key, action.value, style);
    }
    out += src.slice(end, spans[index + 1]?.start ?? src.length);
  });
  if (added.length > 0 && out !== '' && !out.endsWith('\n')) out += style.eol;
  return out + added.map(([key, value]) => renderPair(undefined, key, value, style)).join('');
}

function editDocument(
  read: ReadFrontmatter,
  actions: Map<FrontmatterEntry, Action>,
  added: Entries,
  style: Style,
): string {
  const doc: Document = read.doc;
  // The parsed map keeps its own comments and flow style; only its items change.
  const map = (read.map ?? new YAMLMap(doc.schema)) as YAMLMap<unknown, unknown>;
  const deleted = new Set<unknown>();
  for (const [entry, action] of actions) {
    if (action.kind === 'delete') deleted.add(entry.pair);
    else
      (entry.pair as Pair<unknown, unknown>).value = valueNode(
        doc,
        entry.pair.value,
        action.value,
        style.quoteAll,
      );
  }
  map.items = map.items.filter((pair) => !deleted.has(pair));
  for (const [key, value] of added)
    map.items.push(
      new Pair(newKey(key, style.quoteAll), valueNode(doc, null, value, style.quoteAll)),
    );
  doc.contents = map;
  return withEol(doc.toString(yamlToStringOptions(style.indentSeq)), style.eol);
}

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
