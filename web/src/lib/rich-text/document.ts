import type { MarkdownIt } from 'markdown-it';
import type { Node } from 'prosemirror-model';
import { blockParser, splitBlocks, type SourceBlock } from './blocks';
import { parseBlocks, Unsupported } from './parse';
import { schema } from './schema';
import { serializeBlock } from './serialize';

/**
 * Markdown ↔ the rich-text document, byte-stable by construction: every top-level block keeps
 * its exact source and the exact text after it. On the way back, a block the user did not
 * change (the very node parsed, or one equal to it in its place) is written as its source and
 * followed by its own separator; only changed or new blocks are serialised, separated by one
 * blank line. A block the mode cannot express becomes a `raw_block` atom holding its source.
 */
export interface RichTextSource {
  lead: string;
  blocks: (SourceBlock & { node: Node })[];
  eol: string;
  /** The body is MDX: changed blocks are written so that MDX reads them as the same text. */
  mdx: boolean;
}

/** How a body is read: plain markdown, or MDX (its reader knows imports, components, expressions). */
export interface RichTextSyntax {
  parser: MarkdownIt;
  mdx: boolean;
}

const markdownSyntax: RichTextSyntax = { parser: blockParser, mdx: false };

export interface RichText {
  doc: Node;
  source: RichTextSource;
}

/** Templating the site generator expands (Hugo shortcodes, Liquid, Nunjucks), math and footnotes: markdown-it reads them as text. */
const keptRawText: [RegExp, string][] = [
  [/\{\{|\{%|\{#|%\}|\}\}/, 'Shortcode'],
  [/\$\$/, 'Math'],
  [/\[\^[^\]\s]+\]/, 'Footnote'],
];

const labels: Record<string, string> = {
  table_open: 'Table',
  html_block: 'HTML',
  heading_open: 'Heading',
  paragraph_open: 'Paragraph',
  bullet_list_open: 'List',
  ordered_list_open: 'List',
  blockquote_open: 'Quote',
};

function blockNode(block: SourceBlock): Node {
  const raw = (label: string) => schema.nodes.raw_block!.create({ source: block.source, label });
  if (block.tokens.length === 0) return raw('Link references');
  // MDX's imports, components and expressions (the MDX reader labels each in its token's info).
  if (block.tokens[0]!.type === 'mdx_block') return raw(block.tokens[0]!.info);
  if (
    block.tokens.some((token) => token.children?.some((child) => child.type === 'mdx_expression'))
  )
    return raw('Expression');
  const label = labels[block.tokens[0]!.type] ?? 'Markdown';
  // A code block's text is literal: templating inside it is edited as the text it is.
  const code = block.tokens[0]!.type === 'fence' || block.tokens[0]!.type === 'code_block';
  const text = code ? undefined : keptRawText.find(([pattern]) => pattern.test(block.source));
  if (text) return raw(text[1]);
  if (
    block.tokens.some(
      (token) =>
        token.type === 'html_inline' ||
        token.children?.some((child) => child.type === 'html_inline'),
    )
  )
    return raw(label === 'Paragraph' ? 'HTML' : label);
  try {
    const nodes = parseBlocks(block.tokens);
    if (nodes.length !== 1) throw new Unsupported('not one block');
    return nodes[0]!;
  } catch (error) {
    if (error instanceof Unsupported || error instanceof RangeError) return raw(label);
    throw error;
  }
}

export function toRichText(body: string, syntax: RichTextSyntax = markdownSyntax): RichText {
  const split = splitBlocks(body, syntax.parser);
  const blocks = split.blocks.map((block) => ({ ...block, node: blockNode(block) }));
  const content =
    blocks.length > 0 ? blocks.map((block) => block.node) : [schema.nodes.paragraph!.create()];
  return {
    doc: schema.nodes.doc!.create(null, content),
    source: { lead: split.lead, blocks, eol: split.eol, mdx: syntax.mdx },
  };
}

export function fromRichText(doc: Node, source: RichTextSource): string {
  const { blocks, eol } = source;
  const original = new Map(blocks.map((block, index) => [block.node, index]));
  const nodes: Node[] = [];
  doc.forEach((node) => void nodes.push(node));
  // The original block each node is (its slot), or undefined for a changed or new one.
  const slots: (number | undefined)[] = [];
  let previous = -1;
  for (const node of nodes) {
    let index = original.get(node);
    if (index === undefined && blocks[previous + 1]?.node.eq(node)) index = previous + 1;
    slots.push(index);
    if (index !== undefined) previous = index;
  }
  // A run of changed nodes between two kept blocks that replaces as many blocks takes their places, and their separators.
  for (let start = 0; start < nodes.length; start++) {
    if (slots[start] !== undefined) continue;
    let end = start;
    while (end < nodes.length && slots[end] === undefined) end++;
    const before = start > 0 ? slots[start - 1]! : -1;
    const after = end < nodes.length ? slots[end]! : blocks.length;
    if (after - before - 1 === end - start)
      for (let at = start; at < end; at++) slots[at] = before + 1 + (at - start);
    start = end;
  }
  const pieces = nodes
    .map((node, position) => {
      const slot = slots[position];
      if (slot !== undefined && blocks[slot]!.node === node)
        return { text: blocks[slot]!.source, slot };
      if (slot !== undefined && blocks[slot]!.node.eq(node))
        return { text: blocks[slot]!.source, slot };
      // An empty paragraph has no markdown (the editor's empty document is one).
      if (node.type.name === 'paragraph' && node.childCount === 0) return undefined;
      return { text: serializeBlock(node, { mdx: source.mdx }).replace(/\r\n?|\n/g, eol), slot };
    })
    .filter((piece) => piece !== undefined);
  let out = source.lead;
  pieces.forEach((piece, position) => {
    out += piece.text;
    const next = pieces[position + 1];
    if (next)
      out +=
        piece.slot !== undefined && next.slot === piece.slot + 1
          ? blocks[piece.slot]!.after
          : eol + eol;
    else out += blocks.at(-1)?.after ?? eol;
  });
  return out;
}
