// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { CommandPalette } from '../../../web/src/components/repos/command-palette';
import { matchEntries, paletteEntries } from '../../../web/src/lib/palette-entries';

afterEach(cleanup);

const config = {
  name: 'Demo',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'title', type: 'string', label: 'Title' }],
    },
    pages: {
      label: 'Pages',
      directory: 'content/pages',
      fields: [{ name: 'title', type: 'string', label: 'Title' }],
    },
  },
} as unknown as CmsConfig;

const entries = paletteEntries('demo/blog', config, [
  {
    collection: 'posts',
    items: [
      { slug: 'hello-world', frontmatter: { title: 'Hello, world' } },
      { slug: 'roadmap', frontmatter: { title: 'What comes next' } },
    ],
  },
  { collection: 'pages', items: [{ slug: 'about', frontmatter: {} }] },
  { collection: 'gone', items: [{ slug: 'x', frontmatter: { title: 'Not in the config' } }] },
]);

describe('what the palette offers', () => {
  it('names an item by its real file name, never its encoded slug, which stays in the route', () => {
    const [index, timeline] = paletteEntries('demo/blog', config, [
      {
        collection: 'pages',
        items: [
          { slug: '__5findex', path: 'content/pages/_index.md', frontmatter: {} },
          {
            slug: '_1_2e0-_54imeline',
            path: 'content/pages/1.0-Timeline/index.md',
            frontmatter: { title: 'Timeline' },
          },
        ],
      },
    ]).filter((entry) => entry.kind === 'item');
    expect([index?.label, index?.detail]).toEqual(['_index.md', 'Pages · _index.md']);
    expect([timeline?.label, timeline?.detail]).toEqual([
      'Timeline',
      'Pages · 1.0-Timeline/index.md',
    ]);
    expect(index?.to).toEqual({
      name: 'item',
      repo: 'demo/blog',
      collection: 'pages',
      slug: '__5findex',
    });
  });

  it('lists the actions, then every item by title (the slug when there is none)', () => {
    expect(entries.map((entry) => entry.label)).toEqual([
      'New posts',
      'New pages',
      'Reviews',
      'Switch repository',
      'Hello, world',
      'What comes next',
      'about',
    ]);
    expect(entries.find((entry) => entry.label === 'What comes next')?.to).toEqual({
      name: 'item',
      repo: 'demo/blog',
      collection: 'posts',
      slug: 'roadmap',
    });
    expect(entries[0]?.to).toEqual({ name: 'new-item', repo: 'demo/blog', collection: 'posts' });
  });

  it('matches every word anywhere, by title or slug, titles starting with the query first', () => {
    expect(matchEntries(entries, 'roadmap').map((entry) => entry.label)).toEqual([
      'What comes next',
    ]);
    expect(matchEntries(entries, 'world hello').map((entry) => entry.label)).toEqual([
      'Hello, world',
    ]);
    expect(matchEntries(entries, 'new').map((entry) => entry.label)).toEqual([
      'New posts',
      'New pages',
    ]);
    expect(matchEntries(entries, 'po').map((entry) => entry.label)).toEqual([
      'New posts',
      'Switch repository',
      'Hello, world',
      'What comes next',
    ]);
    expect(matchEntries(entries, 'what').map((entry) => entry.label)).toEqual(['What comes next']);
    expect(matchEntries(entries, 'PAGES').map((entry) => entry.label)).toEqual([
      'New pages',
      'about',
    ]);
    expect(matchEntries(entries, 'nothing like this')).toEqual([]);
    expect(matchEntries(entries, '', 2)).toHaveLength(2);
  });
});

describe('the palette from the keyboard', () => {
  it('filters as you type, moves with the arrows and opens with Enter', () => {
    const onPick = vi.fn();
    render(<CommandPalette entries={entries} loading={false} onPick={onPick} onClose={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Item title, slug or action' });
    fireEvent.change(input, { target: { value: 'posts' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'New postsAction · Posts',
      'Hello, worldPosts · hello-world',
      'What comes nextPosts · roadmap',
    ]);
    expect(screen.getByRole('status').textContent).toBe('3 matches');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const selected = screen.getByRole('option', { selected: true });
    expect(selected.textContent).toMatch(/^What comes next/);
    expect(input.getAttribute('aria-activedescendant')).toBe(selected.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps to the first
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // and back to the last
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ label: 'What comes next' }));
  });

  it('says when nothing matches, and while items are loading or could not be loaded', () => {
    const { rerender } = render(
      <CommandPalette entries={entries.slice(0, 4)} loading onPick={() => {}} onClose={() => {}} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading items…');
    rerender(
      <CommandPalette
        entries={entries.slice(0, 4)}
        loading={false}
        error="GitHub did not answer in time"
        onPick={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Items could not be loaded: GitHub did not answer in time',
    );
    rerender(
      <CommandPalette entries={entries} loading={false} onPick={() => {}} onClose={() => {}} />,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('Nothing matches.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
