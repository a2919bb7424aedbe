// @vitest-environment jsdom
import { DOMParser, DOMSerializer } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { fromRichText, toRichText } from '../../../web/src/lib/rich-text/document';
import { schema } from '../../../web/src/lib/rich-text/schema';

/** Copy and paste inside the rich-text editor go through the page's HTML: raw blocks and images must come back whole. */
describe('rich-text blocks through HTML (copy and paste)', () => {
  it('reads back raw blocks and images as they were written', () => {
    const body =
      'An ![old map](/media/map.png "The map") here.\n\n| a | b |\n|---|---|\n\n{{< note >}}\n';
    const { doc } = toRichText(body);
    const html = document.createElement('div');
    html.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
    const pasted = DOMParser.fromSchema(schema).parse(html);
    expect(pasted.eq(doc)).toBe(true);
    // Pasted nodes are new ones: written anew, and the same markdown all the same.
    expect(fromRichText(pasted, toRichText('').source)).toBe(
      'An ![old map](/media/map.png "The map") here.\n\n| a | b |\n|---|---|\n\n{{< note >}}\n',
    );
  });
});
