import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/content/schemas';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { queryRows, toRows } from '../../../web/src/lib/item-query';
import { postFields } from './fixtures';

const item = (slug: string, frontmatter: Record<string, unknown>): ContentItem => ({
  slug,
  path: `content/posts/${slug}.md`,
  sha: 'a'.repeat(40),
  frontmatter,
});
const items = [
  item('hello', { title: 'Hello, world', date: '2024-02-14', description: 'Why this blog exists' }),
  item('roadmap', { title: 'Roadmap', date: '2024-05-06', draft: true }),
  item('undated', { title: 'About dates' }),
];
const pull: PullRequestSummary = {
  number: 7,
  title: 'Update “Hello, world”',
  branch: 'cms/posts/hello',
  state: 'open',
  merged: false,
  createdAt: '2024-06-01T00:00:00Z',
  updatedAt: '2024-06-01T00:00:00Z',
  collection: 'posts',
  slug: 'hello',
  author: 'demo',
};
const created: PullRequestSummary = {
  ...pull,
  number: 8,
  title: 'Create “Brand new”',
  branch: 'cms/posts/brand-new',
  slug: 'brand-new',
};

describe('a row of a file that cannot be edited as fields', () => {
  it('carries the problem, so the list can mark it', () => {
    const broken: ContentItem = {
      ...item('broken', {}),
      problem: {
        code: 'invalid-frontmatter',
        message: 'frontmatter: invalid YAML at line 2',
        line: 2,
      },
    };
    const [row] = toRows(postFields, [broken], [], 'posts');
    expect(row?.problem).toEqual(broken.problem);
    expect(
      toRows(postFields, [item('fine', { title: 'Fine' })], [], 'posts')[0],
    ).not.toHaveProperty('problem');
  });
});

describe('the item list’s rows', () => {
  const rows = toRows(
    postFields,
    items,
    [pull, created, { ...pull, collection: 'pages' }],
    'posts',
  );

  it('carries title, date, draft and review badges, and lists items that exist only as drafts', () => {
    expect(
      rows.map((row) => [row.slug, row.date, row.isDraft, row.review?.number, row.isNew]),
    ).toEqual([
      ['hello', '2024-02-14', false, 7, false],
      ['roadmap', '2024-05-06', true, undefined, false],
      ['undated', undefined, false, undefined, false],
      ['brand-new', undefined, false, 8, true],
    ]);
  });

  it('names a change request’s state as the board does, not "In review" for every one', () => {
    const states = toRows(
      postFields,
      items,
      [
        { ...pull, draft: true },
        { ...pull, number: 9, slug: 'roadmap', draft: false, mergeable: true },
        { ...created, draft: false, mergeable: null },
      ],
      'posts',
    ).map((row) => [row.slug, row.review?.state]);
    expect(states).toEqual([
      ['hello', 'In progress'],
      ['roadmap', 'Ready to publish'],
      ['undated', undefined],
      ['brand-new', 'In review'],
    ]);
  });

  it('gives each item its sha for selection, none to a draft-only item, and lists no row for a draft deleting several items', () => {
    expect(rows.map((row) => row.sha)).toEqual([
      'a'.repeat(40),
      'a'.repeat(40),
      'a'.repeat(40),
      undefined,
    ]);
    const deletions: PullRequestSummary = {
      ...pull,
      number: 9,
      branch: 'cms/posts/_deletions',
      slug: '_deletions',
    };
    expect(toRows(postFields, items, [deletions], 'posts').map((row) => row.slug)).toEqual([
      'hello',
      'roadmap',
      'undated',
    ]);
  });

  it('searches title, slug and description, every word', () => {
    expect(queryRows(rows, 'blog exists', 'title', 'all').map((row) => row.slug)).toEqual([
      'hello',
    ]);
    expect(queryRows(rows, 'ROAD', 'title', 'all').map((row) => row.slug)).toEqual(['roadmap']);
  });

  it('sorts by date either way with undated items last, or by title', () => {
    expect(queryRows(rows, '', 'date-desc', 'all').map((row) => row.slug)).toEqual([
      'roadmap',
      'hello',
      'undated',
      'brand-new',
    ]);
    expect(queryRows(rows, '', 'date-asc', 'all').map((row) => row.slug)).toEqual([
      'hello',
      'roadmap',
      'undated',
      'brand-new',
    ]);
    expect(queryRows(rows, '', 'title', 'all').map((row) => row.slug)).toEqual([
      'undated',
      'brand-new',
      'hello',
      'roadmap',
    ]);
  });

  it('filters published, draft and in-review items', () => {
    expect(queryRows(rows, '', 'title', 'published').map((row) => row.slug)).toEqual([
      'undated',
      'hello',
    ]);
    expect(queryRows(rows, '', 'title', 'draft').map((row) => row.slug)).toEqual(['roadmap']);
    expect(queryRows(rows, '', 'title', 'review').map((row) => row.slug)).toEqual([
      'brand-new',
      'hello',
    ]);
  });
});
