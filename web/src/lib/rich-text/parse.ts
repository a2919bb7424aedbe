import type { Token } from 'markdown-it';
import { Mark, type Node } from 'prosemirror-model';
import { blockParser } from './blocks';
import { schema } from './schema';

/** A block holds something the rich-text mode does not express: it is kept raw. */
export class Unsupported extends Error {}

const { nodes, marks } = schema;

/** Addresses as written (markdown-it percent-encodes them; decoding gives back what the source said). */
const address = (value: string | number | null): string =>
  blockParser.normalizeLinkText(String(value ?? ''));

/** The index of the token that closes `tokens[index]`. */
function closing(tokens: Token[], index: number): number {
  const level = tokens[index]!.level;
  let end = index + 1;
  while (end < tokens.length && !(tokens[end]!.nesting === -1 && tokens[end]!.level === level))
    end++;
  if (end >= tokens.length) throw new Unsupported('unclosed token');
  return end;
}

/** The sibling blocks among `tokens[from..to)`. */
export function parseBlocks(tokens: Token[], from = 0, to = tokens.length): Node[] {
  const result: Node[] = [];
  let index = from;
  while (index < to) {
    const [node, next] = parseBlock(tokens, index);
    result.push(node);
    index = next;
  }
  return result;
}

/** Whether every paragraph directly inside the list's items is hidden: markdown-it's mark of a tight list. */
function tight(tokens: Token[], from: number, to: number): boolean {
  const level = tokens[from]!.level + 2;
  return tokens
    .slice(from, to)
    .every((token) => token.type !== 'paragraph_open' || token.level !== level || token.hidden);
}

function parseBlock(tokens: Token[], index: number): [Node, number] {
  const token = tokens[index]!;
  switch (token.type) {
    case 'paragraph_open':
      return [
        nodes.paragraph!.createChecked(null, inline(tokens[index + 1]!)),
        closing(tokens, index) + 1,
      ];
    case 'heading_open':
      if (!token.markup.startsWith('#')) throw new Unsupported('setext heading');
      return [
        nodes.heading!.createChecked(
          { level: Number(token.tag.slice(1)) },
          inline(tokens[index + 1]!),
        ),
        closing(tokens, index) + 1,
      ];
    case 'blockquote_open': {
      const end = closing(tokens, index);
      return [nodes.blockquote!.createChecked(null, parseBlocks(tokens, index + 1, end)), end + 1];
    }
    case 'bullet_list_open': {
      const end = closing(tokens, index);
      return [
        nodes.bullet_list!.createChecked(
          { bullet: token.markup, tight: tight(tokens, index, end) },
          parseBlocks(tokens, index + 1, end),
        ),
        end + 1,
      ];
    }
    case 'ordered_list_open': {
      const end = closing(tokens, index);
      const attrs = {
        order: Number(token.attrGet('start') ?? 1),
        delimiter: token.markup,
        tight: tight(tokens, index, end),
      };
      return [
        nodes.ordered_list!.createChecked(attrs, parseBlocks(tokens, index + 1, end)),
        end + 1,
      ];
    }
    case 'list_item_open': {
      const end = closing(tokens, index);
      return [nodes.list_item!.createChecked(null, parseBlocks(tokens, index + 1, end)), end + 1];
    }
    case 'fence':
    case 'code_block': {
      const text = token.content.replace(/\n$/, '');
      const attrs = { fence: token.type === 'fence' ? token.markup : '', info: token.info };
      return [nodes.code_block!.createChecked(attrs, text ? schema.text(text) : null), index + 1];
    }
    case 'hr':
      return [
        nodes.horizontal_rule!.create({
          markup: token.markup.length >= 3 ? token.markup : token.markup.repeat(3),
        }),
        index + 1,
      ];
    default:
      throw new Unsupported(token.type);
  }
}

/** An inline token's children as text and inline nodes with their marks. */
function inline(token: Token): Node[] {
  const result: Node[] = [];
  let active: readonly Mark[] = [];
  const open = (mark: Mark) => {
    if (active.some((other) => other.type === mark.type))
      throw new Unsupported(`nested ${mark.type.name}`);
    active = mark.addToSet(active);
  };
  const close = (name: string) => {
    active = active.filter((mark) => mark.type.name !== name);
  };
  for (const child of token.children ?? []) {
    switch (child.type) {
      case 'text':
        if (child.content) result.push(schema.text(child.content, active));
        break;
      case 'softbreak':
        result.push(schema.text('\n', active));
        break;
      case 'hardbreak':
        result.push(nodes.hard_break!.create(null, null, active));
        break;
      case 'code_inline':
        if (!child.content) throw new Unsupported('empty code span');
        result.push(schema.text(child.content, marks.code!.create().addToSet(active)));
        break;
      case 'em_open':
        open(marks.em!.create({ markup: child.markup }));
        break;
      case 'strong_open':
        open(marks.strong!.create({ markup: child.markup }));
        break;
      case 'link_open':
        if (child.markup === 'linkify') throw new Unsupported('bare address');
        open(
          marks.link!.create({
            href: address(child.attrGet('href')),
            title: child.attrGet('title'),
          }),
        );
        break;
      case 'em_close':
      case 'strong_close':
      case 'link_close':
        close(child.type.replace(/_close$/, ''));
        break;
      case 'image':
        if (!(child.children ?? []).every((part) => part.type === 'text'))
          throw new Unsupported('formatted alt text');
        result.push(
          nodes.image!.create(
            {
              src: address(child.attrGet('src')),
              alt: child.children!.map((part) => part.content).join(''),
              title: child.attrGet('title'),
            },
            null,
            active,
          ),
        );
        break;
      default:
        throw new Unsupported(child.type);
    }
  }
  return result;
}
