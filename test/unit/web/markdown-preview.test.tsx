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
    const html = renderMarkdown('## Title\n\nSome *emphasis* and [a link](https://example.com).\n\n| a | b |\n|:-|-:|\n| 1 | 2 |');
    const dom = parse(html);
    expect(dom.querySelector('h2')?.textContent).toBe('Title');
    expect(dom.querySelector('em')?.textContent).toBe('emphasis');
    const link = dom.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(dom.querySelector('td')?.getAttribute('style')).toBe('text-align:left');
  });

  it('shows images as placeholders instead of fetching them', () => {
    const dom = parse(renderMarkdown('![A cat](/images/cat.jpg)'));
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('.image-placeholder')?.textContent).toBe('Image: A cat (/images/cat.jpg)');
  });

  it.each(xssCorpus.map((payload, index) => [index, payload] as const))('renders payload %i inert', (_index, payload) => {
    const dom = parse(renderMarkdown(payload));
    expect(dom.querySelector('script, iframe, object, embed, svg, math, form, style, img, video, audio')).toBeNull();
    for (const element of dom.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(false);
        if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name)) expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      }
      if (element.hasAttribute('style')) expect(element.getAttribute('style')).toMatch(/^text-align:(left|right|center)$/);
    }
  });
});
