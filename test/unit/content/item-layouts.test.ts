import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../../shared/errors';
import { parseCmsConfig, readCmsConfig } from '../../../shared/content/config-read';
import {
  foundItemFile,
  itemFileRequests,
  newItemPattern,
} from '../../../shared/content/item-files';
import { listFiles } from '../../../shared/content/item-listing';
import {
  itemPath,
  itemPaths,
  patternOfPath,
  slugOfPath,
  treeDepthOf,
} from '../../../shared/content/item-path';
import { collectionsOverlap, overlapOf } from '../../../shared/content/pattern-overlap';
import type { BlobText, TreeEntry } from '../../../shared/ports/git-host';

const mixed = {
  directory: 'content/blog',
  path: ['{slug}.md', '{slug}.mdx', '{slug}/index.md', '{slug}/index.mdx'],
};
const blob = (name: string, oid = 'a'.repeat(40)): TreeEntry => ({ name, type: 'blob', oid });
const folder = (name: string, ...entries: TreeEntry[]): TreeEntry => ({
  name,
  type: 'tree',
  oid: 'f'.repeat(40),
  entries,
});
const text = (oid: string): BlobText => ({
  oid,
  text: '---\n---\n',
  isTruncated: false,
  byteSize: 8,
});

describe('a collection of several layouts', () => {
  it('puts a new item under its first pattern, or the one named', () => {
    expect(itemPath(mixed, 'hello')).toBe('content/blog/hello.md');
    expect(itemPath(mixed, 'hello', '{slug}/index.mdx')).toBe('content/blog/hello/index.mdx');
    expect(itemPaths(mixed, 'hello')).toEqual([
      'content/blog/hello.md',
      'content/blog/hello.mdx',
      'content/blog/hello/index.md',
      'content/blog/hello/index.mdx',
    ]);
    expect(treeDepthOf(mixed)).toBe(2);
    expect(treeDepthOf({ directory: 'docs', path: ['{slug}.md', '{slug}.mdx'] })).toBe(1);
  });

  it('reads the slug and the pattern of a file of any layout', () => {
    expect(slugOfPath(mixed, 'content/blog/a.mdx')).toBe('a');
    expect(slugOfPath(mixed, 'content/blog/rust-at-one-year/index.md')).toBe('rust-at-one-year');
    expect(patternOfPath(mixed, 'content/blog/a/index.mdx')).toBe('{slug}/index.mdx');
    expect(slugOfPath(mixed, 'content/blog/a/cover.md')).toBeUndefined();
    expect(slugOfPath(mixed, 'content/blog/a.markdown')).toBeUndefined();
  });

  it('refuses a pattern the collection does not have, naming the ones it has', () => {
    expect(newItemPattern(mixed, undefined)).toBe('{slug}.md');
    expect(newItemPattern(mixed, '{slug}/index.md')).toBe('{slug}/index.md');
    expect(() => newItemPattern(mixed, '{slug}.markdown')).toThrow(
      'path: "{slug}.markdown" is not one of this collection\'s patterns ("{slug}.md", "{slug}.mdx", "{slug}/index.md", "{slug}/index.mdx")',
    );
  });

  it('lists single files and bundles side by side, and both files of a slug given twice', () => {
    const { files, skipped } = listFiles(mixed, [
      blob('first.md', '1'.repeat(40)),
      blob('second.mdx', '2'.repeat(40)),
      folder('third', blob('cover.png'), blob('index.md', '3'.repeat(40))),
      blob('twice.md'),
      folder('twice', blob('index.md')),
      folder('empty', blob('cover.png')),
      blob('notes.txt'),
    ]);
    expect(files.map((file) => [file.slug, file.path])).toEqual([
      ['first', 'content/blog/first.md'],
      ['second', 'content/blog/second.mdx'],
      ['third', 'content/blog/third/index.md'],
    ]);
    expect(skipped.map((entry) => [entry.path, entry.reason])).toEqual([
      ['content/blog/empty', 'not-a-bundle'],
      ['content/blog/notes.txt', 'not-markdown'],
      ['content/blog/twice.md', 'duplicate-slug'],
      ['content/blog/twice/index.md', 'duplicate-slug'],
    ]);
    expect(skipped[2]!.message).toBe(
      'content/blog/twice.md and content/blog/twice/index.md both give the slug "twice"; rename or delete all but one of them (the CMS shows neither until then)',
    );
  });

  it('finds an item under whichever layout holds it, and refuses one held twice by name', () => {
    const requests = itemFileRequests({
      collection: mixed,
      slug: 'a',
      key: 'file',
      ref: 'cms/blog/a',
    });
    expect(Object.values(requests)).toEqual(
      itemPaths(mixed, 'a').map((path) => ({ path, ref: 'cms/blog/a' })),
    );
    expect(
      foundItemFile({
        collection: mixed,
        slug: 'a',
        blobs: { file2: text('3'.repeat(40)) },
        key: 'file',
      }),
    ).toEqual({
      path: 'content/blog/a/index.md',
      blob: text('3'.repeat(40)),
    });
    expect(foundItemFile({ collection: mixed, slug: 'a', blobs: {}, key: 'file' })).toBeUndefined();
    const twice = () =>
      foundItemFile({
        collection: mixed,
        slug: 'a',
        blobs: { file0: text('1'.repeat(40)), file3: text('2'.repeat(40)) },
        key: 'file',
      });
    expect(twice).toThrow(ConflictError);
    expect(twice).toThrow(
      'content/blog/a.md and content/blog/a/index.mdx both give the slug "a"; rename or delete all but one of them, then try again',
    );
  });
});

describe('collections sharing a directory', () => {
  it.each([
    ['{slug}.md', '{slug}/index.md', undefined],
    ['{slug}.md', '{slug}.mdx', undefined],
    ['{slug}.md', '{slug}.md', 'content/x.md'],
    ['{slug}/index.md', '{slug}/index.md', 'content/x/index.md'],
    ['{slug}/index.md', '{slug}/_index.md', undefined],
  ])('%j and %j overlap at %j', (a, b, file) => {
    expect(overlapOf(`content/${a}`, `content/${b}`)).toBe(file);
  });

  it('finds the file a bundle collection and a nested single-file collection both claim', () => {
    expect(
      collectionsOverlap(
        { directory: 'content', path: '{slug}/index.md' },
        { directory: 'content/posts' },
      ),
    ).toBe('content/posts/index.md');
  });

  it('names a file both collections serve exactly when they overlap', () => {
    const segment = fc.constantFrom('a', 'b', 'index.md', 'x.md');
    const pattern = fc.constantFrom(
      '{slug}.md',
      '{slug}.mdx',
      '{slug}.markdown',
      '{slug}/index.md',
      '{slug}/_index.md',
      '{slug}/index.mdx',
    );
    const collection = fc.record({
      directory: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')),
      path: pattern,
    });
    fc.assert(
      fc.property(collection, collection, fc.constantFrom('p', 'index', 'x', 'a'), (a, b, slug) => {
        const file = collectionsOverlap(a, b);
        if (file !== undefined) {
          expect(slugOfPath(a, file)).toBeDefined();
          expect(slugOfPath(b, file)).toBeDefined();
        }
        // Any file of `a` that `b` serves too is an overlap the check must have seen.
        if (slugOfPath(b, itemPath(a, slug)) !== undefined) expect(file).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('a config with an invalid collection', () => {
  const config = (collections: Record<string, unknown>) =>
    JSON.stringify({ name: 'Site', collections });
  const fields = [{ name: 'title', type: 'string', label: 'Title' }];

  it('leaves the invalid collection out with its problem and keeps the others', () => {
    const read = readCmsConfig(
      config({
        posts: { label: 'Posts', directory: 'content/posts', fields },
        pages: { label: 'Pages', directory: 'content/pages', path: ['{slug}.md', 'x.md'], fields },
      }),
    );
    expect(Object.keys(read.collections)).toEqual(['posts']);
    expect(read.problems).toEqual({
      pages: 'collections.pages.path[1]: must contain "{slug}" exactly once',
    });
  });

  it('reports both collections that claim the same files, and a relation to one of them', () => {
    const read = readCmsConfig(
      config({
        blog: { label: 'Blog', directory: 'content/blog', fields },
        bundles: { label: 'Bundles', directory: 'content/blog', path: '{slug}/index.md', fields },
        notes: {
          label: 'Notes',
          directory: 'content/blog',
          path: ['{slug}.mdx', '{slug}.md'],
          fields,
        },
        links: {
          label: 'Links',
          directory: 'content/links',
          fields: [{ name: 'note', type: 'relation', label: 'Note', collection: 'notes' }],
        },
      }),
    );
    expect(Object.keys(read.collections)).toEqual(['bundles']);
    expect(read.problems).toEqual({
      blog: 'collections.blog.directory: collection "notes" can claim the same files (e.g. content/blog/x.md); give the two collections other directories, or "path" patterns that cannot match one file',
      notes:
        'collections.notes.path: collection "blog" can claim the same files (e.g. content/blog/x.md); give the two collections other directories, or "path" patterns that cannot match one file',
      links: `collections.links.fields[0].collection: collection "notes" is invalid itself (collections.notes.path: collection "blog" can claim the same files (e.g. content/blog/x.md); give the two collections other directories, or "path" patterns that cannot match one file)`,
    });
  });

  it('still refuses a problem of the whole file, and the strict read any problem', () => {
    expect(() => readCmsConfig('{"name":"","collections":{}}')).toThrow(
      'cms.config.json: name: must not be empty',
    );
    expect(() =>
      parseCmsConfig(
        config({ posts: { label: 'Posts', directory: 'content/posts', path: [], fields } }),
      ),
    ).toThrow('cms.config.json: collections.posts.path: must list at least one pattern');
  });

  it.each([
    [['{slug}.md', '{slug}.md'], 'collections.posts.path[1]: "{slug}.md" is listed twice'],
    [
      Array.from({ length: 9 }, (_, n) => `{slug}/i${n}.md`),
      'collections.posts.path: must list at most 8 patterns',
    ],
    [3, 'collections.posts.path: expected a pattern such as "{slug}.md", or a list of 1 to 8'],
    [
      'posts/{slug}.md',
      'collections.posts.path: must be "{slug}<extension>" or "{slug}/<file name><extension>" (e.g. "{slug}.mdx", "{slug}/index.md"); put fixed folders in "directory"',
    ],
  ])('names the problem of path %j', (path, problem) => {
    expect(
      readCmsConfig(config({ posts: { label: 'Posts', directory: 'content/posts', path, fields } }))
        .problems,
    ).toEqual({ posts: problem });
  });
});
