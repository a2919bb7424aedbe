// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionConfig } from '../../../shared/content/config-schema';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { ItemEditor } from '../../../web/src/components/editor/item-editor';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** Publish in the editor, for an item with a change request, asks the review page's question first. */
const pages: CollectionConfig = { ...posts, label: 'Pages', directory: 'content/pages' };
const summary: PullRequestSummary = {
  number: 7,
  title: 'Update “About us”',
  branch: 'cms/pages/about',
  state: 'open',
  merged: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  collection: 'pages',
  slug: 'about',
  previewUrl: null,
  author: 'demo',
  draft: true,
  mergeable: true,
};

let writes: string[];
beforeEach(() => {
  writes = [];
  // Narrow screen: the preview is not mounted beside the form.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url.includes('/presence'))
      return new Response(JSON.stringify({ error: 'not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    if (method !== 'GET') writes.push(`${method} ${url}`);
    return new Response(
      JSON.stringify({
        sha: 'c'.repeat(40),
        branch: summary.branch,
        merged: true,
        schedules: [],
        slug: 'about',
        path: 'content/pages/about/index.md',
        frontmatter: { title: 'About us' },
        body: 'Some text.\n',
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const open = () =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/site',
          config: { name: 'Site', collections: { pages } },
          pulls: { status: 'ready', data: [summary] },
          reloadPulls: () => {},
        }}
      >
        <ItemEditor
          repo="demo/site"
          collection="pages"
          definition={pages}
          loaded={{
            item: {
              slug: 'about',
              path: 'content/pages/about/index.md',
              sha: 'b'.repeat(40),
              frontmatter: { title: 'About us' },
              body: 'Some text.\n',
              branch: summary.branch,
              prNumber: summary.number,
            },
            mainSha: 'a'.repeat(40),
          }}
        />
      </RepoContext.Provider>
    </RouterProvider>,
  );

describe('Publish in the editor, for an item with a change request', () => {
  it('asks first, as the review page does; Cancel publishes nothing, Publish now merges', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Publish “About us” to main of demo/site?',
    });
    expect(dialog.textContent).toContain('This merges change request #7 (“Update “About us””)');
    expect(dialog.textContent).toContain('Pages / about/index.md goes live as the draft has it');
    expect(screen.getByTestId('publish-in-progress')).toBeTruthy();
    expect(writes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(writes.some((write) => write.includes('/merge'))).toBe(true));
  });
});
