// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../web/src/lib/markdown';
import { xssCorpus } from '../../e2e/support/xss-corpus';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('the preview renderer', () => {
  it('renders ordinary markdown', () => {
    const html = renderMarkdown(
      '## Title\n\nSome *emphasis* and [a link](https://example.com).\n\n| a | b |\n|:-|-:|\n| 1 | 2 |',
    );
    const dom = parse(html);
    expect(dom.querySelector('h2')?.textContent).toBe('Title');
    expect(dom.querySelector('em')?.textContent).toBe('emphasis');
    const link = dom.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // Aligned by a class: the editor's CSP (style-src 'self') refuses style attributes.
    expect(dom.querySelector('td')?.getAttribute('style')).toBeNull();
    expect(dom.querySelector('td')?.className).toBe('align-left');
    expect(dom.querySelectorAll('td')[1]?.className).toBe('align-right');
  });

  it('lets keyboard users reach and scroll code blocks (a long line scrolls sideways)', () => {
    const dom = parse(
      renderMarkdown(
        '```\nconst aVeryLongLine = "that does not fit the preview and scrolls";\n```\n\n    indented code',
      ),
    );
    const blocks = [...dom.querySelectorAll('pre')];
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(block.getAttribute('tabindex')).toBe('0');
  });

  it('shows images as placeholders instead of fetching them', () => {
    const dom = parse(renderMarkdown('![A cat](/images/cat.jpg)'));
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('.image-placeholder')?.textContent).toBe(
      'Image: A cat (/images/cat.jpg)',
    );
  });

  it('shows media images from the address the editor maps them to, and only same-origin paths', () => {
    const imageSrc = (src: string) =>
      src === '/images/cat.jpg'
        ? '/api/repos/o%2Fr/media/file?path=static%2Fimages%2Fcat.jpg'
        : src === '/images/evil.png'
          ? 'https://evil.example/x.png'
          : undefined;
    const dom = parse(
      renderMarkdown(
        '![A cat](/images/cat.jpg "Puss") ![Far](https://example.com/a.png) ![Evil](/images/evil.png)',
        { imageSrc },
      ),
    );
    const images = dom.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe(
      '/api/repos/o%2Fr/media/file?path=static%2Fimages%2Fcat.jpg',
    );
    expect(images[0]!.getAttribute('alt')).toBe('A cat');
    expect(images[0]!.getAttribute('title')).toBe('Puss');
    expect([...dom.querySelectorAll('.image-placeholder')].map((span) => span.textContent)).toEqual(
      ['Image: Far (https://example.com/a.png)', 'Image: Evil (/images/evil.png)'],
    );
  });

  it.each(xssCorpus.map((payload, index) => [index, payload] as const))(
    'renders payload %i inert with media images on',
    (_index, payload) => {
      const dom = parse(
        renderMarkdown(payload, {
          imageSrc: () => '/api/repos/o%2Fr/media/file?path=static%2Fa.png',
        }),
      );
      expect(
        dom.querySelector('script, iframe, object, embed, svg, math, form, style, video, audio'),
      ).toBeNull();
      for (const element of dom.querySelectorAll('*')) {
        for (const attribute of element.attributes)
          expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(
            false,
          );
      }
      for (const image of dom.querySelectorAll('img'))
        expect(image.getAttribute('src')).toBe('/api/repos/o%2Fr/media/file?path=static%2Fa.png');
    },
  );

  it.each(xssCorpus.map((payload, index) => [index, payload] as const))(
    'renders payload %i inert',
    (_index, payload) => {
      const dom = parse(renderMarkdown(payload));
      expect(
        dom.querySelector(
          'script, iframe, object, embed, svg, math, form, style, img, video, audio',
        ),
      ).toBeNull();
      for (const element of dom.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(
            false,
          );
          if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name))
            expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
        }
        expect(element.hasAttribute('style'), `style on <${element.tagName}>`).toBe(false);
      }
    },
  );
});
