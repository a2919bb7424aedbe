// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepoLayout } from '../../../web/src/components/repos/repo-layout';
import { RouterProvider } from '../../../web/src/router/router';

const problem = 'collections.pages.path[1]: must contain "{slug}" exactly once';

vi.mock('../../../web/src/api/repos', () => ({
  getConfig: () =>
    Promise.resolve({
      name: 'Demo blog',
      collections: {
        posts: {
          label: 'Posts',
          directory: 'content/posts',
          fields: [{ name: 'title', type: 'string', label: 'Title' }],
        },
      },
      problems: { pages: problem },
    }),
}));
vi.mock('../../../web/src/api/pulls', () => ({ listPulls: () => Promise.resolve([]) }));

afterEach(cleanup);

describe('a repository with one invalid collection', () => {
  it('opens, and names the invalid collection and its problem in the sidebar', async () => {
    render(
      <RouterProvider>
        <RepoLayout repo="demo/blog">
          <p>editor</p>
        </RepoLayout>
      </RouterProvider>,
    );
    expect(await screen.findByText('editor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Posts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'pages' }).getAttribute('href')).toContain('pages');
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(`Not opened: cms.config.json needs a fix. ${problem}`);
    expect(screen.getByText(problem).tagName).toBe('CODE');
  });
});
