// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestDetail, ReviewState } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { ReviewActions } from '../../../web/src/components/reviews/review-actions';
import { MergeState } from '../../../web/src/components/reviews/merge-state';
import { ReviewPanel } from '../../../web/src/components/reviews/review-panel';
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

const buildUrl = 'https://ci.example.org/build/1';
const blocked: ReviewState = {
  protected: true,
  requiredApprovingReviews: 1,
  requiredChecks: ['build'],
  approvedBy: ['alice'],
  changesRequestedBy: ['bob'],
  reviews: [
    {
      author: 'alice',
      state: 'APPROVED',
      body: 'Looks right',
      submittedAt: '2026-11-25T10:00:00Z',
    },
    {
      author: 'bob',
      state: 'CHANGES_REQUESTED',
      body: 'Fix the title',
      submittedAt: '2026-11-25T11:00:00Z',
    },
  ],
  checks: [{ name: 'build', state: 'failure', url: buildUrl, required: true }],
  mergeMethod: 'squash',
  publishBlockers: [
    { reason: 'changes-requested', message: 'bob requested changes' },
    {
      reason: 'checks-failing',
      message: 'Check "build" is failing (failure)',
      check: 'build',
      url: buildUrl,
    },
  ],
};
const open: ReviewState = {
  ...blocked,
  approvedBy: [],
  changesRequestedBy: [],
  reviews: [],
  checks: [],
  requiredChecks: [],
  publishBlockers: [],
};

const pull = (review: ReviewState): PullRequestDetail => ({
  number: 7,
  title: 'Edit hello',
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
  mergeable: true,
  headSha: 'a'.repeat(40),
  baseSha: 'b'.repeat(40),
  htmlUrl: 'https://github.example/demo/blog/pull/7',
  mergeBlockers: [],
  review,
});

type Answer = { status: number; body: unknown };
let requests: { method: string; url: string; body?: Record<string, unknown> }[];
let answer: (method: string, url: string) => Answer;
let checkRuns = false;
beforeEach(() => {
  requests = [];
  checkRuns = false;
  answer = () => ({ status: 404, body: { error: 'Not found' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    // The panel reads the check runs' reports on its own (check-runs.tsx): none here, unless a test answers them.
    if (url.endsWith('/pulls/7/checks') && !checkRuns)
      return Response.json({ headSha: 'a'.repeat(40), checkRuns: [] });
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    requests.push({ method, url, ...(body && { body }) });
    const { status, body: sent } = answer(method, url);
    return new Response(JSON.stringify(sent), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe('the review panel of a draft on a protected branch', () => {
  it('shows what the branch requires and where the draft stands: approvals, changes requested, each check with its link, the reviews', () => {
    render(inRepo(<ReviewPanel pull={pull(blocked)} viewer="demo" onChanged={() => {}} />));
    const panel = screen.getByRole('region', { name: 'Review' });
    expect(within(panel).getByTestId('review-requires').textContent).toMatch(
      /1 approving review.*build/s,
    );
    expect(within(panel).getByTestId('approved-by').textContent).toContain('alice');
    expect(within(panel).getByTestId('changes-requested-by').textContent).toContain('bob');
    const check = within(panel).getByTestId('check-build');
    expect(check.textContent).toMatch(/build.*failure/s);
    const link = within(check).getByRole('link');
    expect([
      link.getAttribute('href'),
      link.getAttribute('target'),
      link.getAttribute('rel'),
    ]).toEqual([buildUrl, '_blank', 'noopener noreferrer']);
    const reviews = within(panel).getAllByTestId('review-entry');
    expect(reviews.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/alice.*Approved.*Looks right/s),
      expect.stringMatching(/bob.*Requested changes.*Fix the title/s),
    ]);
  });

  it("says approvals are required when only GitHub's review decision tells it (no admin rights to read the protection)", () => {
    const nonAdmin: ReviewState = {
      ...open,
      requiredApprovingReviews: 0,
      reviewDecision: 'REVIEW_REQUIRED',
      publishBlockers: [
        {
          reason: 'reviews',
          message: 'Needs an approving review (required by the branch protection)',
        },
      ],
    };
    render(inRepo(<ReviewPanel pull={pull(nonAdmin)} viewer="demo" onChanged={() => {}} />));
    expect(screen.getByTestId('review-requires').textContent).toMatch(
      /protected and requires approving reviews before publishing/,
    );
  });

  it('says when the branch asks nothing', () => {
    render(
      inRepo(
        <ReviewPanel
          pull={pull({ ...open, protected: false, requiredApprovingReviews: 0 })}
          viewer="demo"
          onChanged={() => {}}
        />,
      ),
    );
    expect(screen.getByTestId('review-requires').textContent).toMatch(/not protected/);
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
  });
});

describe('the review form', () => {
  it('approves with a body, then reloads the draft', async () => {
    answer = () => ({
      status: 201,
      body: {
        author: 'alice',
        state: 'APPROVED',
        body: 'Good',
        submittedAt: '2026-11-25T10:00:00Z',
        htmlUrl: 'https://github.example/r/1',
      },
    });
    const onChanged = vi.fn();
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="alice" onChanged={onChanged} />));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/repos/demo%2Fblog/pulls/7/reviews',
        body: { event: 'APPROVE', body: 'Good' },
      },
    ]);
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the service’s refusal in an alert and keeps the text', async () => {
    answer = () => ({
      status: 400,
      body: { error: 'body: must not be empty when requesting changes or commenting' },
    });
    const onChanged = vi.fn();
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="alice" onChanged={onChanged} />));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('must not be empty');
    expect(requests[0]!.body).toEqual({ event: 'REQUEST_CHANGES', body: '   ' });
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeTruthy();
  });

  it('offers the draft’s author only Comment: GitHub refuses approving or requesting changes on one’s own pull request', () => {
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="demo" onChanged={() => {}} />));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeTruthy();
    expect(screen.getByText(/others approve it/i)).toBeTruthy();
  });
});

describe('requesting reviewers', () => {
  it('sends the comma-separated logins and shows who is requested', async () => {
    answer = () => ({ status: 200, body: { requested: ['alice', 'bob'] } });
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="demo" onChanged={() => {}} />));
    fireEvent.change(screen.getByLabelText(/Reviewers/), { target: { value: ' alice, bob ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request review' }));
    expect((await screen.findByTestId('requested-reviewers')).textContent).toMatch(/alice.*bob/);
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/repos/demo%2Fblog/pulls/7/reviewers',
        body: { reviewers: ['alice', 'bob'] },
      },
    ]);
  });

  it('shows the refusal in an alert', async () => {
    answer = () => ({ status: 400, body: { error: 'reviewers.0: expected GitHub logins' } });
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="demo" onChanged={() => {}} />));
    fireEvent.change(screen.getByLabelText(/Reviewers/), { target: { value: 'not a login' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request review' }));
    expect((await screen.findByRole('alert')).textContent).toContain('expected GitHub logins');
  });
});

describe("the check runs' reports", () => {
  it('shows each run with its state and summary, and an annotation by its field label', async () => {
    checkRuns = true;
    answer = (method, url) =>
      method === 'GET' && url === '/api/repos/demo%2Fblog/pulls/7/checks'
        ? {
            status: 200,
            body: {
              headSha: 'a'.repeat(40),
              checkRuns: [
                {
                  id: 1,
                  name: 'CMS content',
                  state: 'failure',
                  title: '1 error',
                  summary: 'content/posts/hello.md: 1 error',
                  url: null,
                  annotationsCount: 3,
                  annotations: [
                    {
                      path: 'content/posts/hello.md',
                      startLine: 2,
                      endLine: 2,
                      level: 'failure',
                      message: 'frontmatter.title: Required',
                      title: null,
                      collection: 'posts',
                      slug: 'hello',
                      field: 'title',
                    },
                  ],
                },
              ],
            },
          }
        : { status: 404, body: { error: 'Not found' } };
    render(inRepo(<ReviewPanel pull={pull(open)} viewer="demo" onChanged={() => {}} />));
    const run = await screen.findByTestId('check-run-CMS content');
    expect(run.getAttribute('data-state')).toBe('failure');
    expect(run.textContent).toContain('content/posts/hello.md: 1 error');
    const annotation = within(run).getByTestId('check-annotation');
    expect(annotation.textContent).toMatch(/line 2 · field Title: frontmatter\.title: Required/);
    expect(within(annotation).getByRole('button').textContent).toBe(
      'Show field Title in the changes',
    );
    // Two of its three annotations are left to its details.
    expect(run.textContent).toContain('2 more annotations');
  });
});

describe('Publish on a protected branch', () => {
  it('is disabled with the reasons next to it, the failing check linked', () => {
    render(inRepo(<ReviewActions pull={pull(blocked)} onChanged={() => {}} />));
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toHaveProperty('disabled', true);
    const list = screen.getByTestId('publish-blockers');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-reason')),
    ).toEqual(['changes-requested', 'checks-failing']);
    expect(within(list).getByRole('link').getAttribute('href')).toBe(buildUrl);
    expect(publish.getAttribute('aria-describedby')).toBe(list.id);
    expect(screen.getByRole('button', { name: 'Close change request…' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the blockers a 409 answers when the rules refuse', async () => {
    const refusal = [{ reason: 'reviews', message: 'Needs 1 more approving review (1 required)' }];
    answer = () => ({
      status: 409,
      body: {
        merged: false,
        reason: 'reviews',
        error: refusal[0]!.message,
        publishBlockers: refusal,
      },
    });
    const onChanged = vi.fn();
    render(inRepo(<ReviewActions pull={pull(open)} onChanged={onChanged} />));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    const list = await screen.findByTestId('publish-blockers');
    expect(onChanged).toHaveBeenCalled();
    expect(list.textContent).toContain('Needs 1 more approving review (1 required)');
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
  });
});

describe('Publish while someone saves the draft', () => {
  it('says the draft is published and where the other save stays', async () => {
    const message =
      'A save landed on the draft while it was being published and is not in what was published; it stays on cms/posts/hello, in draft pull request #8.';
    answer = () => ({
      status: 200,
      body: {
        sha: 'c'.repeat(40),
        merged: true,
        keptBranch: { branch: 'cms/posts/hello', headSha: 'd'.repeat(40), number: 8, message },
      },
    });
    render(inRepo(<ReviewActions pull={pull(open)} onChanged={() => {}} />));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect((await screen.findByTestId('review-outcome')).textContent).toBe(
      `Published: the change request is merged into main. ${message}`,
    );
  });
});

describe('the state badges of a draft the rules hold back', () => {
  it('say what Publish waits for beside the board column', () => {
    render(<MergeState pull={pull(blocked)} />);
    expect(screen.getAllByTestId('publish-wait').map((badge) => badge.textContent)).toEqual([
      'Changes requested',
      'Check failing',
    ]);
  });

  it('say nothing more when the rules are met', () => {
    render(<MergeState pull={pull(open)} />);
    expect(screen.queryByTestId('publish-wait')).toBeNull();
  });
});
