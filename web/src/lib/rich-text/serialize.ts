import type { Node } from 'prosemirror-model';
import { serializeInline, type SerializeOptions } from './serialize-inline';

/** A block node as markdown, lines ended by "\n", without a final line break. */
export function serializeBlock(node: Node, options: SerializeOptions = {}): string {
  const block = (child: Node) => serializeBlock(child, options);
  switch (node.type.name) {
    case 'paragraph': {
      const text = serializeInline(node, options);
      // In MDX a paragraph starting `import ` or `export ` would be read as code: its first letter
      // is written as a character reference, which reads back as the same text.
      return options.mdx && /^(?:import|export) /.test(text)
        ? `&#${text.charCodeAt(0)};${text.slice(1)}`
        : text;
    }
    case 'heading': {
      // An ATX heading is one line; a `#` ending it would be read as a closing sequence.
      const text = serializeInline(node, options).replace(/\n/g, ' ').replace(/#$/, '\\#');
      return `${'#'.repeat(node.attrs.level as number)}${text ? ` ${text}` : ''}`;
    }
    case 'blockquote':
      return prefixLines(children(node).map(block).join('\n\n'), '> ', '> ');
    case 'bullet_list':
    case 'ordered_list':
      return serializeList(node, block);
    case 'code_block':
      return serializeCode(node);
    case 'horizontal_rule':
      return node.attrs.markup as string;
    case 'raw_block':
      return node.attrs.source as string;
    default:
      throw new Error(`Rich text: no markdown for a ${node.type.name} node`);
  }
}

function children(node: Node): Node[] {
  const result: Node[] = [];
  node.forEach((child) => void result.push(child));
  return result;
}

/** Prefixes the first line with `first` and the others with `rest` (blank lines get the prefix without its trailing spaces). */
function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, index) => {
      const prefix = index === 0 ? first : rest;
      return line === '' ? prefix.trimEnd() : prefix + line;
    })
    .join('\n');
}

function serializeList(node: Node, block: (child: Node) => string): string {
  const tight = node.attrs.tight as boolean;
  const ordered = node.type.name === 'ordered_list';
  return children(node)
    .map((item, index) => {
      const marker = ordered
        ? `${(node.attrs.order as number) + index}${node.attrs.delimiter as string}`
        : (node.attrs.bullet as string);
      const content = children(item)
        .map(block)
        .join(tight ? '\n' : '\n\n');
      return prefixLines(content, `${marker} `, ' '.repeat(marker.length + 1));
    })
    .join(tight ? '\n' : '\n\n');
}

function serializeCode(node: Node): string {
  const text = node.textContent;
  const info = node.attrs.info as string;
  if ((node.attrs.fence as string) === '' && text.trim() !== '' && !text.startsWith('\n'))
    return prefixLines(text, '    ', '    ');
  const char = (node.attrs.fence as string).startsWith('~') || info.includes('`') ? '~' : '`';
  const longest = Math.max(
    0,
    ...(text.match(new RegExp(`^ {0,3}${char === '`' ? '`' : '~'}+`, 'gm')) ?? []).map(
      (run) => run.trim().length,
    ),
  );
  const fence = char.repeat(Math.max(3, (node.attrs.fence as string).length, longest + 1));
  return `${fence}${info}\n${text}${text ? '\n' : ''}${fence}`;
}
