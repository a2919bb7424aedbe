// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActivityPage } from '../../../web/src/components/activity/activity-page';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const repoValue = {
  repo: 'demo/blog',
  config: { name: 'Blog', collections: { posts } },
  pulls: { status: 'ready' as const, data: [] },
  reloadPulls: () => {},
};
const inRepo = (children: ReactNode) => (
  <RouterProvider>
    <RepoContext.Provider value={repoValue}>{children}</RepoContext.Provider>
  </RouterProvider>
);

const entry = (n: number, extra: object = {}) => ({
  at: `2026-11-25T10:0${n}:00.000Z`,
  action: 'putContent',
  request: 'PUT /api/repos/demo/blog/content/posts/hello',
  status: 200,
  actor: { login: 'demo', via: 'session' },
  repo: 'demo/blog',
  target: { collection: 'posts', slug: 'hello' },
  result: { sha: 'abcdef1234567' },
  requestId: `r${n}`,
  ...extra,
});
const asked: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.includes('/content/posts'))
      return new Response(
        JSON.stringify([
          {
            slug: 'hello',
            path: 'content/posts/hello.md',
            sha: 'abcdef1234567',
            frontmatter: { title: 'Hello, world' },
          },
        ]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const page = url.includes('cursor=')
      ? { records: [entry(1)], nextCursor: null }
      : {
          records: [
            entry(4, {
              action: 'mergePull',
              request: 'PUT /api/repos/demo%2Fblog/pulls/7/merge',
              target: { number: '7' },
              result: { sha: '1234567890abcdef', merged: 'true' },
            }),
            entry(3),
            entry(2, {
              status: 409,
              actor: { login: 'bot', via: 'token', tokenId: 'T1' },
              result: undefined,
            }),
          ],
          nextCursor: 'c2',
        };
    return new Response(JSON.stringify(page), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe('the activity page', () => {
  it('lists who did what, when and how it ended, newest first, and pages back', async () => {
    render(inRepo(<ActivityPage />));
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/@demo session.*published change request #7 commit 1234567.*done/),
      expect.stringMatching(/@demo session.*saved hello Posts.*done/),
      expect.stringMatching(/@bot token T1.*saved hello Posts.*refused \(409\)/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(4));
    expect(asked.at(-1)).toBe('/api/repos/demo%2Fblog/activity?limit=50&cursor=c2');
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('names an item by its title and file, links it, and shows no file sha as a commit', async () => {
    const before = asked.length;
    render(inRepo(<ActivityPage />));
    const titles = await screen.findAllByRole('link', { name: 'Hello, world' });
    expect(titles[0]!.getAttribute('href')).toBe('/app/r/demo/blog/c/posts/i/hello');
    const row = screen.getAllByTestId('activity-row')[1]!;
    expect(row.textContent).toMatch(/saved Hello, world Posts · content\/posts\/hello\.md/);
    expect(row.textContent).not.toContain('abcdef1');
    // One list request for the collection, however many rows name its items.
    expect(asked.slice(before).filter((url) => url.includes('/content/posts'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'change request #7' }).getAttribute('href')).toBe(
      '/app/r/demo/blog/reviews/7',
    );
  });
});
