import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '../../../shared/content/config-read';
import { fieldValueProblem } from '../../../shared/content/field-value';
import { validateFrontmatter } from '../../../shared/content/validate-frontmatter';
import { mediaOf } from '../../../shared/media/media-config';

const base = {
  name: 'Blog',
  media: { directory: 'static/images/', publicPath: '/images/' },
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [
        { name: 'title', type: 'string', label: 'Title' },
        { name: 'cover', type: 'image', label: 'Cover' },
        { name: 'gallery', type: 'image[]', label: 'Gallery' },
        { name: 'attachment', type: 'file', label: 'Attachment' },
        { name: 'downloads', type: 'file[]', label: 'Downloads' },
      ],
    },
    docs: {
      label: 'Docs',
      directory: 'content/docs',
      media: { directory: 'static/docs', publicPath: '/docs' },
      fields: [],
    },
  },
};

const refusal = (config: unknown) => {
  try {
    parseCmsConfig(JSON.stringify(config));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('media in cms.config.json', () => {
  it('accepts a repository media directory, a collection override and the image and file types', () => {
    const config = parseCmsConfig(JSON.stringify(base));
    expect(config.media).toEqual({ directory: 'static/images', publicPath: '/images' });
    expect(mediaOf(config, 'posts')).toEqual({ directory: 'static/images', publicPath: '/images' });
    expect(mediaOf(config, 'docs')).toEqual({ directory: 'static/docs', publicPath: '/docs' });
    expect(mediaOf(config)).toEqual({ directory: 'static/images', publicPath: '/images' });
  });

  it('accepts "/" as the public path', () => {
    const config = parseCmsConfig(
      JSON.stringify({ ...base, media: { directory: 'public', publicPath: '/' } }),
    );
    expect(config.media?.publicPath).toBe('/');
  });

  it('refuses an image field without any media directory, naming the field', () => {
    const { media: _media, ...withoutMedia } = base;
    expect(refusal(withoutMedia)).toMatch(/collections\.posts\.fields\[1\]\.type.*media/);
  });

  it('refuses a media directory that leaves the repository and a public path that is not absolute', () => {
    expect(refusal({ ...base, media: { directory: '../secrets', publicPath: '/images' } })).toMatch(
      /media\.directory/,
    );
    expect(
      refusal({ ...base, media: { directory: 'static/images', publicPath: 'images' } }),
    ).toMatch(/media\.publicPath.*"\/"/);
    expect(
      refusal({ ...base, media: { directory: 'static/images', publicPath: '/a/../b' } }),
    ).toMatch(/media\.publicPath/);
    expect(refusal({ ...base, media: { directory: 'static/images' } })).toMatch(
      /media\.publicPath/,
    );
  });

  it('checks image and file values as path strings, naming the field', () => {
    expect(fieldValueProblem('image', '/images/a.png')).toBeUndefined();
    expect(fieldValueProblem('image[]', ['/images/a.png'])).toBeUndefined();
    expect(fieldValueProblem('file', 3)).toMatch(/path/);
    expect(fieldValueProblem('file[]', ['a', 1])).toMatch(/path strings/);
    const fields = parseCmsConfig(JSON.stringify(base)).collections.posts!.fields;
    expect(() => validateFrontmatter(fields, { cover: 12 }, { isCreate: true })).toThrow(/cover/);
  });
});
