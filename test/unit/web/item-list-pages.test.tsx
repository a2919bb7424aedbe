// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemListPage } from '../../../web/src/components/items/item-list-page';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/**
 * The item list against a stubbed service: a collection that fits its first page (1,000 items) is
 * listed as it always was; a larger one pages from the service, which sorts and searches it.
 */
const repoValue = {
  repo: 'demo/blog',
  config: { name: 'Blog', collections: { posts } },
  pulls: { status: 'ready' as const, data: [] },
  reloadPulls: () => {},
};
const page = (
  <RouterProvider>
    <RepoContext.Provider value={repoValue}>
      <ItemListPage collection="posts" />
    </RepoContext.Provider>
  </RouterProvider>
) as ReactNode;

const item = (n: number, title = `Post ${n}`) => ({
  slug: `post-${String(n).padStart(6, '0')}`,
  path: `content/posts/post-${String(n).padStart(6, '0')}.md`,
  sha: n.toString(16).padStart(40, '0'),
  frontmatter: { title, date: `2024-01-${String((n % 28) + 1).padStart(2, '0')}` },
});
const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => item(from + index));

interface Asked {
  url: URL;
  signal: AbortSignal;
  /** Settles a held answer. */
  answer(response: Response): void;
}

/** Every request, with its query and signal; `respond` answers it (or undefined: held until the test answers it). */
function stubService(respond: (url: URL) => Response | undefined) {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const url = new URL(input, 'https://cms.example');
          const signal = init.signal!;
          signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
          asked.push({ url, signal, answer: resolve });
          const response = respond(url);
          if (response) resolve(response);
        }),
    ),
  );
  return asked;
}

const answer = (items: unknown[], headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(items), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const next = (cursor: string) => ({
  link: `<https://cms.example/api/repos/demo%2Fblog/content/posts?limit=200&cursor=${cursor}>; rel="next"`,
});
const indexing = (done: number, total: number, retryAfter = '2') =>
  new Response(
    JSON.stringify({
      error: `The index of posts is being built (${done} of ${total} files read); try again in ${retryAfter} s`,
      progress: { done, total },
    }),
    {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    },
  );
const query = (asked: Asked) => Object.fromEntries(asked.url.searchParams);

/** Lets answers, effects and timers due within `ms` run. */
const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The scroller as tall as 10 rows (jsdom lays nothing out), scrolled to put row `index` at its top. */
function scrollTo(index: number) {
  const scroller = document.querySelector<HTMLElement>('.item-scroller')!;
  scroller.scrollTop = index * 60;
  fireEvent.scroll(scroller);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rowTitles = () =>
  within(screen.getByRole('list', { name: 'Items' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.item-title')!.textContent);

describe('a collection that fits one page', () => {
  it('is asked for once and searched, sorted and filtered in the browser, as before', async () => {
    const asked = stubService(() =>
      answer(
        [
          item(1, 'Apples'),
          {
            ...item(2, 'Bananas'),
            frontmatter: { title: 'Bananas', date: '2024-03-01', draft: true },
          },
          item(3, 'Cherries'),
        ],
        { 'x-total-count': '3' },
      ),
    );
    render(page);
    await settle();
    expect(asked.map(query)).toEqual([{ limit: '1000' }]);
    expect(screen.getByRole('status').textContent).toBe('3 items · sorted by date, newest first');
    expect(rowTitles()).toEqual(['Bananas', 'Cherries', 'Apples']);

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'an' } });
    await settle(1000);
    expect(rowTitles()).toEqual(['Bananas']);
    expect(screen.getByRole('status').textContent).toBe(
      '1 of 3 items · sorted by date, newest first',
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'draft' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'title' } });
    await settle(1000);
    expect(rowTitles()).toEqual(['Bananas']);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    await settle(1000);
    expect(rowTitles()).toEqual(['Apples', 'Bananas', 'Cherries']);
    expect(asked).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    expect((screen.getByLabelText('Show') as HTMLSelectElement).disabled).toBe(false);
  });
});

describe('a collection larger than one page', () => {
  it('shows the newest first from the service, and loads more as the user scrolls', async () => {
    const asked = stubService((url) => {
      const { cursor, sort } = Object.fromEntries(url.searchParams);
      if (!sort) return answer(range(1, 1000), { 'x-total-count': '5000', ...next('p') });
      if (!cursor) return answer(range(5000, 200), { 'x-total-count': '5000', ...next('c1') });
      return undefined;
    });
    render(page);
    await settle();
    expect(asked.map(query)).toEqual([
      { limit: '1000' },
      { sort: 'date', order: 'desc', limit: '200' },
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      '5,000 items · sorted by date, newest first',
    );
    expect(rowTitles()[0]).toBe('Post 5000');
    const rows = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('5000');
    // The list is as tall as every row, loaded or not, so the scrollbar is honest.
    expect(screen.getByRole('list', { name: 'Items' }).style.height).toBe(`${5000 * 60}px`);

    scrollTo(100);
    await settle();
    expect(asked).toHaveLength(2);
    scrollTo(150);
    await settle();
    expect(query(asked[2]!)).toEqual({ sort: 'date', order: 'desc', limit: '200', cursor: 'c1' });
    // Scrolled past what is loaded: placeholders until the page arrives.
    scrollTo(200);
    await settle();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(asked).toHaveLength(3);
    await act(async () =>
      asked[2]!.answer(answer(range(4800, 200), { 'x-total-count': '5000', ...next('c2') })),
    );
    await settle();
    expect(screen.queryAllByText('Loading…')).toEqual([]);
    expect(rowTitles()).toContain('Post 4800');

    // The scrollbar dragged far ahead: one bigger page (at most 1,000) gets there sooner.
    scrollTo(2000);
    await settle();
    expect(query(asked[3]!)).toEqual({ sort: 'date', order: 'desc', limit: '1000', cursor: 'c2' });
    expect((screen.getByLabelText('Show') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select all loaded' })).toBeTruthy();
  });

  it('shows the sorted rows first when they come at once: the file-order page never flashes by', async () => {
    const asked = stubService((url) =>
      url.searchParams.get('sort')
        ? undefined
        : answer(range(1, 1000), { 'x-total-count': '5000', ...next('p') }),
    );
    render(page);
    await settle(399);
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading posts…');
    await act(async () =>
      asked[1]!.answer(answer(range(5000, 200), { 'x-total-count': '5000', ...next('c1') })),
    );
    await settle(1000);
    expect(rowTitles()[0]).toBe('Post 5000');
  });

  it('shows the file-order page when the sorted rows take longer, and the sorted rows when they come', async () => {
    const asked = stubService((url) =>
      url.searchParams.get('sort')
        ? undefined
        : answer(range(1, 1000), { 'x-total-count': '5000', ...next('p') }),
    );
    render(page);
    await settle(400);
    expect(rowTitles()[0]).toBe('Post 1');
    expect(screen.getByRole('status').textContent).toBe('5,000 items · in file order · updating…');
    await act(async () =>
      asked[1]!.answer(answer(range(5000, 200), { 'x-total-count': '5000', ...next('c1') })),
    );
    await settle();
    expect(rowTitles()[0]).toBe('Post 5000');
  });

  it('sends search and sort to the service once typing settles, aborting a request a newer one supersedes', async () => {
    const asked = stubService((url) => {
      const { q, sort } = Object.fromEntries(url.searchParams);
      if (!sort) return answer(range(1, 1000), { 'x-total-count': '5000', ...next('p') });
      if (!q) return answer(range(5000, 200), { 'x-total-count': '5000', ...next('c1') });
      return undefined;
    });
    render(page);
    await settle();
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'gar' } });
    await settle(100);
    fireEvent.change(search, { target: { value: 'garden' } });
    await settle(1000);
    // Two keystrokes within the wait: one request, for the whole text.
    expect(asked.slice(2).map(query)).toEqual([
      { sort: 'date', order: 'desc', q: 'garden', limit: '200' },
    ]);
    const first = asked[2]!;

    fireEvent.change(search, { target: { value: 'garden party' } });
    await settle(1000);
    expect(first.signal.aborted).toBe(true);
    expect(query(asked[3]!)).toEqual({
      sort: 'date',
      order: 'desc',
      q: 'garden party',
      limit: '200',
    });
    await act(async () =>
      asked[3]!.answer(answer([item(77, 'A garden party')], { 'x-total-count': '1' })),
    );
    await settle();
    expect(rowTitles()).toEqual(['A garden party']);
    expect(screen.getByRole('status').textContent).toBe(
      '1 of 5,000 items · sorted by date, newest first',
    );

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'title' } });
    await settle(1000);
    expect(query(asked[4]!)).toEqual({
      sort: 'title',
      order: 'asc',
      q: 'garden party',
      limit: '200',
    });
  });

  it('shows the index being built with its progress while rows in file order stay, asks again after Retry-After, then shows the sorted rows', async () => {
    let built = false;
    const asked = stubService((url) => {
      if (!url.searchParams.get('sort'))
        return answer(range(1, 1000), { 'x-total-count': '100000', ...next('p') });
      return built
        ? answer(range(100000, 200), { 'x-total-count': '100000', ...next('c1') })
        : indexing(12000, 100000, '5');
    });
    render(page);
    await settle();
    const bar = screen.getByRole('progressbar', { name: 'Indexing the collection' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12000');
    expect(bar.getAttribute('aria-valuemax')).toBe('100000');
    expect(screen.getByTestId('index-progress').textContent).toContain(
      'Indexing 12,000 of 100,000 files…',
    );
    // The path-order page never waits for the index: its rows are on screen meanwhile.
    expect(rowTitles()[0]).toBe('Post 1');

    await settle(4000);
    expect(asked).toHaveLength(2);
    built = true;
    await settle(1000);
    expect(asked).toHaveLength(3);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(rowTitles()[0]).toBe('Post 100000');
  });

  it('stops asking when the user leaves the list while the index is built', async () => {
    const asked = stubService((url) =>
      url.searchParams.get('sort')
        ? indexing(10, 100000, '3')
        : answer(range(1, 1000), { 'x-total-count': '100000', ...next('p') }),
    );
    const view = render(page);
    await settle();
    await settle(3000);
    expect(asked).toHaveLength(3);
    view.unmount();
    await settle(60_000);
    expect(asked).toHaveLength(3);
  });

  it('waits a bounded, growing time when a 503 gives no Retry-After', async () => {
    const asked = stubService((url) =>
      url.searchParams.get('sort')
        ? new Response(JSON.stringify({ error: 'building', progress: { done: 1, total: 9000 } }), {
            status: 503,
          })
        : answer(range(1, 1000), { 'x-total-count': '9000', ...next('p') }),
    );
    render(page);
    await settle();
    await settle(1999);
    expect(asked).toHaveLength(2);
    await settle(1);
    expect(asked).toHaveLength(3);
    await settle(4000);
    expect(asked).toHaveLength(4);
    // 8 s, 16 s, then never more than 30 s apart.
    await settle(8000 + 16_000 + 30_000);
    expect(asked).toHaveLength(7);
    await settle(29_999);
    expect(asked).toHaveLength(7);
  });
});
