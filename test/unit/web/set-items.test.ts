import { describe, expect, it } from 'vitest';
import type { ContentDiff } from '../../../shared/pulls/schemas';
import { setChangesOf, setHolding } from '../../../web/src/lib/set-items';

const diff = (change: Partial<ContentDiff> & Pick<ContentDiff, 'collection' | 'slug'>) =>
  ({
    type: 'modified',
    frontmatter: { fields: [] },
    body: { oldBody: '', newBody: '' },
    ...change,
  }) as ContentDiff;

describe("a change set's page", () => {
  it("groups items by collection in the configuration's order, each with its kind, media apart", () => {
    // Prepare: a set's diff as the service answers it (by path), collections interleaved.
    const diffs = [
      diff({ collection: 'tags', slug: 'spring' }),
      diff({ collection: 'posts', slug: 'launch', type: 'added' }),
      diff({ collection: 'authors', slug: 'alice' }),
      diff({ collection: 'posts', slug: 'old', type: 'deleted' }),
      diff({ collection: 'posts', slug: 'moved', type: 'added', previousSlug: 'was' }),
      diff({
        collection: '',
        slug: '',
        path: 'static/media/hero.png',
        file: { status: 'added', binary: true },
      }),
    ];

    // Act
    const { groups, media } = setChangesOf({ diffs, collections: ['posts', 'pages', 'authors'] });

    // Assess
    expect(
      groups.map((group) => [
        group.collection,
        group.items.map((item) => `${item.slug}:${item.kind}`),
      ]),
    ).toEqual([
      ['posts', ['launch:new', 'old:deleted', 'moved:renamed']],
      ['authors', ['alice:edit']],
      ['tags', ['spring:edit']],
    ]);
    expect(media.map((file) => file.path)).toEqual(['static/media/hero.png']);
  });
});

describe('the set holding an item', () => {
  const sets = [
    { set: 'launch', title: 'Launch', number: 4, items: [{ collection: 'posts', slug: 'a' }] },
    { set: 'docs', title: 'Docs', number: 7, items: [{ collection: 'authors', slug: 'a' }] },
  ];

  it('is the set whose items name the collection and the slug both', () => {
    expect(setHolding(sets, { collection: 'authors', slug: 'a' })).toEqual({
      name: 'docs',
      title: 'Docs',
      number: 7,
    });
  });

  it('is none when no set holds the item', () => {
    expect(setHolding(sets, { collection: 'posts', slug: 'b' })).toBeUndefined();
  });
});
