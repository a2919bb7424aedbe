import {
  Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Pair,
  Scalar,
  visit,
  YAMLMap,
  YAMLSeq,
  type Node,
} from 'yaml';
import type { FrontmatterEntry } from './frontmatter-read';
import { isAmbiguousPlain, yamlOptions, yamlToStringOptions } from './frontmatter-yaml';

/**
 * Renders the frontmatter pairs that change, reusing the original nodes so that a changed value
 * keeps its style. Only new or changed strings are checked for quoting; unchanged nodes inside a
 * changed list or mapping are rendered as they were parsed.
 */
export interface Style {
  eol: '\n' | '\r\n';
  /** Block sequences written as `key:\n  - a` (true) or `key:\n- a` (false). */
  indentSeq: boolean;
  /** Double-quote every string written, for values yaml's chosen style would not read back. */
  quoteAll: boolean;
}

export const withEol = (text: string, eol: Style['eol']): string =>
  eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;

/**
 * A one-line scalar replaced by a one-line scalar: only the value's characters change, so the
 * spacing after the colon (`title:   "…"`, as Jekyll's templates align it) and a trailing
 * comment keep their bytes. Undefined when this does not apply (block scalars, anchors, tags,
 * values that span lines); the whole pair is rendered then.
 */
export function replaceInlineValue(
  src: string,
  old: Node | null,
  value: unknown,
  span: { start: number; end: number },
  quoteAll: boolean,
): string | undefined {
  if (
    !isScalar(old) ||
    old.anchor ||
    old.tag ||
    old.type === Scalar.BLOCK_LITERAL ||
    old.type === Scalar.BLOCK_FOLDED
  )
    return undefined;
  if (
    !old.range ||
    src.slice(span.start, old.range[1]).includes('\n') ||
    (value !== null && typeof value === 'object')
  )
    return undefined;
  const node = valueNode(new Document(null, yamlOptions), old, value, quoteAll);
  // Comment lines above a list item stay in the source; the trailing comment stays after the value.
  node.comment = undefined;
  node.commentBefore = undefined;
  node.spaceBefore = undefined;
  const doc = new Document(null, yamlOptions);
  doc.contents = new YAMLSeq(doc.schema);
  doc.contents.items.push(node);
  const item = /^- ([^\n]+)\n$/.exec(doc.toString(yamlToStringOptions(true)))?.[1];
  return item === undefined
    ? undefined
    : src.slice(span.start, old.range[0]) + item + src.slice(old.range[1], span.end);
}

/** One `key: value` pair rendered by yaml at the top level, from the original nodes when any. */
export function renderPair(
  entry: Pick<FrontmatterEntry, 'pair'> | undefined,
  key: string,
  value: unknown,
  style: Style,
): string {
  const doc = new Document(null, yamlOptions);
  const map = new YAMLMap(doc.schema);
  map.items.push(
    new Pair(
      entry ? bareClone(entry.pair.key) : newKey(key, style.quoteAll),
      valueNode(doc, entry?.pair.value ?? null, value, style.quoteAll),
    ),
  );
  doc.contents = map;
  return withEol(doc.toString(yamlToStringOptions(style.indentSeq)), style.eol);
}

/** A top-level key without the comment lines above it (they stay in the source) and without an anchor. */
function bareClone<T extends Node>(node: T): T {
  const copy = withoutAnchor(node);
  copy.commentBefore = undefined;
  copy.spaceBefore = undefined;
  return copy;
}

/** A copy without an anchor; comment and blank lines above it are part of the pair rendered, so they stay. */
function withoutAnchor<T extends Node>(node: T): T {
  const copy = node.clone() as T;
  if (!isAlias(copy)) copy.anchor = undefined;
  return copy;
}

/**
 * The new value as a node, reusing the old node where it is of the same kind so that its style
 * survives: a scalar keeps its quoting, block style, tag and trailing comment; a mapping keeps
 * its keys' order and styles (keys matched by name, recursively); a list is updated item by item
 * and keeps flow or block style. Comment and blank lines between the entries of a mapping or a
 * list stay with the entry below them. Anything else is created afresh.
 */
export function valueNode(
  doc: Document,
  old: Node | null,
  value: unknown,
  quoteAll: boolean,
): Node {
  if (isScalar(old) && (value === null || typeof value !== 'object')) {
    const node = withoutAnchor(old);
    if (old.value === null || value === null || typeof old.value !== typeof value) {
      node.type = undefined;
      node.tag = undefined;
      node.format = undefined;
      node.minFractionDigits = undefined;
    }
    if (!Object.is(node.value, value)) {
      node.value = value;
      // The old number's notation (exponent, fixed digits) would write -0 as 0: plain -0 instead.
      if (Object.is(value, -0)) {
        node.format = undefined;
        node.minFractionDigits = undefined;
      }
      quoteString(node, quoteAll);
    }
    return node;
  }
  if (isMap(old) && isPlainObject(value)) {
    const node = emptyLike(old, new YAMLMap(doc.schema));
    const byKey = new Map(
      old.items.map(
        (pair) => [isScalar(pair.key) ? String(pair.key.value ?? '') : undefined, pair] as const,
      ),
    );
    for (const [key, item] of Object.entries(value)) {
      const pair = byKey.get(key);
      if (item === undefined) continue;
      node.items.push(
        new Pair(
          pair ? withoutAnchor(pair.key as Node) : newKey(key, quoteAll),
          valueNode(doc, (pair?.value ?? null) as Node | null, item, quoteAll),
        ),
      );
    }
    return node;
  }
  if (isSeq(old) && Array.isArray(value)) {
    const node = emptyLike(old, new YAMLSeq(doc.schema));
    node.items = value.map((item, index) =>
      valueNode(doc, (old.items[index] as Node | undefined) ?? null, item, quoteAll),
    );
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
  if (quoteAll || (plain && isAmbiguousPlain(node.value)) || node.value.includes('\uFEFF'))
    node.type = Scalar.QUOTE_DOUBLE;
}

export function newKey(key: string, quoteAll: boolean): Scalar {
  const node = new Scalar(key);
  quoteString(node, quoteAll);
  return node;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function emptyLike<T extends YAMLMap<unknown, unknown> | YAMLSeq<unknown>>(
  old: YAMLMap<unknown, unknown> | YAMLSeq<unknown>,
  node: T,
): T {
  node.flow = old.flow;
  node.commentBefore = old.commentBefore;
  node.spaceBefore = old.spaceBefore;
  node.comment = old.comment;
  node.tag = old.tag;
  return node;
}
