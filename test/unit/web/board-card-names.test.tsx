// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { ReviewsPage } from '../../../web/src/components/reviews/reviews-page';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** A board card names its item's file as the repository has it, never the slug that encodes it. */
const summary = (number: number, slug: string): PullRequestSummary => ({
  number,
  title: `Update “Draft ${number}”`,
  branch: `cms/posts/${slug}`,
  state: 'open',
  merged: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: `2024-01-0${number}T00:00:00Z`,
  collection: 'posts',
  slug,
  previewUrl: null,
  author: 'demo',
  draft: false,
  mergeable: true,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ schedules: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the board card', () => {
  it('names an item whose file name is not a slug by that name, and a plain slug as it is', async () => {
    render(
      <RouterProvider>
        <RepoContext.Provider
          value={{
            repo: 'demo/blog',
            config: { name: 'Blog', collections: { posts } },
            pulls: { status: 'ready', data: [summary(1, '__5findex'), summary(2, 'hello')] },
            reloadPulls: () => {},
          }}
        >
          <ReviewsPage />
        </RepoContext.Provider>
      </RouterProvider>,
    );
    const first = (await screen.findByText('Update “Draft 1”')).closest('li')!;
    expect(first.textContent).toContain(`${posts.label} / _index`);
    expect(first.textContent).not.toContain('__5findex');
    const second = screen.getByText('Update “Draft 2”').closest('li')!;
    expect(second.textContent).toContain(`${posts.label} / hello`);
  });
});
