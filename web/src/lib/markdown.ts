import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Reader } from 'markdown-it';

/**
 * The preview's HTML. Two layers: markdown-it with raw HTML off (tags in the source stay text) and
 * its own link check (no javascript:, vbscript:, file:, data: except images), then DOMPurify over
 * the result with an allow-list of tags, attributes and URL schemes. Images of other hosts are not
 * fetched: the preview shows a placeholder with the alt text and address, so a draft never calls
 * another host. An image `imageSrc` maps (a file of a media directory) is shown from the address
 * it gives: the service's own read route.
 */
const options = { html: false, linkify: true, typographer: true } as const;
const markdown = new MarkdownIt(options);
/** A reader per syntax plugin (MDX's, loaded only for an .mdx file), built on first use. */
const readers = new WeakMap<Syntax, Reader>();

/** A markdown-it plugin that teaches the reader a syntax. */
export type Syntax = (md: Reader) => void;

function readerFor(syntax: Syntax | undefined): Reader {
  if (!syntax) return markdown;
  let reader = readers.get(syntax);
  if (!reader) readers.set(syntax, (reader = new MarkdownIt(options).use(syntax)));
  return reader;
}

/** http(s), mailto, tel, fragments and relative paths; anything else with a scheme is dropped. */
const safeUrl = /^(?:https?:|mailto:|tel:|[^:/?#]*(?:[/?#]|$))/i;

const ALLOWED_TAGS = [
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
  'img',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'alt',
  'src',
  'class',
  'start',
  'colspan',
  'rowspan',
  'style',
];

export interface RenderOptions {
  /** The same-origin address to show an image from, or undefined to leave it a placeholder. */
  imageSrc?: (src: string) => string | undefined;
  /** A markdown-it plugin for the file's syntax (MDX's blocks), else plain markdown. */
  syntax?: Syntax;
}

export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const fragment = DOMPurify.sanitize(readerFor(options.syntax).render(source), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href !== null && !safeUrl.test(href.trim())) link.removeAttribute('href');
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  for (const image of fragment.querySelectorAll('img')) {
    const placeholder = image.ownerDocument.createElement('span');
    placeholder.className = 'image-placeholder';
    const alt = image.getAttribute('alt') || 'no alt text';
    const src = image.getAttribute('src');
    const shown = src ? options.imageSrc?.(src) : undefined;
    if (shown !== undefined && shown.startsWith('/') && !shown.startsWith('//')) {
      for (const name of image.getAttributeNames())
        if (name !== 'alt' && name !== 'title') image.removeAttribute(name);
      image.setAttribute('src', shown);
      image.setAttribute('alt', image.getAttribute('alt') ?? '');
      image.setAttribute('loading', 'lazy');
      continue;
    }
    placeholder.textContent = `Image: ${alt}${src ? ` (${src})` : ''}`;
    image.replaceWith(placeholder);
  }
  // A block of MDX (an import, a component, an expression) is shown as its source under its label,
  // never run: its label, written as the `pre`'s title, becomes a caption built here as text.
  for (const block of fragment.querySelectorAll('pre.mdx-block')) {
    const figure = block.ownerDocument.createElement('figure');
    figure.className = 'mdx-block';
    const caption = block.ownerDocument.createElement('figcaption');
    caption.textContent = block.getAttribute('title') ?? 'MDX';
    block.removeAttribute('title');
    block.removeAttribute('class');
    block.replaceWith(figure);
    figure.append(caption, block);
  }
  // A code block scrolls sideways when a line is long: keyboard users must be able to focus it to
  // scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
  for (const block of fragment.querySelectorAll('pre')) block.setAttribute('tabindex', '0');
  // markdown-it writes `style` only for table cell alignment. The editor's CSP refuses inline
  // style attributes (style-src 'self'), so alignment becomes a class and no style is kept.
  for (const element of fragment.querySelectorAll('[style]')) {
    const align = /^text-align:(left|right|center)$/.exec(element.getAttribute('style') ?? '')?.[1];
    element.removeAttribute('style');
    if (align && (element.tagName === 'TD' || element.tagName === 'TH'))
      element.classList.add(`align-${align}`);
  }
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
