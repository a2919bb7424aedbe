// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PresenceNotice from '../../../web/src/components/editor/presence-notice';
import { ItemListPage } from '../../../web/src/components/items/item-list-page';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

/** Presence in the editor: who else has the item open, on the item and in the list, and the heartbeat's pace. */
const mine = 'a'.repeat(40);
const theirs = 'b'.repeat(40);
const twoMinutesAgo = () => new Date(Date.now() - 120_000).toISOString();

interface Asked {
  method: string;
  path: string;
}
let asked: Asked[];
let beatAnswer: () => object;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  asked = [];
  beatAnswer = () => ({
    others: [{ login: 'alice', openedAt: twoMinutesAgo(), seenAt: twoMinutesAgo(), sha: mine }],
    file: { status: 'unchanged', sha: mine },
    heartbeatSeconds: 30,
    expiresInSeconds: 90,
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'https://cms.example');
    const method = init.method ?? 'GET';
    asked.push({ method, path: url.pathname });
    if (url.pathname.includes('/presence/posts/')) {
      return method === 'PUT' ? json(beatAnswer()) : json({ ok: true });
    }
    if (url.pathname.endsWith('/presence/posts'))
      return json({
        editors: [
          { slug: 'hello', login: 'alice', openedAt: twoMinutesAgo(), seenAt: twoMinutesAgo() },
        ],
      });
    if (url.pathname.endsWith('/content/posts'))
      return json([
        {
          slug: 'hello',
          path: 'content/posts/hello.md',
          sha: mine,
          frontmatter: { title: 'Hello', date: '2024-01-01' },
        },
        {
          slug: 'other',
          path: 'content/posts/other.md',
          sha: theirs,
          frontmatter: { title: 'Other', date: '2024-01-02' },
        },
      ]);
    return new Response('{"error":"not stubbed"}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setVisibility('visible');
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
const beats = () => asked.filter((call) => call.method === 'PUT').length;
const settle = () => act(async () => {});

const notice = (sha = mine) => (
  <PresenceNotice repo="demo/blog" collection="posts" slug="hello" sha={sha} />
);

describe('the presence notice on an item', () => {
  it('says who else is editing and since when', async () => {
    render(notice());
    expect(await screen.findByText('alice is editing — opened 2 minutes ago.')).toBeTruthy();
    expect(screen.getByTestId('presence-notice').className).toContain('banner-info');
  });

  it('announces, before a save, that the other side saved a newer version', async () => {
    // Prepare: alice has saved; her heartbeat names the version now on the default branch.
    beatAnswer = () => ({
      others: [{ login: 'alice', openedAt: twoMinutesAgo(), seenAt: twoMinutesAgo(), sha: theirs }],
      file: { status: 'changed', sha: theirs },
      heartbeatSeconds: 30,
      expiresInSeconds: 90,
    });

    // Act
    render(notice());

    // Assess
    expect(
      await screen.findByText('alice saved a newer version — your save will need merging.'),
    ).toBeTruthy();
    expect(screen.getByTestId('presence-notice').className).toContain('banner-warning');
  });

  it('shows nothing when nobody else has the item open and it did not change', async () => {
    beatAnswer = () => ({
      others: [],
      file: { status: 'unchanged', sha: mine },
      heartbeatSeconds: 30,
      expiresInSeconds: 90,
    });
    render(notice());
    await settle();
    expect(beats()).toBe(1);
    expect(screen.queryByTestId('presence-notice')).toBeNull();
  });
});

describe('the heartbeat', () => {
  it('beats every 30 s while visible, stops while the tab is hidden, beats at once when it shows again, and says goodbye on leaving', async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(notice());
    await settle();
    expect(beats()).toBe(1);

    // Act + Assess: the pace the service names.
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(beats()).toBe(2);

    // Hidden: nothing, however long.
    setVisibility('hidden');
    await act(async () => vi.advanceTimersByTime(10 * 60_000));
    expect(beats()).toBe(2);

    // Visible again: at once.
    setVisibility('visible');
    await settle();
    expect(beats()).toBe(3);

    view.unmount();
    await settle();
    expect(asked.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/repos/demo%2Fblog/presence/posts/hello',
    });
  });

  it('beats at once with the new version after a save', async () => {
    const view = render(notice(mine));
    await settle();
    view.rerender(notice(theirs));
    await settle();
    expect(beats()).toBe(2);
  });
});

describe('the item list', () => {
  it('shows who is editing an item on its row', async () => {
    // The list renders the rows in view: give the scroller a height, as a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    render(
      <RouterProvider>
        <RepoContext.Provider
          value={{
            repo: 'demo/blog',
            config: { name: 'Blog', collections: { posts } },
            pulls: { status: 'ready' as const, data: [] },
            reloadPulls: () => {},
          }}
        >
          <ItemListPage collection="posts" />
        </RepoContext.Provider>
      </RouterProvider>,
    );
    const badge = await screen.findByTestId('editing-badge');
    expect(badge.textContent).toBe('alice is editing');
    expect(badge.closest('li')!.textContent).toContain('Hello');
    expect(screen.getAllByTestId('editing-badge')).toHaveLength(1);
  });
});
