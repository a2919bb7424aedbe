import { describe, expect, it } from 'vitest';
import { mediaDirsOf, uploadTargetOf } from '../../../web/src/components/media/use-media-scope';
import { mediaPathOf } from '../../../shared/media/media-address';
import { formatBytes, markdownImage, mediaFileUrl } from '../../../web/src/lib/media-paths';

const media = [
  { directory: 'static/posts', publicPath: '/posts/img' },
  { directory: 'static/images', publicPath: '/images' },
];

describe('media paths of the editor', () => {
  it('maps a public path to the file of its media directory', () => {
    expect(mediaPathOf('/images/cover.png', media)).toBe('static/images/cover.png');
    expect(mediaPathOf('/posts/img/a%20b.png', media)).toBe('static/posts/a b.png');
    expect(mediaPathOf('/images/cover.png?v=2#top', media)).toBe('static/images/cover.png');
  });

  it('takes a repository path, or a name relative to the first media directory', () => {
    expect(mediaPathOf('static/images/cover.png', media)).toBe('static/images/cover.png');
    expect(mediaPathOf('cover.png', media)).toBe('static/posts/cover.png');
    expect(mediaPathOf('./cover.png', media)).toBe('static/posts/cover.png');
  });

  it('with publicPath "/" every absolute path is in the directory', () => {
    expect(mediaPathOf('/cover.png', [{ directory: 'public', publicPath: '/' }])).toBe(
      'public/cover.png',
    );
  });

  it('leaves out other hosts, schemes, traversal and paths outside every directory', () => {
    for (const src of [
      'https://example.com/a.png',
      '//example.com/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/elsewhere/a.png',
      '/images/../secret.png',
      '../a.png',
      '/images/',
      'a\\b.png',
      '',
      '/images/%zz.png',
    ]) {
      expect(mediaPathOf(src, media), src).toBeUndefined();
    }
    expect(mediaPathOf('cover.png', [])).toBeUndefined();
  });

  it('reads through the service with the repository, path and ref encoded', () => {
    expect(mediaFileUrl('owner/site', 'static/images/a b.png')).toBe(
      '/api/repos/owner%2Fsite/media/file?path=static%2Fimages%2Fa+b.png',
    );
    expect(mediaFileUrl('owner/site', 'static/images/a.png', 'cms/posts/hello')).toBe(
      '/api/repos/owner%2Fsite/media/file?path=static%2Fimages%2Fa.png&ref=cms%2Fposts%2Fhello',
    );
  });

  it('writes the markdown of an uploaded image, its alt text from the name', () => {
    expect(markdownImage('My [best] photo.jpg', '/images/my-best-photo.jpg')).toBe(
      '![My  best  photo](/images/my-best-photo.jpg)',
    );
    expect(markdownImage('a.png', '/images/with space.png')).toBe('![a](</images/with space.png>)');
  });

  it('says sizes in words', () => {
    expect([formatBytes(812), formatBytes(14_540), formatBytes(3_565_158)]).toEqual([
      '812 B',
      '14.2 KB',
      '3.4 MB',
    ]);
  });
});

describe('where an item’s uploads go', () => {
  const config = {
    name: 'Blog',
    media: { directory: 'static/images', publicPath: '/images' },
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        fields: [],
        workflow: { default: 'pr' as const },
      },
      pages: {
        label: 'Pages',
        directory: 'content/pages',
        fields: [],
        media: { directory: 'static/pages', publicPath: '/p' },
      },
    },
  };

  it('to the item’s draft in a pr collection, or when the item has a draft; else to the default branch', () => {
    expect(uploadTargetOf({ repo: 'o/r', config, collection: 'posts', slug: 'hello' })).toEqual({
      repo: 'o/r',
      collection: 'posts',
      draft: { collection: 'posts', slug: 'hello' },
    });
    expect(uploadTargetOf({ repo: 'o/r', config, collection: 'pages', slug: 'about' })).toEqual({
      repo: 'o/r',
      collection: 'pages',
      draft: undefined,
    });
    expect(
      uploadTargetOf({
        repo: 'o/r',
        config,
        collection: 'pages',
        slug: 'about',
        branch: 'cms/pages/about',
      }).draft,
    ).toEqual({ collection: 'pages', slug: 'about' });
    expect(
      uploadTargetOf({ repo: 'o/r', config, collection: 'posts', slug: undefined }).draft,
    ).toBeUndefined();
  });

  it('resolves paths with the collection’s own media directory first', () => {
    expect(mediaDirsOf(config, 'pages')).toEqual([
      { directory: 'static/pages', publicPath: '/p' },
      config.media,
    ]);
    expect(mediaDirsOf(config, 'posts')).toEqual([config.media]);
  });
});
