// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { ReviewsPage } from '../../../web/src/components/reviews/reviews-page';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** A draft set to publish later says when on its board card, in the editor's time zone. */
const summary = (number: number): PullRequestSummary => ({
  number,
  title: `Draft ${number}`,
  branch: `cms/posts/p${number}`,
  state: 'open',
  merged: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: `2024-01-0${number}T00:00:00Z`,
  collection: 'posts',
  slug: `p${number}`,
  previewUrl: null,
  author: 'demo',
  draft: false,
  mergeable: true,
});
const zone = process.env.TZ;

beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(
        JSON.stringify({
          schedules: [
            {
              id: 's1',
              action: 'publish',
              pull: 1,
              at: '2030-05-01T07:30:00.000Z',
              state: 'pending',
              createdBy: 'demo',
              createdAt: '2026-11-25T10:00:00Z',
            },
            {
              id: 's2',
              action: 'publish',
              pull: 2,
              at: '2030-05-02T07:30:00.000Z',
              state: 'cancelled',
              createdBy: 'demo',
              createdAt: '2026-11-25T10:00:00Z',
            },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the board card of a scheduled draft', () => {
  it('says when it publishes, in local time with the zone named; a cancelled schedule says nothing', async () => {
    render(
      <RouterProvider>
        <RepoContext.Provider
          value={{
            repo: 'demo/blog',
            config: { name: 'Blog', collections: { posts } },
            pulls: { status: 'ready', data: [summary(1), summary(2)] },
            reloadPulls: () => {},
          }}
        >
          <ReviewsPage />
        </RepoContext.Provider>
      </RouterProvider>,
    );
    const badge = await screen.findByTestId('board-scheduled');
    expect(badge.textContent).toMatch(/^Publishes .*09:30.*\(Europe\/Berlin\)$/);
    expect(within(badge.closest('li')!).getByText('Draft 1')).toBeTruthy();
    expect(screen.getAllByTestId('board-scheduled')).toHaveLength(1);
  });
});
