// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionConfig } from '../../../shared/content/config-schema';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { ItemListPage } from '../../../web/src/components/items/item-list-page';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/**
 * The list reads like the site: titles (else real file names) instead of encoded slugs, the sort
 * in use named, a collection without a date sorted by title, and a draft's rename and schedule on
 * its rows.
 */
const docs: CollectionConfig = {
  label: 'Docs',
  directory: 'content/docs',
  fields: [
    { name: 'title', type: 'string', label: 'Title' },
    { name: 'weight', type: 'number', label: 'Weight' },
  ],
};
const doc = (slug: string, file: string, title?: string) => ({
  slug,
  path: `content/docs/${file}`,
  sha: 'a'.repeat(40),
  frontmatter: title === undefined ? {} : { title },
});
const renamed: PullRequestSummary = {
  number: 12,
  title: 'Rename “Hello, world” to hello-again',
  branch: 'cms/posts/hello-again',
  state: 'open',
  merged: false,
  createdAt: '2024-06-01T00:00:00Z',
  updatedAt: '2024-06-01T00:00:00Z',
  collection: 'posts',
  slug: 'hello-again',
  author: 'demo',
  draft: false,
  mergeable: true,
};
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
const zone = process.env.TZ;
let asked: string[] = [];

beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
  asked = [];
  // jsdom lays nothing out: the virtual list is given room for its rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'https://cms.example');
    asked.push(url.pathname);
    if (url.pathname.endsWith('/schedules'))
      return json({
        schedules: [
          {
            id: 's1',
            action: 'publish',
            pull: 12,
            at: '2030-05-01T07:30:00.000Z',
            state: 'pending',
            createdBy: 'demo',
            createdAt: '2026-11-25T10:00:00Z',
          },
        ],
      });
    if (url.pathname.endsWith('/pulls/12/diff'))
      return json([
        {
          collection: 'posts',
          slug: 'hello-again',
          type: 'modified',
          frontmatter: {
            fields: [{ name: 'title', oldValue: 'Hello', newValue: 'Hello, world', changed: true }],
          },
          body: { oldBody: '', newBody: '' },
          path: 'content/posts/hello-again.md',
          previousSlug: 'hello',
          previousPath: 'content/posts/hello.md',
        },
      ]);
    if (url.pathname.endsWith('/content/docs'))
      return json(
        [
          doc('__5findex', '_index.md'),
          doc('_1_2e0-_54imeline', '1.0-Timeline.md', 'Timeline of 1.0'),
          doc('__43argo', 'Cargo/index.md', 'Cargo'),
        ],
        { 'x-total-count': '3' },
      );
    return json(
      [
        {
          slug: 'hello',
          path: 'content/posts/hello.md',
          sha: 'b'.repeat(40),
          frontmatter: { title: 'Hello, world', date: '2024-02-14' },
        },
      ],
      { 'x-total-count': '1' },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const show = (collection: string, pulls: PullRequestSummary[] = []) =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/blog',
          config: { name: 'Blog', collections: { posts, docs } },
          pulls: { status: 'ready', data: pulls },
          reloadPulls: () => {},
        }}
      >
        <ItemListPage collection={collection} />
      </RepoContext.Provider>
    </RouterProvider>,
  );
const rowTexts = (selector: string) =>
  [...screen.getByRole('list', { name: 'Items' }).querySelectorAll(selector)].map(
    (node) => node.textContent,
  );

describe('a list that reads like the site', () => {
  it('shows titles, else real file names, never encoded slugs; without a date it is sorted by title and says so', async () => {
    show('docs');
    await screen.findByText('Timeline of 1.0');
    expect(rowTexts('.item-title')).toEqual(['_index.md', 'Cargo', 'Timeline of 1.0']);
    expect(rowTexts('.item-file')).toEqual(['_index.md', 'Cargo/index.md', '1.0-Timeline.md']);
    const list = screen.getByRole('list', { name: 'Items' });
    expect(list.textContent).not.toMatch(/__5findex|__43argo|_1_2e0/);
    // The encoded slug stays in the link.
    expect(within(list).getByRole('link', { name: /Cargo/ }).getAttribute('href')).toContain(
      '__43argo',
    );
    expect(screen.getByRole('status').textContent).toBe('3 items · sorted by title, A–Z');
    const sort = screen.getByLabelText('Sort') as HTMLSelectElement;
    expect([...sort.options].map((option) => option.text)).toEqual(['Title, A–Z']);
    expect(list.querySelector('.item-date')).toBeNull();
  });

  it('starts a dated collection newest first, and names it', async () => {
    show('posts');
    await screen.findByText('Hello, world');
    expect(screen.getByRole('status').textContent).toBe('1 items · sorted by date, newest first');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('date-desc');
  });

  it('lists a renamed draft under its own title, marks the rename on both rows and says when it publishes, in local time', async () => {
    show('posts', [renamed]);
    const badge = await screen.findByText('Renamed from hello.md');
    const row = badge.closest('li')!;
    expect(row.querySelector('.item-title')!.textContent).toBe('Hello, world');
    expect(row.querySelector('.item-file')!.textContent).toBe('hello-again.md');
    expect(row.textContent).not.toContain('Rename “Hello, world”');
    expect(within(row).queryByText('New')).toBeNull();
    expect(within(row).getByTestId('scheduled-badge').textContent).toMatch(
      /^Publishes .*09:30.*\(Europe\/Berlin\)$/,
    );
    expect(screen.getByText('Renaming to hello-again.md').closest('li')!.textContent).toContain(
      'hello.md',
    );
    // One diff for the one draft-only item.
    expect(asked.filter((path) => path.endsWith('/diff'))).toHaveLength(1);
  });
});
