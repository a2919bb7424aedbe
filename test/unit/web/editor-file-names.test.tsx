// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionConfig } from '../../../shared/content/config-schema';
import type { ContentItem } from '../../../shared/content/schemas';
import { ItemEditor } from '../../../web/src/components/editor/item-editor';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** The editor names an item by its real file: in its heading without a title, and when deleting it. */
const pages: CollectionConfig = { ...posts, label: 'Pages', directory: 'content/pages' };
const item = (over: Partial<ContentItem>): ContentItem => ({
  slug: 'about',
  path: 'content/pages/about.md',
  sha: 'a'.repeat(40),
  frontmatter: {},
  body: 'Some text.\n',
  ...over,
});

beforeEach(() => {
  // Narrow screen: the preview is not mounted beside the form.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  // Nothing here needs the service: presence, the only request, is told it is not there.
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ error: 'not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const open = (loaded: ContentItem) =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/site',
          config: { name: 'Site', collections: { pages } },
          pulls: { status: 'ready', data: [] },
          reloadPulls: () => {},
        }}
      >
        <ItemEditor
          repo="demo/site"
          collection="pages"
          definition={pages}
          loaded={{ item: loaded, mainSha: loaded.sha }}
        />
      </RepoContext.Provider>
    </RouterProvider>,
  );

describe('the editor names an item by its file', () => {
  it('heads an item without a title with its file name, not its encoded slug', () => {
    open(item({ slug: '__5findex', path: 'content/pages/_index.md' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('_index.md');
    expect(document.body.textContent).not.toContain('__5findex');
  });

  it("asks to delete a page bundle's own file, not a file named after its slug", async () => {
    open(item({ path: 'content/pages/about/index.md', frontmatter: { title: 'About us' } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “About us”?' });
    expect(dialog.textContent).toContain('This commits the removal of about/index.md to the main');
    expect(dialog.textContent).not.toContain('about.md');
  });
});
