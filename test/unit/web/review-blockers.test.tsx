// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentDiff, PullRequestDetail } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { DiffView } from '../../../web/src/components/reviews/diff-view';
import { ReviewActions } from '../../../web/src/components/reviews/review-actions';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

afterEach(cleanup);

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

const pull = (mergeBlockers: PullRequestDetail['mergeBlockers']): PullRequestDetail => ({
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
  mergeBlockers,
});

describe('the review actions of a pull request that is not a genuine draft', () => {
  it('shows why it cannot be published and disables Publish and Update, not Close', () => {
    const message =
      'The pull request changes more than its item content/posts/hello.md: .github/workflows/deploy.yml.';
    render(
      inRepo(
        <ReviewActions pull={pull([{ reason: 'foreign-files', message }])} onChanged={() => {}} />,
      ),
    );
    const note = screen.getByTestId('merge-blockers');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => [item.getAttribute('data-reason'), item.textContent]),
    ).toEqual([['foreign-files', message]]);
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Update from main' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Close change request…' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows nothing of the sort for a genuine draft, whose Publish is enabled', () => {
    render(inRepo(<ReviewActions pull={pull([])} onChanged={() => {}} />));
    expect(screen.queryByTestId('merge-blockers')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false);
  });
});

describe('the diff of every changed file', () => {
  it('shows a file that is not an item by its path, with its text, and a binary file as binary', () => {
    const base = { collection: '', slug: '', frontmatter: { fields: [] } };
    const diffs: ContentDiff[] = [
      {
        ...base,
        type: 'added',
        body: { oldBody: '', newBody: 'on: push\n' },
        path: '.github/workflows/deploy.yml',
        file: { status: 'added' },
      },
      {
        ...base,
        type: 'modified',
        body: { oldBody: '', newBody: '' },
        path: 'static/logo.png',
        file: { status: 'modified', binary: true },
      },
    ];
    render(inRepo(<DiffView diffs={diffs} />));
    const [workflow, logo] = screen.getAllByTestId('file-diff');
    expect(workflow!.getAttribute('data-path')).toBe('.github/workflows/deploy.yml');
    expect(workflow!.textContent).toContain('New file');
    expect(within(workflow!).getByTestId('body-diff').textContent).toBe('on: push\n');
    expect(logo!.textContent).toContain('A binary file');
    expect(screen.queryByTestId('diff-thumb')).toBeNull();
  });

  it('shows an added or changed image of a media directory as a thumbnail read at the draft’s head, not a removed one', () => {
    const base = {
      collection: '',
      slug: '',
      frontmatter: { fields: [] },
      body: { oldBody: '', newBody: '' },
    };
    const diffs: ContentDiff[] = [
      {
        ...base,
        type: 'added',
        path: 'static/images/cover.png',
        file: { status: 'added', binary: true },
      },
      {
        ...base,
        type: 'deleted',
        path: 'static/images/old.png',
        file: { status: 'removed', binary: true },
      },
    ];
    const withMedia = {
      ...repoValue,
      config: { ...repoValue.config, media: { directory: 'static/images', publicPath: '/images' } },
    };
    render(
      <RouterProvider>
        <RepoContext.Provider value={withMedia}>
          <DiffView diffs={diffs} headRef="cms/posts/hello" />
        </RepoContext.Provider>
      </RouterProvider>,
    );
    const thumbs = screen.getAllByTestId('diff-thumb');
    expect(thumbs.map((image) => image.getAttribute('src'))).toEqual([
      '/api/repos/demo%2Fblog/media/file?path=static%2Fimages%2Fcover.png&ref=cms%2Fposts%2Fhello',
    ]);
    expect(thumbs[0]!.getAttribute('alt')).toBe('The change request’s static/images/cover.png');
  });
});
