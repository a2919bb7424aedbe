import { Schema } from 'prosemirror-model';

/**
 * The rich-text mode's document: the markdown it can edit as nodes (paragraphs, ATX headings,
 * lists, quotes, code blocks, rules; emphasis, strong, code, links, images, hard breaks), and one
 * atom, `raw_block`, that holds a block it cannot express (a table, HTML, a shortcode…) as its
 * exact source. The attributes keep the source's choices (bullet character, fence, emphasis
 * character) so a block that is edited is written back as close to how it was as possible.
 * A soft line break inside a paragraph stays a "\n" in its text, so an edit keeps the wrapping.
 */
export const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: {
      content: 'inline*',
      group: 'block',
      parseDOM: [{ tag: 'p' }],
      toDOM: () => ['p', 0],
    },
    heading: {
      attrs: { level: { default: 1 } },
      content: 'inline*',
      group: 'block',
      defining: true,
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level as number}`, 0],
    },
    blockquote: {
      content: 'block+',
      group: 'block',
      defining: true,
      parseDOM: [{ tag: 'blockquote' }],
      toDOM: () => ['blockquote', 0],
    },
    bullet_list: {
      attrs: { bullet: { default: '-' }, tight: { default: true } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ul' }],
      toDOM: () => ['ul', 0],
    },
    ordered_list: {
      attrs: { order: { default: 1 }, delimiter: { default: '.' }, tight: { default: true } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [
        {
          tag: 'ol',
          getAttrs: (dom) => ({ order: Number((dom as HTMLElement).getAttribute('start') ?? 1) }),
        },
      ],
      toDOM: (node) => ['ol', node.attrs.order === 1 ? {} : { start: String(node.attrs.order) }, 0],
    },
    list_item: {
      content: 'block+',
      defining: true,
      parseDOM: [{ tag: 'li' }],
      toDOM: () => ['li', 0],
    },
    code_block: {
      attrs: { fence: { default: '```' }, info: { default: '' } },
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: () => ['pre', ['code', 0]],
    },
    horizontal_rule: {
      attrs: { markup: { default: '---' } },
      group: 'block',
      parseDOM: [{ tag: 'hr' }],
      toDOM: () => ['hr'],
    },
    raw_block: {
      attrs: { source: { default: '' }, label: { default: 'Markdown' } },
      group: 'block',
      atom: true,
      selectable: true,
      // Copied and pasted inside the editor, it stays the same raw block (before the `pre` rule of code blocks).
      parseDOM: [
        {
          tag: 'figure.rich-raw-block',
          priority: 60,
          getAttrs: (dom) => ({
            source: (dom as HTMLElement).querySelector('pre')?.textContent ?? '',
            label: (dom as HTMLElement).getAttribute('data-label') ?? 'Markdown',
          }),
        },
      ],
      toDOM: (node) => [
        'figure',
        {
          class: 'rich-raw-block',
          contenteditable: 'false',
          'data-label': node.attrs.label as string,
        },
        ['figcaption', `${node.attrs.label as string} — edit in Markdown`],
        ['pre', ['code', node.attrs.source as string]],
      ],
    },
    text: { group: 'inline' },
    image: {
      attrs: { src: {}, alt: { default: '' }, title: { default: null } },
      inline: true,
      group: 'inline',
      draggable: true,
      parseDOM: [
        {
          tag: 'img[src]',
          getAttrs: (dom) => ({
            src: (dom as HTMLElement).getAttribute('src'),
            alt: (dom as HTMLElement).getAttribute('alt') ?? '',
            title: (dom as HTMLElement).getAttribute('title'),
          }),
        },
        {
          tag: 'span.image-placeholder[data-src]',
          getAttrs: (dom) => ({
            src: (dom as HTMLElement).dataset.src,
            alt: (dom as HTMLElement).dataset.alt ?? '',
            title: (dom as HTMLElement).dataset.title ?? null,
          }),
        },
      ],
      // Other hosts' images are not fetched from a draft (as in the preview): the editor shows the alt text and address.
      toDOM: (node) => {
        const { src, alt, title } = node.attrs as {
          src: string;
          alt: string;
          title: string | null;
        };
        return [
          'span',
          {
            class: 'image-placeholder',
            'data-src': src,
            'data-alt': alt,
            ...(title === null ? {} : { 'data-title': title }),
          },
          `Image: ${alt || 'no alt text'} (${src})`,
        ];
      },
    },
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
    },
  },
  marks: {
    // The order is the nesting order when written: a link outermost, code innermost (its text is literal).
    link: {
      attrs: { href: {}, title: { default: null } },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => ({
            href: (dom as HTMLElement).getAttribute('href'),
            title: (dom as HTMLElement).getAttribute('title'),
          }),
        },
      ],
      // No href in the editor: a click places the cursor and never navigates (nor runs a javascript: address).
      toDOM: (mark) => ['a', { class: 'rich-link', title: mark.attrs.href as string }, 0],
    },
    em: {
      attrs: { markup: { default: '*' } },
      parseDOM: [{ tag: 'em' }, { tag: 'i' }],
      toDOM: () => ['em', 0],
    },
    strong: {
      attrs: { markup: { default: '**' } },
      parseDOM: [{ tag: 'strong' }, { tag: 'b' }],
      toDOM: () => ['strong', 0],
    },
    code: { parseDOM: [{ tag: 'code' }], toDOM: () => ['code', 0] },
  },
});
