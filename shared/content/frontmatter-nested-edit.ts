import {
  Document,
  isMap,
  isScalar,
  isSeq,
  YAMLSeq,
  type Pair,
  type ParsedNode,
  type YAMLMap,
} from 'yaml';
import { deepEqual } from './deep-equal';
import { isPlainObject } from './field-value';
import {
  renderPair,
  replaceInlineValue,
  valueNode,
  withEol,
  type Style,
} from './frontmatter-render';
import { yamlOptions, yamlToStringOptions } from './frontmatter-yaml';
import { commonItems } from './value-diff';

/**
 * A changed value inside a block mapping or block sequence, spliced like the top-level pairs
 * (frontmatter-edit.ts): each entry of the collection owns the lines from its key (or its `-`)
 * to the end of its value; an unchanged entry keeps those bytes, a changed one is spliced again
 * one level down (a one-line scalar changes alone, keeping its key's line, spacing and comment),
 * a removed one loses its lines, an added key goes after its siblings at their indentation, and
 * list items are aligned on the items left unchanged (value-diff.ts), so adding, removing or
 * moving an item touches only that item's lines. Comment and blank lines between entries are
 * never touched. Where this does not apply (flow collections, tags, anchors, an emptied
 * collection, compact nested lists), the entry is rendered whole by yaml, as a top-level pair is.
 */
type Span = { start: number; end: number };
type KeyedPair = Pair<ParsedNode, ParsedNode | null>;

export const lineStart = (src: string, offset: number): number =>
  src.lastIndexOf('\n', offset - 1) + 1;

export function lineEndAfter(src: string, offset: number): number {
  if (offset > 0 && src[offset - 1] === '\n') return offset;
  const newline = src.indexOf('\n', offset);
  return newline === -1 ? src.length : newline + 1;
}

const atLineStart = (src: string, offset: number) =>
  /^[ \t]*$/.test(src.slice(lineStart(src, offset), offset));

/**
 * The text replacing `span` (which holds `node` and whatever precedes it on its first line: a key,
 * a `- `) for the value changed from `before` to `after`; undefined when it cannot be spliced.
 */
export function spliceValue(
  src: string,
  node: ParsedNode | null,
  before: unknown,
  after: unknown,
  span: Span,
  style: Style,
): string | undefined {
  if (deepEqual(before, after)) return src.slice(span.start, span.end);
  if (!node) return undefined;
  if (isScalar(node)) return replaceInlineValue(src, node, after, span, style.quoteAll);
  if (!isMap(node) && !isSeq(node)) return undefined;
  if (node.flow || node.tag || node.anchor) return undefined;
  if (isMap(node) && isPlainObject(before) && isPlainObject(after))
    return spliceMap(src, node, before, after, span, style);
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after))
    return spliceSeq(src, node, before, after, span, style);
  return undefined;
}

/** `text` with every line but the first indented by `column` spaces (the first too when `first`). */
function indent(text: string, column: number, first: boolean): string {
  const pad = ' '.repeat(column);
  return text.replace(/^(?=[^\r\n])/gm, (_, offset: number) => (offset === 0 && !first ? '' : pad));
}

function spliceMap(
  src: string,
  node: YAMLMap.Parsed,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  span: Span,
  style: Style,
): string | undefined {
  const pairs = node.items as KeyedPair[];
  if (
    pairs.length === 0 ||
    !pairs.every((pair) => isScalar(pair.key) && !pair.key.anchor && !pair.key.tag)
  )
    return undefined;
  const keys = pairs.map((pair) => String((pair.key as { value: unknown }).value ?? ''));
  if (new Set(keys).size !== keys.length || !keys.some((key) => Object.hasOwn(after, key)))
    return undefined;
  const column = pairs[0]!.key.range[0] - lineStart(src, pairs[0]!.key.range[0]);
  // A key that shares its line with a `- ` starts there; the others own their whole lines.
  const spans = pairs.map((pair) => {
    const start = atLineStart(src, pair.key.range[0])
      ? lineStart(src, pair.key.range[0])
      : pair.key.range[0];
    return { start, end: lineEndAfter(src, pair.value ? pair.value.range[1] : pair.key.range[2]) };
  });
  let out = src.slice(span.start, spans[0]!.start);
  for (const [n, pair] of pairs.entries()) {
    const own = spans[n]!;
    const key = keys[n]!;
    if (n > 0) out += src.slice(spans[n - 1]!.end, own.start);
    if (!Object.hasOwn(after, key)) {
      if (own.start !== lineStart(src, own.start)) return undefined;
      continue;
    }
    const whole = own.start === lineStart(src, own.start);
    out +=
      spliceValue(src, pair.value, before[key], after[key], own, style) ??
      indent(renderPair({ pair }, key, after[key], style), column, whole);
  }
  const added = Object.entries(after).filter(
    ([key, value]) => !keys.includes(key) && value !== undefined,
  );
  if (added.length > 0 && !out.endsWith('\n')) return undefined;
  out += added
    .map(([key, value]) => indent(renderPair(undefined, key, value, style), column, true))
    .join('');
  return out + src.slice(spans.at(-1)!.end, span.end);
}

function renderItem(old: ParsedNode | null, value: unknown, column: number, style: Style): string {
  const doc = new Document(null, yamlOptions);
  doc.contents = new YAMLSeq(doc.schema);
  const node = valueNode(doc, old, value, style.quoteAll);
  // The comment lines above the item stay in the source.
  node.commentBefore = undefined;
  node.spaceBefore = undefined;
  doc.contents.items.push(node);
  return indent(
    withEol(doc.toString(yamlToStringOptions(style.indentSeq)), style.eol),
    column,
    true,
  );
}

function spliceSeq(
  src: string,
  node: YAMLSeq.Parsed,
  before: unknown[],
  after: unknown[],
  span: Span,
  style: Style,
): string | undefined {
  const items = node.items as (ParsedNode | null)[];
  if (items.length === 0 || after.length === 0 || items.length !== before.length) return undefined;
  const spans: Span[] = [];
  const columns: number[] = [];
  for (const item of items) {
    // Each item starts a line with its `-`: `- - a` and comments between `-` and the value are left to yaml.
    if (!item || item.anchor) return undefined;
    const start = lineStart(src, item.range[0]);
    const dash = /^([ \t]*)-[ \t]+$/.exec(src.slice(start, item.range[0]));
    if (!dash || dash[1]!.includes('\t')) return undefined;
    spans.push({ start, end: lineEndAfter(src, item.range[1]) });
    columns.push(dash[1]!.length);
  }
  const gapBefore = (i: number) => (i === 0 ? '' : src.slice(spans[i - 1]!.end, spans[i]!.start));
  let out = src.slice(span.start, spans[0]!.start);
  let [i, j] = [0, 0];
  for (const [nextI, nextJ] of [
    ...commonItems(before, after),
    [before.length, after.length] as const,
  ]) {
    for (; i < nextI && j < nextJ; i++, j++) {
      out +=
        gapBefore(i) +
        (spliceValue(src, items[i]!, before[i], after[j], spans[i]!, style) ??
          renderItem(items[i]!, after[j], columns[i]!, style));
    }
    // A removed item's lines go; the comment lines above it stay.
    for (; i < nextI; i++) out += gapBefore(i);
    for (; j < nextJ; j++)
      out += renderItem(null, after[j], columns[Math.min(i, items.length - 1)]!, style);
    if (nextI < before.length)
      out += gapBefore(nextI) + src.slice(spans[nextI]!.start, spans[nextI]!.end);
    [i, j] = [nextI + 1, nextJ + 1];
  }
  return out + src.slice(spans.at(-1)!.end, span.end);
}
