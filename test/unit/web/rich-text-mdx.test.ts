import fc from 'fast-check';
import { Fragment, type Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import { fromRichText, toRichText } from '../../../web/src/lib/rich-text/document';
import { mdxSyntax } from '../../../web/src/lib/rich-text/mdx-syntax';
import { load } from '../../../web/src/components/editor/rich-text-editor';
import { schema } from '../../../web/src/lib/rich-text/schema';
import { realSiteFiles } from '../../support/real-sites';

/**
 * The rich-text mode of an .mdx body: imports, components and expressions are atoms holding their
 * exact source, written back byte for byte whatever is edited around them; property tests over
 * generated MDX documents, and every .mdx file of the Starlight site (whose preview
 * mdx-preview.test.tsx checks).
 */

const children = (doc: Node): Node[] => {
  const result: Node[] = [];
  doc.forEach((child) => void result.push(child));
  return result;
};
const labelOf = (node: Node) =>
  node.type.name === 'raw_block' ? (node.attrs.label as string) : node.type.name;
const appended = (node: Node, text: string) =>
  node.copy(node.content.append(Fragment.from(schema.text(text))));

/** The body with its `index`th top-level block edited as `edit` says, written back. */
function edited(body: string, index: number, edit: (node: Node) => Node): string {
  const { doc, source } = toRichText(body, mdxSyntax);
  return fromRichText(doc.copy(doc.content.replaceChild(index, edit(doc.child(index)))), source);
}

describe('rich-text mode of an .mdx body', () => {
  const body = [
    "import { Tabs, TabItem } from '@astrojs/starlight/components';",
    '',
    'First   paragraph.',
    '',
    '<Tabs>',
    '<TabItem label="npm">',
    '',
    'Run *this*.',
    '',
    '</TabItem>',
    '</Tabs>',
    '{props.note}',
    '',
    'Last paragraph.',
    '',
  ].join('\n');

  it('shows imports, components and expressions as labelled atoms of their exact source', () => {
    const { doc } = toRichText(body, mdxSyntax);
    expect(children(doc).map(labelOf)).toEqual([
      'Import',
      'paragraph',
      'Component <Tabs>',
      'Expression',
      'paragraph',
    ]);
    const tabs = doc.child(2);
    expect(tabs.type.spec.atom).toBe(true);
    expect(tabs.attrs.source).toBe(body.split('\n').slice(4, 11).join('\n'));
    // A .md body is read as before: the import line is a paragraph to edit.
    expect(labelOf(toRichText(body).doc.child(0))).toBe('paragraph');
  });

  it('writes the body back byte for byte, and an edited paragraph changes only its own bytes', () => {
    const { doc, source } = toRichText(body, mdxSyntax);
    expect(fromRichText(doc, source)).toBe(body);
    expect(edited(body, 4, (node) => appended(node, ' Edited.'))).toBe(
      body.replace('Last paragraph.', 'Last paragraph. Edited.'),
    );
    expect(edited(body, 1, (node) => appended(node, ' Edited.'))).toBe(
      body.replace('First   paragraph.', 'First   paragraph. Edited.'),
    );
  });

  it('escapes a typed `{` so MDX reads text, not an expression (a .md body does not)', () => {
    const mdx = edited('Text.\n', 0, (node) => appended(node, ' {not code}'));
    expect(mdx).toBe('Text. \\{not code}\n');
    expect(children(toRichText(mdx, mdxSyntax).doc).map(labelOf)).toEqual(['paragraph']);
    expect(toRichText(mdx, mdxSyntax).doc.textContent).toBe('Text. {not code}');
    const { doc, source } = toRichText('Text.\n');
    expect(
      fromRichText(doc.copy(doc.content.replaceChild(0, appended(doc.child(0), ' {x}'))), source),
    ).toBe('Text. {x}\n');
  });

  it('writes a paragraph typed as `import …` so that MDX reads text, not code', () => {
    const { doc, source } = toRichText('Text.\n', mdxSyntax);
    const typed = schema.nodes.paragraph!.create(null, schema.text('import the file'));
    const mdx = fromRichText(doc.copy(doc.content.addToEnd(typed)), source);
    expect(mdx).toBe('Text.\n\n&#105;mport the file\n');
    expect(children(toRichText(mdx, mdxSyntax).doc).map((node) => node.textContent)).toEqual([
      'Text.',
      'import the file',
    ]);
  });

  it('writes a link whose text is its address as a link, not as an autolink MDX has not', () => {
    const url = 'https://example.com';
    const link = schema.text(url, [schema.marks.link!.create({ href: url })]);
    expect(edited('Text.\n', 0, (node) => node.copy(Fragment.from(link)))).toBe(
      `[${url}](${url})\n`,
    );
  });

  it('keeps a paragraph with an inline expression raw, so editing never escapes its braces', () => {
    const { doc } = toRichText('Hello {frontmatter.name}!\n', mdxSyntax);
    expect(children(doc).map(labelOf)).toEqual(['Expression']);
  });
});

/** Pieces of MDX documents, each a top-level block as writers write them. */
const word = fc.constantFrom('alpha', 'beta', 'Tabs', 'import', 'x<y', 'a < b', '`code`', '*em*');
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((list) => list.join(' '));
const paragraph = words.map((text) => `Para ${text}.`);
const heading = words.map((text) => `## ${text}`);
const esm = fc
  .array(fc.constantFrom("import A from './a.astro';", "import { B, C } from 'pkg';"), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((imports) =>
    fc.constantFrom(imports.join('\n'), `${imports.join('\n')}\nexport const x = { a: 1 };`),
  );
const selfClosing = fc
  .tuple(fc.constantFrom('Card', 'LinkCard', 'Icon'), words)
  .chain(([name, text]) =>
    fc.constantFrom(
      `<${name} title="${text}" />`,
      `<${name}\n\ttitle="${text}"\n\tprops={{ a: '}' }}\n/>`,
    ),
  );
const component: fc.Arbitrary<string> = fc.letrec<{ element: string }>((tie) => ({
  element: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    selfClosing,
    fc
      .tuple(
        fc.constantFrom('Tabs', 'Aside', 'Steps'),
        fc.array(fc.oneof(paragraph, tie('element'), fc.constant('```js\n</Tabs>\n```')), {
          maxLength: 3,
        }),
      )
      .map(([name, inner]) => `<${name}>\n\n${inner.join('\n\n')}\n\n</${name}>`),
  ),
})).element;
const expression = fc.constantFrom('{props.note}', '{list.map((item) => (\n  <li>{item}</li>\n))}');
const code = words.map((text) => `\`\`\`mdx\n<Card title="${text}" />\n{x}\n\`\`\``);
/** A paragraph a component or an expression ends, as MDX reads it. */
const interrupted = fc
  .tuple(paragraph, fc.oneof(selfClosing, expression))
  .map(([text, mdx]) => `${text}\n${mdx}`);
const block = fc.oneof(paragraph, heading, esm, component, expression, code, interrupted);
const separator = fc.constantFrom('\n\n', '\n\n\n');
const mdxDocument = fc
  .tuple(fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 8 }), fc.boolean())
  .map(
    ([pieces, finalNewline]) =>
      pieces.map(([text, after]) => text + after).join('') + (finalNewline ? '' : 'End.'),
  );

describe('rich-text mode of generated MDX documents (property tests)', () => {
  it('reads and writes back every document byte for byte', () => {
    fc.assert(
      fc.property(mdxDocument, (body) => {
        const { doc, source } = toRichText(body, mdxSyntax);
        expect(fromRichText(doc, source)).toBe(body);
      }),
      { numRuns: 300 },
    );
  });

  it('reads and writes back any text made of MDX punctuation byte for byte', () => {
    const text = fc
      .array(
        fc.constantFrom(
          '<',
          '>',
          '/',
          '{',
          '}',
          '"',
          "'",
          '`',
          '\n',
          ' ',
          'a',
          'A',
          '=',
          'import ',
          '\\',
        ),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (body) => {
        const { doc, source } = toRichText(body, mdxSyntax);
        expect(fromRichText(doc, source)).toBe(body);
      }),
      { numRuns: 500 },
    );
  });

  it('changes only the edited paragraph, leaving every MDX block byte for byte', () => {
    fc.assert(
      fc.property(mdxDocument, fc.nat(), (body, pick) => {
        const { doc, source } = toRichText(body, mdxSyntax);
        const paragraphs = children(doc).flatMap((node, index) =>
          node.type.name === 'paragraph' ? [index] : [],
        );
        fc.pre(paragraphs.length > 0);
        const index = paragraphs[pick % paragraphs.length]!;
        const result = fromRichText(
          doc.copy(doc.content.replaceChild(index, appended(doc.child(index), ' Edited {here}.'))),
          source,
        );
        const before =
          source.lead +
          source.blocks
            .slice(0, index)
            .map((part) => part.source + part.after)
            .join('');
        const after = source.blocks
          .slice(index)
          .map((part, offset) => (offset === 0 ? part.after : part.source + part.after))
          .join('');
        expect(result.startsWith(before)).toBe(true);
        expect(result.endsWith(after)).toBe(true);
        const middle = result.slice(before.length, result.length - after.length);
        expect(middle.endsWith(' Edited \\{here}.')).toBe(true);
        expect(toRichText(result, mdxSyntax).doc.child(index).textContent).toBe(
          `${doc.child(index).textContent} Edited {here}.`,
        );
      }),
      { numRuns: 300 },
    );
  });
});

/** Every .mdx file of the Starlight site (test/fixtures/real-sites/withastro-starlight). */
const starlight = realSiteFiles('withastro-starlight')
  .filter((file) => file.path.endsWith('.mdx'))
  .map((file) => ({ path: file.path, body: splitMarkdown(file.content.toString('utf8')).body }));

/** MDX blocks over the whole site, by kind: a change in how MDX is read shows here. */
const starlightBlocks = { Import: 154, Export: 0, Component: 333, Expression: 2, MDX: 0 };

describe('rich-text mode of the Starlight site’s .mdx files', () => {
  it('covers every .mdx file of the site', () => {
    expect(starlight.length).toBe(124);
  });

  it('reads and writes back every file byte for byte, its MDX as labelled blocks', () => {
    const failures: string[] = [];
    const found = { Import: 0, Export: 0, Component: 0, Expression: 0, MDX: 0 };
    for (const { path, body } of starlight) {
      const { doc, source } = toRichText(body, mdxSyntax);
      if (fromRichText(doc, source) !== body) failures.push(`${path}: bytes changed`);
      const labels = source.blocks
        .filter((block) => block.tokens[0]?.type === 'mdx_block')
        .map((block) => block.node.attrs.label as string);
      for (const label of labels) found[label.split(' ')[0] as keyof typeof found]++;
      // Every import at the top of the body is in an Import block.
      if (/^import /m.test(body.split(/^```/m)[0]!) && !labels.includes('Import'))
        failures.push(`${path}: its imports are not a block`);
    }
    expect(failures).toEqual([]);
    expect(found).toEqual(starlightBlocks);
  });

  it('changes only the first paragraph of each file when it is edited in rich text', () => {
    const failures: string[] = [];
    for (const { path, body } of starlight) {
      const { doc, source } = toRichText(body, mdxSyntax);
      const index = children(doc).findIndex((node) => node.type.name === 'paragraph');
      if (index < 0) continue;
      const result = edited(body, index, (node) => appended(node, ' Edited in rich text.'));
      const before =
        source.lead +
        source.blocks
          .slice(0, index)
          .map((part) => part.source + part.after)
          .join('');
      const after = body.slice(before.length + source.blocks[index]!.source.length);
      const unchanged = result.startsWith(before) && result.endsWith(after);
      const middle = result.slice(before.length, result.length - after.length);
      if (!unchanged || !middle.endsWith(' Edited in rich text.'))
        failures.push(`${path}: more than the paragraph changed`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the rich-text editor of an .mdx body that opens with an import', () => {
  it('starts with the cursor in the first text, so typing keeps the import block', () => {
    const body = "import Card from '~/components/card.astro';\n\nInstall the theme.\n";
    const { state, source } = load(body, mdxSyntax);
    expect(state.selection.empty).toBe(true);
    expect(state.selection.$from.parent.textContent).toBe('Install the theme.');
    const typed = state.apply(state.tr.insertText('Then '));
    expect(fromRichText(typed.doc, source)).toBe(
      "import Card from '~/components/card.astro';\n\nThen Install the theme.\n",
    );
  });
});
