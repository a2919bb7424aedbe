import { describe, expect, it } from 'vitest';
import { referencedMedia } from '../../../shared/pulls/draft-references';

const media = { directory: 'static/media', publicPath: '/media' };
/** The names a hostile or careless item could mention, and every name the tests reference. */
const candidates = [
  'cover.png',
  'og.png',
  'one.jpg',
  'two.jpg',
  'a.png',
  'b.pdf',
  'c.svg',
  'e f.png',
  'my photo.png',
  'x.png',
  'in-title.png',
  'in-note.png',
  'in-text.png',
  'in-text2.png',
  'in-code.png',
  'in-block.png',
  'in-html.png',
  'unused.png',
  'remote.png',
  'evil.png',
  'evil.png.bak',
  'z.png',
  'secrets.png',
].map((name) => `static/media/${name}`);
const refs = (text: string) => [...referencedMedia(text, media, candidates)].sort();

describe('referencedMedia: a real reference, not a substring', () => {
  it('finds field values at any depth, by public path, repository path or name in the media directory', () => {
    const text =
      '---\ncover: /media/cover.png\nseo:\n  image: static/media/og.png\ngallery:\n  - {caption: One, image: one.jpg}\n  - caption: Two\n    image: /media/two.jpg?v=2\n---\nBody.\n';
    expect(refs(text)).toEqual([
      'static/media/cover.png',
      'static/media/og.png',
      'static/media/one.jpg',
      'static/media/two.jpg',
    ]);
  });

  it('finds markdown image and link targets, inline and by reference definition, angle-bracketed and percent-encoded', () => {
    const text =
      '---\ntitle: T\n---\n![a](/media/a.png) and [the PDF](static/media/b.pdf "B").\n\n![c][logo] and <https://example.com/media/x.png>\n\n![d](</media/my photo.png>) ![e](/media/e%20f.png)\n\n[logo]: /media/c.svg\n';
    expect(refs(text)).toEqual([
      'static/media/a.png',
      'static/media/b.pdf',
      'static/media/c.svg',
      'static/media/e f.png',
      'static/media/my photo.png',
    ]);
  });

  it('ignores the path in a sentence, a code span or block, raw HTML, an unused definition, another host, a longer name, another directory', () => {
    const text = [
      '---',
      'title: "About /media/in-title.png"',
      'note: see static/media/in-note.png for details',
      '---',
      'The file /media/in-text.png and static/media/in-text2.png are mentioned.',
      '',
      '`![x](/media/in-code.png)`',
      '',
      '    ![x](/media/in-block.png)',
      '',
      '<img src="/media/in-html.png">',
      '',
      '[unused]: /media/unused.png',
      '',
      '![x](https://cdn.example/media/remote.png) ![y](/media/evil.png.bak) ![z](/other/z.png) ![w](/media/../secrets.png)',
      '',
    ].join('\n');
    expect(refs(text)).toEqual(['static/media/evil.png.bak']);
  });

  it('still reads the body when the frontmatter does not parse', () => {
    expect(refs('---\ntitle: [unclosed\n---\n![a](/media/a.png)\n')).toEqual([
      'static/media/a.png',
    ]);
  });
});
