// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepoLayout } from '../../../web/src/components/repos/repo-layout';
import { RouterProvider } from '../../../web/src/router/router';

const message =
  'demo/blog has an invalid cms.config.json: collections.posts.fields[2].type: unknown field type "color" (known: string, text)';

vi.mock('../../../web/src/api/repos', () => ({
  getConfig: () => Promise.reject(new Error(message)),
}));
vi.mock('../../../web/src/api/pulls', () => ({ listPulls: () => Promise.resolve([]) }));

afterEach(cleanup);

describe('a repository whose cms.config.json is invalid', () => {
  it('shows a config error page naming the path and the problem instead of the editor', async () => {
    render(
      <RouterProvider>
        <RepoLayout repo="demo/blog">
          <p>editor</p>
        </RepoLayout>
      </RouterProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'cms.config.json needs a fix' }),
    ).toBeTruthy();
    expect(screen.getByText('collections.posts.fields[2].type').tagName).toBe('CODE');
    expect(screen.getByText('unknown field type "color" (known: string, text)')).toBeTruthy();
    expect(screen.queryByText('editor')).toBeNull();
  });
});
