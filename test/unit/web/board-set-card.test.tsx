// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestSummary } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { ReviewsPage } from '../../../web/src/components/reviews/reviews-page';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** A change set's card: its title, its item count and its state, never a " / " of no item. */
const set: PullRequestSummary = {
  number: 14,
  title: 'Spring launch',
  branch: 'cms/_sets/spring-launch',
  state: 'open',
  merged: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-02T00:00:00Z',
  collection: '',
  slug: '',
  previewUrl: null,
  author: 'demo',
  draft: false,
  mergeable: true,
  mergeStateStatus: 'CLEAN',
  reviewDecision: 'APPROVED',
  set: 'spring-launch',
};

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(new URL(url, 'http://localhost').pathname);
    const body = url.includes('/sets')
      ? [
          {
            ...set,
            items: [
              { collection: 'posts', slug: 'spring' },
              { collection: 'authors', slug: 'alice' },
            ],
          },
        ]
      : { schedules: [] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const board = (pulls: PullRequestSummary[]) =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/blog',
          config: { name: 'Blog', collections: { posts } },
          pulls: { status: 'ready', data: pulls },
          reloadPulls: () => {},
        }}
      >
        <ReviewsPage />
      </RepoContext.Provider>
    </RouterProvider>,
  );

describe("a change set's board card", () => {
  it('says it is a change set with its item count and approval, and opens the set', async () => {
    board([set]);
    const card = (await screen.findByText('Spring launch')).closest('li')!;
    await vi.waitFor(() =>
      expect(card.textContent).toContain('Change set spring-launch · 2 items'),
    );
    expect(card.textContent).toContain('Approved');
    expect(card.textContent).not.toMatch(/^\s*\/|\s\/\s/);
    expect(card.querySelector('a')!.getAttribute('href')).toBe('/app/r/demo/blog/reviews/14');
  });

  it('asks for the sets only while one is open', async () => {
    board([
      { ...set, set: undefined, branch: 'cms/posts/spring', collection: 'posts', slug: 'spring' },
    ]);
    await screen.findByText('Spring launch');
    expect(asked.filter((path) => path.endsWith('/sets'))).toEqual([]);
  });
});
