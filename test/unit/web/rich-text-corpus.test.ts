import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fragment, type Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import { fromRichText, toRichText } from '../../../web/src/lib/rich-text/document';
import { schema } from '../../../web/src/lib/rich-text/schema';
import { serializeBlock } from '../../../web/src/lib/rich-text/serialize';

/**
 * The rich-text mode over the real-world corpus (test/fixtures/real-world): for every file's body
 * (what follows its frontmatter), switching to rich text and back without an edit gives the same
 * bytes and loses no block; editing the first paragraph changes only that paragraph's lines; and
 * every block the mode edits, once written, reads back as the same text and writes the same again.
 */
const root = fileURLToPath(new URL('../../fixtures/real-world/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
  files: { path: string; source: string }[];
};
const sources = [...new Set(manifest.files.map((file) => file.source))];

/** Top-level blocks per source, and how many are kept raw (template tags, components, HTML, tables…): a change in what the mode edits shows here. */
const counts: Record<string, { blocks: number; raw: number }> = {
  'jekyll-jekyll': { blocks: 3109, raw: 626 },
  'gohugoio-hugoDocs': { blocks: 2500, raw: 355 },
  'withastro-docs': { blocks: 6717, raw: 1531 },
  '11ty-11ty-website': { blocks: 5027, raw: 2112 },
  'getzola-zola': { blocks: 1845, raw: 49 },
};

const bodyOf = (path: string) => splitMarkdown(readFileSync(join(root, path), 'utf8')).body;

function children(doc: Node): Node[] {
  const result: Node[] = [];
  doc.forEach((child) => void result.push(child));
  return result;
}

describe('rich-text mode on the real-world corpus', () => {
  it('covers every file of the corpus', () => {
    expect(manifest.files.length).toBeGreaterThanOrEqual(500);
  });

  for (const name of sources) {
    it(`${name}: markdown → rich text → markdown without an edit keeps every byte and every block`, () => {
      const failures: string[] = [];
      const found = { blocks: 0, raw: 0 };
      for (const file of manifest.files.filter((candidate) => candidate.source === name)) {
        const body = bodyOf(file.path);
        const { doc, source } = toRichText(body);
        found.blocks += source.blocks.length;
        found.raw += source.blocks.filter((block) => block.node.type.name === 'raw_block').length;
        if (fromRichText(doc, source) !== body) failures.push(`${file.path}: bytes changed`);
        // No block lost: the blocks and separators make up the body, and the document holds each block once, in order.
        if (
          source.lead + source.blocks.map((block) => block.source + block.after).join('') !==
          body
        )
          failures.push(`${file.path}: split loses text`);
        const nodes = children(doc);
        if (
          source.blocks.length > 0 &&
          (nodes.length !== source.blocks.length ||
            nodes.some((node, index) => node !== source.blocks[index]!.node))
        )
          failures.push(`${file.path}: a block is missing`);
        for (const node of nodes)
          if (
            node.type.name === 'raw_block' &&
            !source.blocks.some((block) => block.source === node.attrs.source)
          )
            failures.push(`${file.path}: a raw block differs from its source`);
      }
      expect(failures).toEqual([]);
      expect(found).toEqual(counts[name]);
    });

    it(`${name}: editing the first paragraph changes only its lines, and every editable block writes back stably`, () => {
      const failures: string[] = [];
      for (const file of manifest.files.filter((candidate) => candidate.source === name)) {
        const body = bodyOf(file.path);
        const { doc, source } = toRichText(body);
        const nodes = children(doc);
        const index = nodes.findIndex((node) => node.type.name === 'paragraph');
        if (index >= 0 && source.blocks.length > 0) {
          const paragraph = nodes[index]!;
          const edited = paragraph.copy(
            paragraph.content.append(Fragment.from(schema.text(' Edited in rich text.'))),
          );
          const result = fromRichText(doc.copy(doc.content.replaceChild(index, edited)), source);
          const before =
            source.lead +
            source.blocks
              .slice(0, index)
              .map((block) => block.source + block.after)
              .join('');
          const after =
            source.blocks[index]!.after +
            source.blocks
              .slice(index + 1)
              .map((block) => block.source + block.after)
              .join('');
          if (!result.startsWith(before) || !result.endsWith(after))
            failures.push(`${file.path}: lines outside the edited paragraph changed`);
          const middle = result.slice(before.length, result.length - after.length);
          if (
            middle.includes('\n') !== paragraph.textContent.includes('\n') &&
            !middle.includes('\\\n')
          )
            failures.push(`${file.path}: the paragraph's line breaks changed`);
          const reread = children(toRichText(result).doc)[index];
          if (reread?.textContent !== edited.textContent)
            failures.push(
              `${file.path}: the edited paragraph reads back as ${reread?.textContent}`,
            );
        }
        for (const node of nodes) {
          if (node.type.name === 'raw_block') continue;
          const written = serializeBlock(node);
          const [back, ...extra] = children(toRichText(written).doc);
          if (
            extra.length > 0 ||
            back?.textContent !== node.textContent ||
            serializeBlock(back) !== written
          )
            failures.push(
              `${file.path}: ${JSON.stringify(written.slice(0, 80))} does not read back`,
            );
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
