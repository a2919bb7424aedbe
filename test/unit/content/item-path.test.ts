import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../shared/errors';
import { itemPath, pathPatternProblem, slugOfPath } from '../../../shared/content/item-path';
import { listFiles } from '../../../shared/content/item-listing';
import {
  itemSlugProblem,
  nameOfEncodedSlug,
  slugOfName,
} from '../../../shared/content/slug-encoding';
import type { TreeEntry } from '../../../shared/ports/git-host';

const posts = { directory: 'content/posts' };
const bundles = { directory: 'content/posts', path: '{slug}/index.md' };
const blob = (name: string): TreeEntry => ({ name, type: 'blob', oid: 'a'.repeat(40) });

describe('item paths', () => {
  it('puts an item directly in its collection directory by default', () => {
    expect(itemPath(posts, 'hello')).toBe('content/posts/hello.md');
    expect(itemPath({ ...posts, path: '{slug}.mdx' }, 'hello')).toBe('content/posts/hello.mdx');
    expect(itemPath(bundles, 'hello')).toBe('content/posts/hello/index.md');
  });

  it.each(['..', '../x', 'a/b', '%2e%2e', '', '__2e', '__2e_2e', '__2f', '_hello', '_A'])(
    'refuses to build a path from %j',
    (slug) => {
      expect(() => itemPath(posts, slug)).toThrow(InvalidInputError);
    },
  );

  it.each([
    ['content/posts/hello.md', 'hello'],
    ['content/posts/2025-01-31-launch.md', '2025-01-31-launch'],
    ['content/posts/About-Us.md', '__41bout-_55s'],
    ['content/posts/_index.md', '__5findex'],
    ['content/posts/My Post.md', '__4dy_20_50ost'],
    ['content/posts/a.md.md', '_a_2emd'],
  ])('reads the slug of %j', (path, slug) => {
    expect(slugOfPath(posts, path)).toBe(slug);
    expect(itemPath(posts, slug)).toBe(path);
  });

  it.each([
    'content/posts/nested/hello.md',
    'content/posts/hello.markdown',
    'content/posts/hello.MD',
    'content/posts/.md',
    'content/posts-old/hello.md',
    'content/hello.md',
    'content/posts.md',
  ])('does not take %j for an item', (path) => {
    expect(slugOfPath(posts, path)).toBeUndefined();
  });

  it('reads page bundles by their folder', () => {
    expect(slugOfPath(bundles, 'content/posts/hello/index.md')).toBe('hello');
    expect(slugOfPath(bundles, 'content/posts/hello.md')).toBeUndefined();
    expect(slugOfPath(bundles, 'content/posts/a/b/index.md')).toBeUndefined();
    expect(slugOfPath(bundles, 'content/posts/hello/cover.md')).toBeUndefined();
  });
});

describe('encoded slugs', () => {
  it.each(['About-Us', '_index', 'My Post', 'Crème brûlée', '日本語', 'v1.2.lock', 'a..b'])(
    'round-trips %j through a slug safe in URLs and refs',
    (name) => {
      const served = slugOfName(name);
      if (!('slug' in served)) throw new Error(served.message);
      expect(served.slug).toMatch(/^_[a-z0-9_-]+$/);
      expect(nameOfEncodedSlug(served.slug)).toBe(name);
      expect(itemSlugProblem(served.slug)).toBeUndefined();
    },
  );

  it('serves a strict slug only under itself', () => {
    expect(slugOfName('hello')).toEqual({ slug: 'hello' });
    expect(nameOfEncodedSlug('_hello')).toBeUndefined();
    expect(nameOfEncodedSlug('__41')).toBe('A');
    expect(nameOfEncodedSlug('__4A')).toBeUndefined();
  });

  it('refuses names that are too long or unusable', () => {
    expect(slugOfName('É'.repeat(40))).toMatchObject({ problem: 'name-too-long' });
    expect(slugOfName('.git')).toMatchObject({ problem: 'invalid-name' });
    expect(slugOfName('a\\b')).toMatchObject({ problem: 'invalid-name' });
  });
});

describe('path patterns', () => {
  it.each([
    '{slug}.md',
    '{slug}.mdx',
    '{slug}.markdown',
    '{slug}/index.md',
    '{slug}/_index.md',
    '{slug}/index.mdx',
  ])('accepts %j', (pattern) => {
    expect(pathPatternProblem(pattern)).toBeUndefined();
  });

  it.each([
    [
      '../{slug}.md',
      'must not contain "." or ".." segments: items stay inside the collection directory',
    ],
    [
      '{slug}/../x.md',
      'must not contain "." or ".." segments: items stay inside the collection directory',
    ],
    ['/{slug}.md', 'must be relative to the collection directory (no leading "/")'],
    ['{slug}\\index.md', 'must use "/" as separator, not "\\"'],
    ['{slug}.txt', 'must end with .md, .mdx, .markdown'],
    ['index.md', 'must contain "{slug}" exactly once'],
    ['{slug}/{slug}.md', 'must contain "{slug}" exactly once'],
    ['{slug}/{lang}.md', 'may hold no placeholder but "{slug}"'],
    [
      'posts/{slug}.md',
      'must be "{slug}<extension>" or "{slug}/<file name><extension>" (e.g. "{slug}.mdx", "{slug}/index.md"); put fixed folders in "directory"',
    ],
    ['{slug}//index.md', 'must not contain empty segments ("//")'],
  ])('refuses %j', (pattern, problem) => {
    expect(pathPatternProblem(pattern)).toBe(problem);
  });
});

describe('listing', () => {
  it('lists every file it can serve and says why it leaves out the others', () => {
    const entries: TreeEntry[] = [
      blob('About-Us.md'),
      blob('cover.png'),
      blob('hello.md'),
      blob('intro.mdx'),
      { name: 'nested', type: 'tree', oid: 'b'.repeat(40) },
    ];
    const { files, skipped } = listFiles(posts, entries);
    expect(files.map((file) => file.slug)).toEqual(['__41bout-_55s', 'hello']);
    expect(skipped.map((entry) => [entry.path, entry.reason])).toEqual([
      ['content/posts/cover.png', 'not-markdown'],
      ['content/posts/intro.mdx', 'other-extension'],
      ['content/posts/nested', 'subfolder'],
    ]);
  });

  it('lists page bundles from the second level', () => {
    const entries: TreeEntry[] = [
      {
        name: 'hello',
        type: 'tree',
        oid: 'b'.repeat(40),
        entries: [blob('cover.png'), { ...blob('index.md'), oid: 'c'.repeat(40) }],
      },
      { name: 'empty', type: 'tree', oid: 'd'.repeat(40), entries: [blob('cover.png')] },
      blob('_index.md'),
    ];
    const { files, skipped } = listFiles(bundles, entries);
    expect(files).toEqual([
      { slug: 'hello', path: 'content/posts/hello/index.md', sha: 'c'.repeat(40), symlink: false },
    ]);
    expect(skipped.map((entry) => [entry.path, entry.reason])).toEqual([
      ['content/posts/empty', 'not-a-bundle'],
      ['content/posts/_index.md', 'not-a-bundle'],
    ]);
  });
});
