import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/content/schemas';
import type { ContentDiff, PullRequestSummary } from '../../../shared/pulls/schemas';
import { draftItemOf } from '../../../web/src/lib/draft-item';
import { defaultSortOf, queryRows, sortWords, toRows } from '../../../web/src/lib/item-query';
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
const posts = { fields: postFields, directory: 'content/posts', collection: 'posts' };
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
    const [row] = toRows({ ...posts, items: [broken], pulls: [] });
    expect(row?.problem).toEqual(broken.problem);
    expect(
      toRows({ ...posts, items: [item('fine', { title: 'Fine' })], pulls: [] })[0],
    ).not.toHaveProperty('problem');
  });
});

describe('a row whose fields fail the checks', () => {
  it('carries the problems, and the filter "Failing checks" keeps it and an unreadable file alone', () => {
    const failing: ContentItem = {
      ...item('failing', { title: 'Failing' }),
      problems: { count: 2, first: 'frontmatter.date: Required' },
    };
    const broken: ContentItem = {
      ...item('broken', {}),
      problem: { code: 'invalid-frontmatter', message: 'frontmatter: invalid YAML' },
    };
    const rows = toRows({ ...posts, items: [...items, failing, broken], pulls: [] });
    expect(rows.find((row) => row.slug === 'failing')?.problems).toEqual(failing.problems);
    expect(queryRows(rows, '', 'title', 'problems').map((row) => row.slug)).toEqual([
      'broken',
      'failing',
    ]);
  });
});

describe('the item list’s rows', () => {
  const rows = toRows({
    ...posts,
    items,
    pulls: [pull, created, { ...pull, collection: 'pages' }],
  });

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
    const states = toRows({
      ...posts,
      items,
      pulls: [
        { ...pull, draft: true },
        { ...pull, number: 9, slug: 'roadmap', draft: false, mergeable: true },
        { ...created, draft: false, mergeable: null },
      ],
    }).map((row) => [row.slug, row.review?.state]);
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
    expect(toRows({ ...posts, items, pulls: [deletions] }).map((row) => row.slug)).toEqual([
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

describe('rows that read like the site', () => {
  it('shows the title field, else the first heading, else the real file name: never the encoded slug', () => {
    const rows = toRows({
      ...posts,
      items: [
        { ...item('__5findex', {}), path: 'content/posts/_index.md' },
        { ...item('rust-at-one-year', {}), path: 'content/posts/rust-at-one-year/index.md' },
        {
          ...item('__43argo', {}),
          path: 'content/posts/Cargo.md',
          heading: 'Cargo, the package manager',
        },
        {
          ...item('_1_2e0-_54imeline', { title: '1.0 Timeline' }),
          path: 'content/posts/1.0-Timeline.md',
        },
      ],
      pulls: [],
    });
    expect(rows.map((row) => [row.title, row.fileName])).toEqual([
      ['_index.md', '_index.md'],
      ['rust-at-one-year/index.md', 'rust-at-one-year/index.md'],
      ['Cargo, the package manager', 'Cargo.md'],
      ['1.0 Timeline', '1.0-Timeline.md'],
    ]);
    expect(queryRows(rows, 'timeline.md', 'title', 'all').map((row) => row.title)).toEqual([
      '1.0 Timeline',
    ]);
  });

  it('starts sorted by date, newest first, when the collection has a date, else by title', () => {
    expect(defaultSortOf(postFields)).toBe('date-desc');
    expect(defaultSortOf([{ name: 'when', type: 'datetime', label: 'When' }])).toBe('date-desc');
    expect(defaultSortOf([{ name: 'title', type: 'string', label: 'Title' }])).toBe('title');
    expect(sortWords[defaultSortOf([])]).toBe('title, A–Z');
  });

  it('lists a renamed or duplicated draft under its own title, marks the rename on both rows, and says when it is scheduled', () => {
    const renamed: PullRequestSummary = {
      ...pull,
      number: 11,
      title: 'Rename “Hello, world” to hello-again',
      branch: 'cms/posts/hello-again',
      slug: 'hello-again',
    };
    const copy: PullRequestSummary = {
      ...pull,
      number: 12,
      title: 'Duplicate “Roadmap” as roadmap-2025',
      branch: 'cms/posts/roadmap-2025',
      slug: 'roadmap-2025',
    };
    const rows = toRows({
      ...posts,
      items,
      pulls: [renamed, copy],
      drafts: new Map([
        [11, { title: 'Hello, world', fileName: 'hello-again.md', renamedFrom: 'hello.md' }],
        [12, { title: 'Roadmap 2025', fileName: 'roadmap-2025.md' }],
      ]),
      publishAt: new Map([[11, '2030-05-01T07:30:00.000Z']]),
    });
    expect(
      rows.map((row) => [row.title, row.fileName, row.isNew, row.rename, row.publishAt]),
    ).toEqual([
      ['Hello, world', 'hello.md', false, { to: 'hello-again.md' }, undefined],
      ['Roadmap', 'roadmap.md', false, undefined, undefined],
      ['About dates', 'undated.md', false, undefined, undefined],
      ['Hello, world', 'hello-again.md', false, { from: 'hello.md' }, '2030-05-01T07:30:00.000Z'],
      ['Roadmap 2025', 'roadmap-2025.md', true, undefined, undefined],
    ]);
  });

  it('reads a draft-only item’s title, file and rename source from its draft’s diff', () => {
    const diff = (over: Partial<ContentDiff>): ContentDiff => ({
      collection: 'posts',
      slug: 'hello-again',
      type: 'modified',
      frontmatter: {
        fields: [
          { name: 'title', oldValue: 'Hello', newValue: 'Hello, again', changed: true },
          { name: 'date', newValue: '2024-02-14', changed: true },
        ],
      },
      body: { oldBody: '', newBody: 'Hi.\n' },
      path: 'content/posts/hello-again.md',
      ...over,
    });
    const at = { fields: postFields, directory: 'content/posts' };
    expect(
      draftItemOf({
        ...at,
        diffs: [diff({ previousSlug: 'hello', previousPath: 'content/posts/hello.md' })],
        pull: { collection: 'posts', slug: 'hello-again' },
      }),
    ).toEqual({ title: 'Hello, again', fileName: 'hello-again.md', renamedFrom: 'hello.md' });
    expect(
      draftItemOf({
        ...at,
        diffs: [diff({ type: 'added' })],
        pull: { collection: 'posts', slug: 'hello-again' },
      }),
    ).toEqual({ title: 'Hello, again', fileName: 'hello-again.md' });
    expect(
      draftItemOf({ ...at, diffs: [diff({})], pull: { collection: 'posts', slug: 'other' } }),
    ).toBeUndefined();
    expect(
      draftItemOf({
        ...at,
        diffs: [diff({ type: 'deleted' })],
        pull: { collection: 'posts', slug: 'hello-again' },
      }),
    ).toEqual({ title: 'Hello', fileName: 'hello-again.md', deleted: true });
  });
});
