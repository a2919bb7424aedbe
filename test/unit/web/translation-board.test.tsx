// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TranslationBoard } from '../../../web/src/components/i18n/translation-board';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const guides = {
  ...posts,
  label: 'Guides',
  i18n: { structure: 'directories' as const, directory: 'content/{locale}/posts' },
};
const repoValue = {
  repo: 'demo/blog',
  config: {
    name: 'Blog',
    i18n: { locales: ['en', 'fr', 'de'], default: 'en' },
    collections: { guides },
  },
  pulls: { status: 'ready' as const, data: [] },
  reloadPulls: () => {},
};

const locale = (counts: object) => ({
  current: 0,
  outdated: 0,
  missing: 0,
  pending: 0,
  outdatedSlugs: [],
  missingSlugs: [],
  ...counts,
});
/** The first answer is partial (the request ran out of time); the second is whole. */
const answers = [
  {
    collection: 'guides',
    defaultLocale: 'en',
    items: 3,
    complete: false,
    pending: 3,
    locales: {
      fr: locale({ current: 0, missing: 1, pending: 2, missingSlugs: ['install'] }),
      de: locale({ current: 1, missing: 1, pending: 1, missingSlugs: ['usage'] }),
    },
  },
  {
    collection: 'guides',
    defaultLocale: 'en',
    items: 3,
    complete: true,
    pending: 0,
    locales: {
      fr: locale({
        current: 1,
        outdated: 1,
        missing: 1,
        outdatedSlugs: ['usage'],
        missingSlugs: ['install'],
      }),
      de: locale({ current: 2, missing: 1, missingSlugs: ['usage'] }),
    },
  },
];
const asked: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = answers[Math.min(asked.length - 1, answers.length - 1)];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe('the translation board', () => {
  it('asks again while the report is partial, then shows each locale as a column with its items as links', async () => {
    render(
      <RouterProvider>
        <RepoContext.Provider value={repoValue}>
          <TranslationBoard collection="guides" />
        </RepoContext.Provider>
      </RouterProvider>,
    );
    const table = await screen.findByRole('table');
    // The partial answer was shown, then asked again: the whole one replaces it.
    await waitFor(() => expect(screen.queryByText(/Partial report/)).toBeNull());
    expect(asked).toHaveLength(2);
    expect(
      asked.every((url) => url.endsWith('/api/repos/demo%2Fblog/content/guides/_translations')),
    ).toBe(true);
    expect(screen.queryByText(/Partial report/)).toBeNull();
    expect(screen.queryByRole('row', { name: /Not read yet/ })).toBeNull();

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([expect.stringContaining('(fr)'), expect.stringContaining('(de)')]);
    const outdated = within(table).getByRole('row', { name: /Outdated/ });
    const [fr] = within(outdated).getAllByRole('cell');
    expect(fr!.textContent).toContain('1');
    // An outdated translation opens in its locale; a missing one in the default locale, the
    // switcher marking the locale to translate into.
    expect(
      within(fr!).getByRole('link', { name: 'usage', hidden: true }).getAttribute('href'),
    ).toBe('/app/r/demo/blog/c/guides/i/usage?locale=fr');
    const missing = within(table).getByRole('row', { name: /Missing/ });
    const [frMissing, deMissing] = within(missing).getAllByRole('cell');
    expect(
      within(frMissing!).getByRole('link', { name: 'install', hidden: true }).getAttribute('href'),
    ).toBe('/app/r/demo/blog/c/guides/i/install?translate=fr');
    expect(
      within(deMissing!).getByRole('link', { name: 'usage', hidden: true }).getAttribute('href'),
    ).toBe('/app/r/demo/blog/c/guides/i/usage?translate=de');
    const current = within(table).getByRole('row', { name: /Current/ });
    expect(
      within(current)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2']);
  });
});
