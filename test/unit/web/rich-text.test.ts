import { Fragment, type Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { splitBlocks } from '../../../web/src/lib/rich-text/blocks';
import { fromRichText, toRichText } from '../../../web/src/lib/rich-text/document';
import { schema } from '../../../web/src/lib/rich-text/schema';
import { serializeBlock } from '../../../web/src/lib/rich-text/serialize';

/** The rich-text mode's pure parts: the block split, markdown ↔ document, and writing back only what changed. */

const children = (doc: Node): Node[] => {
  const result: Node[] = [];
  doc.forEach((child) => void result.push(child));
  return result;
};

/** The document with its `index`th top-level block replaced by `edit(block)`. */
const replaced = (doc: Node, index: number, edit: (node: Node) => Node) =>
  doc.copy(doc.content.replaceChild(index, edit(doc.child(index))));
const appended = (text: string) => (node: Node) =>
  node.copy(node.content.append(Fragment.from(schema.text(text))));

describe('block split', () => {
  it('keeps each block and the exact text between blocks, CRLF and the last line break included', () => {
    const body = '\r\n# Title\r\n\r\n\r\nOne\r\ntwo\r\n- a\r\n- b\r\n\r\n';
    const split = splitBlocks(body);
    expect(split.lead).toBe('\r\n');
    expect(split.blocks.map((block) => [block.source, block.after])).toEqual([
      ['# Title', '\r\n\r\n\r\n'],
      ['One\r\ntwo', '\r\n'],
      ['- a\r\n- b', '\r\n\r\n'],
    ]);
    expect(split.eol).toBe('\r\n');
  });

  it('makes lines markdown-it takes without a token (link references) a block of their own', () => {
    const split = splitBlocks('See [docs][d].\n\n[d]: https://example.com\n\nEnd');
    expect(split.blocks.map((block) => [block.source, block.tokens.length > 0])).toEqual([
      ['See [docs][d].', true],
      ['[d]: https://example.com', false],
      ['End', true],
    ]);
  });

  it('answers the whole body as the lead when it has no block', () => {
    expect(splitBlocks('\n\n')).toEqual({ lead: '\n\n', blocks: [], eol: '\n' });
  });
});

describe('markdown ↔ rich-text document', () => {
  const body = [
    '# Title ##',
    '',
    'Some _text_ with __bold__, `code`, [a link](https://example.com "Example") and ![a cat](cat.png).',
    'A second line.',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    '{{< figure src="x.png" >}}',
    '',
    '<div class="note">Raw</div>',
    '',
    'Text with <kbd>inline</kbd> HTML.',
    '',
    '* one',
    '* two',
    '',
    '> quoted',
    '',
    '~~~ js',
    'let x = 1;',
    '~~~',
    '',
    '***',
    '',
  ].join('\n');

  it('gives back the same string when nothing is edited', () => {
    const { doc, source } = toRichText(body);
    expect(fromRichText(doc, source)).toBe(body);
  });

  it('edits the blocks it expresses and keeps the others as raw atoms labelled by kind', () => {
    const nodes = children(toRichText(body).doc);
    expect(
      nodes.map((node) =>
        node.type.name === 'raw_block' ? `raw ${node.attrs.label as string}` : node.type.name,
      ),
    ).toEqual([
      'heading',
      'paragraph',
      'raw Table',
      'raw Shortcode',
      'raw HTML',
      'raw HTML',
      'bullet_list',
      'blockquote',
      'code_block',
      'horizontal_rule',
    ]);
    expect(nodes[2]!.attrs.source).toBe('| a | b |\n|---|---|\n| 1 | 2 |');
  });

  it('writes an edited block and nothing else anew, keeping the separators around it', () => {
    const { doc, source } = toRichText(body);
    const result = fromRichText(replaced(doc, 1, appended(' More.')), source);
    const lines = result.split('\n');
    const before = body.split('\n');
    expect(lines.length).toBe(before.length);
    expect(lines.filter((line, index) => line !== before[index])).toEqual(['A second line. More.']);
  });

  it('writes a block back as it was when an edit is undone (equal to the parsed one, not the same object)', () => {
    const { doc, source } = toRichText(body);
    const same = replaced(doc, 1, (node) => node.copy(node.content));
    expect(fromRichText(same, source)).toBe(body);
  });

  it('separates new blocks with one blank line and keeps a removed block’s neighbours as they were', () => {
    const { doc, source } = toRichText('One\r\n\r\nTwo\r\n\r\nThree\r\n');
    const added = doc.copy(
      doc.content.addToEnd(schema.nodes.paragraph!.create(null, schema.text('Four'))),
    );
    expect(fromRichText(added, source)).toBe('One\r\n\r\nTwo\r\n\r\nThree\r\n\r\nFour\r\n');
    const removed = doc.copy(Fragment.fromArray([doc.child(0), doc.child(2)]));
    expect(fromRichText(removed, source)).toBe('One\r\n\r\nThree\r\n');
  });

  it('starts an empty body with an empty paragraph that writes nothing', () => {
    const { doc, source } = toRichText('');
    expect(doc.toString()).toBe('doc(paragraph)');
    expect(fromRichText(doc, source)).toBe('');
    expect(fromRichText(replaced(doc, 0, appended('Hello')), source)).toBe('Hello\n');
  });
});

describe('serialiser', () => {
  const block = (markdown: string) => toRichText(markdown).doc.child(0);
  const roundTrip = (markdown: string) => serializeBlock(block(markdown));

  it('writes marks with the source’s characters where they work', () => {
    expect(roundTrip('_a_ and __b__ and *c* and **d**')).toBe('_a_ and __b__ and *c* and **d**');
    expect(roundTrip('[`code` link](</a b> "T \\"q\\"")')).toBe(
      '[`code` link](</a b> "T \\"q\\"")',
    );
    expect(roundTrip('<https://example.com> and <me@example.com>')).toBe(
      '<https://example.com> and <me@example.com>',
    );
    expect(roundTrip('a  \nb')).toBe('a\\\nb');
  });

  it('escapes text that would otherwise read as markdown', () => {
    const paragraph = schema.nodes.paragraph!.create(
      null,
      schema.text('1. *not* a list <b> &amp; # nor\n# a heading\n- nor a list\n==='),
    );
    const written = serializeBlock(paragraph);
    expect(written).toBe(
      '1\\. \\*not\\* a list \\<b> \\&amp; # nor\n\\# a heading\n\\- nor a list\n\\===',
    );
    expect(block(written).eq(paragraph)).toBe(true);
  });

  it('moves spaces at a mark’s edge outside it, so the mark still reads as one', () => {
    const paragraph = schema.nodes.paragraph!.create(null, [
      schema.text('a'),
      schema.text(' bold ', [schema.marks.strong!.create()]),
      schema.text('b'),
    ]);
    expect(serializeBlock(paragraph)).toBe('a **bold** b');
  });

  it('writes lists, quotes and code blocks with their markers and fences', () => {
    expect(roundTrip('3) a\n4) b\n\n   more\n')).toBe('3) a\n\n4) b\n\n   more');
    expect(roundTrip('+ a\n  > q\n  > r\n+ b')).toBe('+ a\n  > q\n  > r\n+ b');
    expect(roundTrip('````md\n```\ninner\n```\n````')).toBe('````md\n```\ninner\n```\n````');
    expect(roundTrip('    indented\n    code')).toBe('    indented\n    code');
  });
});
