// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestDetail } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import type { DraftItem } from '../../../web/src/lib/item-query';
import { ReviewActions } from '../../../web/src/components/reviews/review-actions';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** Publish asks first, saying what goes live where; a change request still in progress says so. */
const pull = (over: Partial<PullRequestDetail> = {}): PullRequestDetail => ({
  number: 12,
  title: 'Update “Hello, world”',
  branch: 'cms/posts/hello',
  state: 'open',
  merged: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  collection: 'posts',
  slug: 'hello',
  previewUrl: null,
  author: 'demo',
  body: '',
  draft: false,
  mergeable: true,
  headSha: 'a'.repeat(40),
  baseSha: 'b'.repeat(40),
  htmlUrl: 'https://github.example/demo/blog/pull/12',
  mergeBlockers: [],
  ...over,
});
const item: DraftItem = { title: 'Hello, world', fileName: 'hello.md' };

let requests: string[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ sha: 'c'.repeat(40), merged: true }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (detail: PullRequestDetail, own: DraftItem = item) =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/blog',
          config: { name: 'Blog', collections: { posts } },
          pulls: { status: 'ready', data: [] },
          reloadPulls: () => {},
        }}
      >
        <ReviewActions pull={detail} item={own} onChanged={() => {}} />
      </RepoContext.Provider>
    </RouterProvider>,
  );
const merges = () => requests.filter((request) => request.startsWith('PUT'));

describe('Publish on the review page', () => {
  it('asks first, naming the item, the branch, the repository and the change request; Cancel publishes nothing', () => {
    show(pull());
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Publish “Hello, world” to main of demo/blog?',
    });
    expect(dialog.textContent).toContain(
      'This merges change request #12 (“Update “Hello, world””) into main: Posts / hello.md goes live',
    );
    expect(within(dialog).queryByTestId('publish-in-progress')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('publishes once confirmed', async () => {
    show(pull());
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect((await screen.findByTestId('review-outcome')).textContent).toBe(
      'Published: the change request is merged into main.',
    );
    expect(merges()).toEqual(['PUT /api/repos/demo%2Fblog/pulls/12/merge']);
  });

  it('says a draft that deletes its item deletes it, named by its title', () => {
    show(pull({ title: 'Delete “Hello, world”' }), { ...item, deleted: true });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('dialog', { name: /^Publish “Hello, world”/ }).textContent).toContain(
      'into main: Posts / hello.md is deleted, and',
    );
  });

  it('says a change request still in progress is one, on the page and in the question', () => {
    show(pull({ draft: true }));
    expect(screen.getByTestId('in-progress-note').textContent).toContain(
      'nobody has marked this change request ready for review',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      within(screen.getByRole('dialog')).getByTestId('publish-in-progress').textContent,
    ).toMatch(/^Still in progress/);
  });
});
