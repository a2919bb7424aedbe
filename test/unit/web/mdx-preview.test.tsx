// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL as NodeUrl } from 'node:url';
import { cleanup, render, screen, within } from '@testing-library/react';
import MarkdownIt from 'markdown-it';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownPreview } from '../../../web/src/components/editor/markdown-preview';
import { isMdxBody } from '../../../web/src/lib/body-syntax';
import { renderMarkdown } from '../../../web/src/lib/markdown';
import { mdxBlocks } from '../../../web/src/lib/mdx/mdx-blocks';
import { toRichText } from '../../../web/src/lib/rich-text/document';
import { mdxSyntax } from '../../../web/src/lib/rich-text/mdx-syntax';
import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import { xssCorpus } from '../../e2e/support/xss-corpus';

/** MDX's imports, components and expressions in the preview: where each block ends, and how it shows. */

afterEach(cleanup);
const reader = new MarkdownIt().use(mdxBlocks);

/** The body's top-level blocks: [label or token type, source lines]. */
function blocks(source: string): [string, string][] {
  const lines = source.split('\n');
  return reader
    .parse(source, {})
    .filter((token) => token.level === 0 && token.nesting !== -1 && token.map)
    .map((token) => [
      token.type === 'mdx_block' ? token.info : token.type,
      lines.slice(token.map![0], token.map![1]).join('\n'),
    ]);
}

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** The preview's labelled blocks: [caption, source shown]. */
const shown = (html: string) =>
  [...parse(html).querySelectorAll('figure.mdx-block')].map((figure) => [
    figure.querySelector('figcaption')!.textContent,
    figure.querySelector('pre')!.textContent,
  ]);

describe('MDX blocks (markdown-it plugin)', () => {
  it('reads import and export statements up to a blank line as one block each', () => {
    const source = [
      "import { Tabs, TabItem } from '@astrojs/starlight/components';",
      "import Card from '~/components/card.astro';",
      '',
      'export const meta = {',
      "  title: 'x',",
      '};',
      '',
      'Text.',
    ].join('\n');
    expect(blocks(source)).toEqual([
      ['Import', source.split('\n').slice(0, 2).join('\n')],
      ['Export', source.split('\n').slice(3, 6).join('\n')],
      ['paragraph_open', 'Text.'],
    ]);
  });

  it('ends a component where its tags balance, with blank lines and markdown inside it', () => {
    const component = [
      '<Tabs syncKey="pkg">',
      '<TabItem label="npm">',
      '',
      '```sh',
      '</Tabs> in a code block is the code',
      '```',
      '',
      'Run `</TabItem>` and *then* { "a": "}" }.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(blocks(`Intro.\n\n${component}\n\n## After`)).toEqual([
      ['paragraph_open', 'Intro.'],
      ['Component <Tabs>', component],
      ['heading_open', '## After'],
    ]);
  });

  it('reads self-closing tags over several lines, with `>` and braces inside attribute values', () => {
    const card = [
      '<LinkCard',
      '\thref="https://example.com/?a>b"',
      "\ttitle={'} >'}",
      '\t{...props}',
      '/>',
    ].join('\n');
    expect(blocks(`${card}\n<Card.Body />\nText after.`)).toEqual([
      ['Component <LinkCard>', card],
      ['Component <Card.Body>', '<Card.Body />'],
      ['paragraph_open', 'Text after.'],
    ]);
  });

  it('reads expressions alone on their lines as blocks, and braces in a paragraph as inline', () => {
    const expression = '{items.map((item) => (\n  <li>{item}</li>\n))}';
    expect(blocks(`${expression}\n\nSee {frontmatter.title} and \\{ this }.`)).toEqual([
      ['Expression', expression],
      ['paragraph_open', 'See {frontmatter.title} and \\{ this }.'],
    ]);
    const inline = reader.parseInline('See {frontmatter.title} and \\{ this }.', {})[0]!;
    expect(inline.children!.filter((token) => token.type === 'mdx_expression')).toHaveLength(1);
  });

  it('leaves what MDX does not read as a block to markdown: a tag before text, `a < b`, a quote', () => {
    expect(blocks('<Badge text="New" /> is inline.\n\na < b\n\n> <Aside>quoted</Aside>')).toEqual([
      ['paragraph_open', '<Badge text="New" /> is inline.'],
      ['paragraph_open', 'a < b'],
      ['blockquote_open', '> <Aside>quoted</Aside>'],
    ]);
  });

  it('lets a component or an expression end the paragraph above it, and never an import (as MDX)', () => {
    expect(blocks('Intro:\n<Card title="x" />\nSee:\nimport a from "b";\n{props.note}')).toEqual([
      ['paragraph_open', 'Intro:'],
      ['Component <Card>', '<Card title="x" />'],
      ['paragraph_open', 'See:\nimport a from "b";'],
      ['Expression', '{props.note}'],
    ]);
    // ESM is the keyword and a space at the start of a line.
    expect(blocks('import{ a } from "b";\n\n  import a from "b";')).toEqual([
      ['paragraph_open', 'import{ a } from "b";'],
      ['paragraph_open', '  import a from "b";'],
    ]);
  });

  it('keeps the rest of the body raw when a component never closes or closes another tag', () => {
    expect(blocks('Intro.\n\n<Tabs>\n\n## Inside\n\nText.')).toEqual([
      ['paragraph_open', 'Intro.'],
      ['MDX', '<Tabs>\n\n## Inside\n\nText.'],
    ]);
    expect(blocks('<Tabs>\n</TabItem>\n\n## After')).toEqual([
      ['MDX', '<Tabs>\n</TabItem>\n\n## After'],
    ]);
  });
});

describe('the preview of an .mdx body', () => {
  const body = [
    "import { Card } from '@astrojs/starlight/components';",
    '',
    '# Welcome',
    '',
    '<Card title="Hi" icon="rocket">',
    '  Some *markdown* inside.',
    '</Card>',
    '',
    '{new Date().getFullYear()}',
    '',
    '<img src="x" onerror="alert(1)" />',
  ].join('\n');

  it('shows imports, components and expressions as labelled blocks of their source', () => {
    const html = renderMarkdown(body, { syntax: mdxBlocks });
    expect(shown(html)).toEqual([
      ['Import', "import { Card } from '@astrojs/starlight/components';"],
      ['Component <Card>', '<Card title="Hi" icon="rocket">\n  Some *markdown* inside.\n</Card>'],
      ['Expression', '{new Date().getFullYear()}'],
      ['Component <img>', '<img src="x" onerror="alert(1)" />'],
    ]);
    const dom = parse(html);
    expect(dom.querySelector('h1')?.textContent).toBe('Welcome');
    // Never run nor rendered: no element of the file's, no em from the markdown inside the component.
    expect(dom.querySelector('img, em')).toBeNull();
    for (const block of dom.querySelectorAll('figure.mdx-block pre'))
      expect(block.getAttribute('tabindex')).toBe('0');
  });

  it('reads a .md body as before: the same lines are paragraphs of text', () => {
    const dom = parse(renderMarkdown(body));
    expect(dom.querySelector('figure')).toBeNull();
    expect(dom.querySelector('p')?.textContent).toMatch(/^import \{ Card \} from/);
  });

  it.each(xssCorpus.map((payload, index) => [index, payload] as const))(
    'renders payload %i inert as MDX',
    (_index, payload) => {
      const dom = parse(renderMarkdown(payload, { syntax: mdxBlocks }));
      expect(
        dom.querySelector(
          'script, iframe, object, embed, svg, math, form, style, img, video, audio',
        ),
      ).toBeNull();
      for (const element of dom.querySelectorAll('*'))
        for (const attribute of element.attributes)
          expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(
            false,
          );
    },
  );

  it('the preview pane loads the MDX reader for an .mdx body and shows its blocks', async () => {
    render(<MarkdownPreview source={body} title="Welcome" mdx />);
    const preview = screen.getByTestId('preview');
    const captions = await within(preview).findAllByText(/^(Import|Component <\w+>|Expression)$/);
    expect(captions.map((caption) => caption.textContent)).toEqual([
      'Import',
      'Component <Card>',
      'Expression',
      'Component <img>',
    ]);
    expect(captions[0]!.closest('figure')?.querySelector('pre')?.textContent).toBe(
      "import { Card } from '@astrojs/starlight/components';",
    );
  });

  it('the preview pane shows a .md body without MDX blocks', async () => {
    render(<MarkdownPreview source={body} title="Welcome" />);
    const preview = screen.getByTestId('preview');
    // Typography on: the quotes are curly, as in any paragraph of a .md preview.
    expect(await within(preview).findByText(/^import \{ Card \} from/)).toBeTruthy();
    expect(preview.querySelector('figure')).toBeNull();
  });
});

describe('the preview of the Starlight site’s .mdx files', () => {
  // Node's URL: the DOM environment's own resolves file addresses against a web origin.
  const site = fileURLToPath(
    new NodeUrl('../../fixtures/real-sites/withastro-starlight/', import.meta.url),
  );
  const files = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.endsWith('.mdx'),
  );

  it('shows every file’s imports, components and expressions as the rich-text mode labels them', () => {
    expect(files).toHaveLength(124);
    const failures: string[] = [];
    let blocks = 0;
    for (const path of files) {
      const { body } = splitMarkdown(readFileSync(join(site, path), 'utf8'));
      const labels = toRichText(body, mdxSyntax)
        .source.blocks.filter((block) => block.tokens[0]?.type === 'mdx_block')
        .map((block) => [block.node.attrs.label as string, block.source]);
      const captions = shown(renderMarkdown(body, { syntax: mdxBlocks }));
      blocks += captions.length;
      if (JSON.stringify(captions) !== JSON.stringify(labels))
        failures.push(`${path}: the preview shows ${captions.map(([label]) => label).join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(blocks).toBeGreaterThan(400);
  });
});

describe('which bodies are MDX', () => {
  it('follows the file’s own extension, else (a new item) the collection’s path pattern', () => {
    expect(isMdxBody({ path: 'src/content/docs/guide.mdx', pattern: '{slug}.md' })).toBe(true);
    expect(isMdxBody({ path: 'content/posts/hello.md', pattern: '{slug}.mdx' })).toBe(false);
    expect(isMdxBody({ pattern: '{slug}/index.MDX' })).toBe(true);
    expect(isMdxBody({ pattern: ['{slug}.mdx', '{slug}.md'] })).toBe(true);
    expect(isMdxBody({})).toBe(false);
  });
});
