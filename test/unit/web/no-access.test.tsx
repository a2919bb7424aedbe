// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/api/client';
import { RepoLayout } from '../../../web/src/components/repos/repo-layout';
import { ReposPage } from '../../../web/src/components/repos/repos-page';
import { RouterProvider } from '../../../web/src/router/router';

/** What the repository screens answer: set per test. */
const answers = vi.hoisted(() => ({
  config: (): Promise<unknown> => Promise.resolve({}),
  repos: (): Promise<unknown[]> => Promise.resolve([]),
  hostRepos: (): Promise<unknown[]> => Promise.resolve([]),
  connect: (): Promise<unknown> => Promise.resolve({}),
}));
vi.mock('../../../web/src/api/repos', () => ({
  getConfig: () => answers.config(),
  listRepos: () => answers.repos(),
  listHostRepos: () => answers.hostRepos(),
  connectRepo: () => answers.connect(),
  disconnectRepo: () => Promise.resolve({}),
}));
vi.mock('../../../web/src/api/pulls', () => ({ listPulls: () => Promise.resolve([]) }));

afterEach(cleanup);
beforeEach(() => {
  answers.repos = () => Promise.resolve([]);
  answers.hostRepos = () => Promise.resolve([]);
});

const openRepo = (repo = 'demo/blog') =>
  render(
    <RouterProvider>
      <RepoLayout repo={repo}>
        <p>editor</p>
      </RepoLayout>
    </RouterProvider>,
  );

describe('a repository the person cannot reach', () => {
  it('shows the no-access message with what to do, and no Try again', async () => {
    answers.config = () =>
      Promise.reject(
        new ApiError(
          404,
          'Repository demo/blog is not connected, or you cannot access it on GitHub',
        ),
      );
    openRepo();
    expect(await screen.findByRole('heading', { name: 'You cannot open demo/blog' })).toBeTruthy();
    expect(screen.getByText(/Ask an administrator of the repository to add you/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('editor')).toBeNull();
  });

  it('lists nothing for someone who reaches no repository: the same message instead of Connect', async () => {
    render(
      <RouterProvider>
        <ReposPage />
      </RouterProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'No repository you can edit yet' }),
    ).toBeTruthy();
    expect(screen.getByText(/Ask an administrator of the repository to add you/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Connect a repository' })).toBeNull();
  });
});

describe('a connected repository whose cms.config.json was removed', () => {
  it('offers cms init, the reference, and Try again for after the push', async () => {
    answers.config = () =>
      Promise.reject(
        new ApiError(
          409,
          'cms.config.json is missing from demo/bare; restore it or disconnect the repository',
        ),
      );
    openRepo('demo/bare');
    expect(
      await screen.findByRole('heading', { name: 'demo/bare has no cms.config.json' }),
    ).toBeTruthy();
    expect(document.querySelector('pre')?.textContent).toContain('cms init\n');
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
      '/api/docs#/repos/getConfig',
    );
    expect(screen.getByText(/docs\/configuration\.md/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('connecting', () => {
  const reposPage = () =>
    render(
      <RouterProvider>
        <ReposPage />
      </RouterProvider>,
    );

  it('a repository without cms.config.json shows how to write one', async () => {
    answers.hostRepos = () => Promise.resolve([{ fullName: 'demo/bare', private: false }]);
    answers.connect = () =>
      Promise.reject(
        new ApiError(400, "cms.config.json is missing from the root of demo/bare's default branch"),
      );
    reposPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect demo/bare' }));
    expect(
      await screen.findByText('demo/bare has no cms.config.json yet, so it cannot be connected.'),
    ).toBeTruthy();
    expect(document.querySelector('pre')?.textContent).toContain('cms init\n');
  });

  it('a repository out of reach says what to do', async () => {
    answers.hostRepos = () => Promise.resolve([{ fullName: 'demo/blog', private: false }]);
    answers.connect = () =>
      Promise.reject(
        new ApiError(
          404,
          'Repository not found, or you cannot access it, or the app is not installed on it',
        ),
      );
    reposPage();
    fireEvent.change(await screen.findByLabelText('Another repository'), {
      target: { value: 'acme/private' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(
      (await screen.findByText(/^Repository not found, or you cannot access it/)).textContent,
    ).toMatch(/app is not installed on it\. Ask an administrator of the repository to add you/);
  });
});

describe('Try again', () => {
  it.each([
    [new ApiError(503, 'GitHub is rate limiting the service. Try again in a minute.'), true],
    [
      new ApiError(0, 'The service could not be reached. Check your connection and try again.'),
      true,
    ],
    [new ApiError(500, 'The service failed (HTTP 500). Try again in a moment.'), true],
    [new ApiError(403, 'You do not have permission to do this.'), false],
    [new ApiError(400, 'repo: expected owner/name'), false],
  ])('is offered for %s: %s', async (error, offered) => {
    answers.config = () => Promise.reject(error);
    openRepo();
    await screen.findByText(error.message);
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(offered);
  });
});
