// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullRequestDetail, PullRequestSummary } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { MergeState } from '../../../web/src/components/reviews/merge-state';
import { ReviewActions } from '../../../web/src/components/reviews/review-actions';
import { ReviewsPage } from '../../../web/src/components/reviews/reviews-page';
import { columnCounts, columnOf, countsLabel, waitsOf } from '../../../shared/pulls/board';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

afterEach(cleanup);

const summary = (
  number: number,
  draft: boolean,
  mergeable: boolean | null,
): PullRequestSummary => ({
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
  draft,
  mergeable,
});

const inRepo = (pulls: PullRequestSummary[], children: ReactNode) => (
  <RouterProvider>
    <RepoContext.Provider
      value={{
        repo: 'demo/blog',
        config: { name: 'Blog', collections: { posts } },
        pulls: { status: 'ready', data: pulls },
        reloadPulls: () => {},
      }}
    >
      {children}
    </RepoContext.Provider>
  </RouterProvider>
);

describe('the board of drafts', () => {
  it('puts GitHub drafts In progress, ready-for-review ones In review, and mergeable ones Ready to publish', () => {
    expect(columnOf({ draft: true, mergeable: true })).toBe('in-progress');
    expect(columnOf({ draft: false, mergeable: null })).toBe('in-review');
    expect(columnOf({ draft: false, mergeable: false })).toBe('in-review');
    expect(columnOf({ draft: false, mergeable: true })).toBe('ready');
    const counts = columnCounts([
      summary(1, true, true),
      summary(2, false, false),
      summary(3, false, true),
      summary(4, true, null),
    ]);
    expect(counts).toEqual({ 'in-progress': 2, 'in-review': 1, ready: 1 });
    expect(countsLabel(counts)).toBe('2 in progress, 1 in review, 1 ready to publish');
  });

  it("keeps a mergeable draft out of Ready to publish while GitHub's merge state or review decision holds it", () => {
    const ready = { draft: false, mergeable: true } as const;
    for (const state of ['CLEAN', 'HAS_HOOKS', 'UNSTABLE'] as const)
      expect(columnOf({ ...ready, mergeStateStatus: state, reviewDecision: null })).toBe('ready');
    expect(columnOf({ ...ready, mergeStateStatus: 'CLEAN', reviewDecision: 'APPROVED' })).toBe(
      'ready',
    );
    for (const state of ['BLOCKED', 'BEHIND', 'UNKNOWN', 'DIRTY', 'DRAFT'] as const)
      expect(columnOf({ ...ready, mergeStateStatus: state, reviewDecision: null })).toBe(
        'in-review',
      );
    // The review decision is enough, whatever the merge state says.
    expect(
      columnOf({ ...ready, mergeStateStatus: 'CLEAN', reviewDecision: 'REVIEW_REQUIRED' }),
    ).toBe('in-review');
    expect(
      columnOf({ ...ready, mergeStateStatus: 'UNSTABLE', reviewDecision: 'CHANGES_REQUESTED' }),
    ).toBe('in-review');
    expect(
      columnOf({
        draft: true,
        mergeable: true,
        mergeStateStatus: 'DRAFT',
        reviewDecision: 'REVIEW_REQUIRED',
      }),
    ).toBe('in-progress');
    expect(
      waitsOf({ ...ready, mergeStateStatus: 'BLOCKED', reviewDecision: 'REVIEW_REQUIRED' }),
    ).toEqual(['Needs approval']);
    expect(
      waitsOf({ ...ready, mergeStateStatus: 'BLOCKED', reviewDecision: 'CHANGES_REQUESTED' }),
    ).toEqual(['Changes requested']);
    expect(waitsOf({ ...ready, mergeStateStatus: 'BLOCKED', reviewDecision: 'APPROVED' })).toEqual([
      'Blocked by branch rules',
    ]);
    expect(waitsOf({ ...ready, mergeStateStatus: 'BEHIND', reviewDecision: null })).toEqual([
      'Behind main',
    ]);
    expect(waitsOf({ ...ready, mergeStateStatus: 'UNSTABLE', reviewDecision: null })).toEqual([]);
  });

  it('says on the card what a blocked draft waits for', () => {
    const waiting = {
      ...summary(5, false, true),
      mergeStateStatus: 'BLOCKED',
      reviewDecision: 'REVIEW_REQUIRED',
    } as const;
    const clean = {
      ...summary(6, false, true),
      mergeStateStatus: 'CLEAN',
      reviewDecision: 'APPROVED',
    } as const;
    render(inRepo([waiting, clean], <ReviewsPage />));
    const column = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(column('In review')).toEqual(['Draft 5']);
    expect(column('Ready to publish')).toEqual(['Draft 6']);
    const card = screen.getByRole('link', { name: 'Draft 5' }).closest('li')!;
    expect(within(card).getByTestId('board-wait').textContent).toBe('Needs approval');
    expect(
      within(screen.getByRole('link', { name: 'Draft 6' }).closest('li')!).queryByTestId(
        'board-wait',
      ),
    ).toBeNull();
  });

  it('shows one list per column, newest first, each card a link with its item, author and conflicts', () => {
    render(
      inRepo(
        [
          summary(1, true, true),
          summary(2, false, false),
          summary(3, false, true),
          summary(4, true, null),
        ],
        <ReviewsPage />,
      ),
    );
    const column = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(column('In progress')).toEqual(['Draft 4', 'Draft 1']);
    expect(column('In review')).toEqual(['Draft 2']);
    expect(column('Ready to publish')).toEqual(['Draft 3']);
    const card = screen.getByRole('link', { name: 'Draft 2' }).closest('li')!;
    expect(card.textContent).toContain('Posts / p2');
    expect(card.textContent).toContain('by demo');
    expect(within(card).getByText('Conflicts with main')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In progress (2)' })).toBeTruthy();
  });

  it('says what an empty column is for', () => {
    render(inRepo([summary(1, true, true)], <ReviewsPage />));
    expect(screen.queryByRole('list', { name: 'In review' })).toBeNull();
    expect(
      screen.getByText('Mark a change request ready for review to move it here.'),
    ).toBeTruthy();
  });
});

describe('the review page of a draft', () => {
  const detail = (draft: boolean, mergeable: boolean | null): PullRequestDetail => ({
    ...summary(7, draft, mergeable),
    body: '',
    headSha: 'a'.repeat(40),
    baseSha: 'b'.repeat(40),
    htmlUrl: 'https://github.example/demo/blog/pull/7',
    mergeBlockers: [],
  });

  it('shows its column and offers the move to the other one', () => {
    render(
      inRepo(
        [],
        <>
          <MergeState pull={detail(true, true)} />
          <ReviewActions pull={detail(true, true)} onChanged={() => {}} />
        </>,
      ),
    );
    expect(screen.getByTestId('review-state').textContent).toBe('In progress');
    expect(screen.getByRole('button', { name: 'Ready for review' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('button', { name: 'Back to in progress' })).toBeNull();
    cleanup();
    render(
      inRepo(
        [],
        <>
          <MergeState pull={detail(false, false)} />
          <ReviewActions pull={detail(false, false)} onChanged={() => {}} />
        </>,
      ),
    );
    expect(screen.getByTestId('review-state').textContent).toBe('In review');
    expect(screen.getByText('Conflicts with main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to in progress' })).toBeTruthy();
  });
});
