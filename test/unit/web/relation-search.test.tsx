// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListItemField } from '../../../shared/content/config-schema';
import { RelationInput } from '../../../web/src/components/editor/relation-input';
import { RelationItemsProvider } from '../../../web/src/components/editor/relation-items';
import { relationSourceOf } from '../../../web/src/components/editor/relation-source';

/**
 * A relation picker against a stubbed list route: a related collection that fits its first page
 * is searched in the browser as before; a larger one is searched by the service (`q`, `limit`).
 */
const author = (slug: string, name: string) => ({
  slug,
  path: `content/authors/${slug}.md`,
  sha: 'a'.repeat(40),
  frontmatter: { title: name, name },
});
const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const more = {
  link: '<https://cms.example/api/repos/demo%2Fblog/content/authors?limit=1000&cursor=p2>; rel="next"',
  'x-total-count': '9000',
};

interface Asked {
  url: URL;
  signal: AbortSignal;
  answer(response: Response): void;
}

function stubService(respond: (url: URL) => Response | undefined) {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    (input: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const url = new URL(input, 'https://cms.example');
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
        asked.push({ url, signal: init.signal!, answer: resolve });
        const response = respond(url);
        if (response) resolve(response);
      }),
  );
  return asked;
}

const field: ListItemField = {
  name: 'author',
  type: 'relation',
  label: 'Author',
  collection: 'authors',
  displayField: 'name',
} as ListItemField;

function Picker({ initial }: { initial: string }) {
  const [value, setValue] = useState<string | string[]>(initial);
  const [source] = useState(() => relationSourceOf('demo/blog'));
  return (
    <RelationItemsProvider source={source}>
      <label htmlFor="author">Author</label>
      <RelationInput id="author" field={field} label="Author" value={value} onChange={setValue} />
      <span data-testid="value">{String(value)}</span>
    </RelationItemsProvider>
  );
}

const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Answers, then the search input loaded on demand for a large collection, then what it asks. */
async function settleAll() {
  for (let round = 0; round < 4; round += 1) {
    await settle();
    await act(() => import('../../../web/src/components/editor/relation-search-input'));
  }
}
const options = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option')
    .map((option) => option.firstChild?.textContent);
const pathAndQuery = (asked: Asked) => `${asked.url.pathname}${asked.url.search}`;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a relation to a collection that fits one page', () => {
  it('loads it once and searches it in the browser, by the display field too', async () => {
    const asked = stubService(() =>
      json([author('ada', 'Ada Lovelace'), author('grace', 'Grace Hopper')], {
        'x-total-count': '2',
      }),
    );
    render(<Picker initial="ada" />);
    await settle();
    expect(screen.getByRole('list', { name: 'Author' }).textContent).toContain('Ada Lovelace');
    const combo = screen.getByRole('combobox', { name: 'Author' });
    fireEvent.focus(combo);
    fireEvent.change(combo, { target: { value: 'hopp' } });
    await settle(1000);
    expect(options()).toEqual(['Grace Hopper']);
    expect(asked.map(pathAndQuery)).toEqual(['/api/repos/demo%2Fblog/content/authors?limit=1000']);
  });
});

describe('a relation to a collection larger than one page', () => {
  it('asks the service for the text typed once it settles, aborting a superseded search, and picks from its answer', async () => {
    const asked = stubService((url) =>
      url.searchParams.get('q') ? undefined : json([author('ada', 'Ada Lovelace')], more),
    );
    render(<Picker initial="" />);
    await settleAll();
    const combo = screen.getByRole('combobox', { name: 'Author' });
    fireEvent.focus(combo);
    fireEvent.change(combo, { target: { value: 'gr' } });
    await settle(100);
    fireEvent.change(combo, { target: { value: 'grace' } });
    await settle(1000);
    expect(asked.slice(1).map(pathAndQuery)).toEqual([
      '/api/repos/demo%2Fblog/content/authors?limit=20&q=grace',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Searching…');

    fireEvent.change(combo, { target: { value: 'grace h' } });
    await settle(1000);
    expect(asked[1]!.signal.aborted).toBe(true);
    expect(pathAndQuery(asked[2]!)).toBe(
      '/api/repos/demo%2Fblog/content/authors?limit=20&q=grace+h',
    );
    await act(async () =>
      asked[2]!.answer(json([author('grace-hopper', 'Grace Hopper')], { 'x-total-count': '1' })),
    );
    await settle();
    expect(options()).toEqual(['Grace Hopper']);
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('grace-hopper');
    expect(screen.getByRole('list', { name: 'Author' }).textContent).toContain('Grace Hopper');
  });

  it('reads a chosen item missing from the first page by slug for its label, and warns of one that does not exist', async () => {
    const asked = stubService((url) => {
      if (url.pathname.endsWith('/content/authors'))
        return json([author('ada', 'Ada Lovelace')], more);
      if (url.pathname.endsWith('/content/authors/zora'))
        return json({ ...author('zora', 'Zora Neale Hurston'), body: '' });
      return json({ error: 'No item gone in authors' }, {}, 404);
    });
    render(<Picker initial="zora" />);
    await settleAll();
    expect(screen.getByRole('list', { name: 'Author' }).textContent).toContain(
      'Zora Neale Hurston',
    );
    expect(asked.map(pathAndQuery)).toContain('/api/repos/demo%2Fblog/content/authors/zora');
    cleanup();

    render(<Picker initial="gone" />);
    await settleAll();
    expect(screen.getByRole('list', { name: 'Author' }).textContent).toContain(
      'no item "gone" in authors',
    );
  });

  it('says how far the index has come while the search waits for it, then shows the matches', async () => {
    let built = false;
    stubService((url) => {
      if (!url.searchParams.get('q')) return json([author('ada', 'Ada Lovelace')], more);
      return built
        ? json([author('linus', 'Linus')], { 'x-total-count': '1' })
        : json(
            { error: 'being built', progress: { done: 500, total: 9000 } },
            { 'retry-after': '3' },
            503,
          );
    });
    render(<Picker initial="" />);
    await settleAll();
    const combo = screen.getByRole('combobox', { name: 'Author' });
    fireEvent.focus(combo);
    fireEvent.change(combo, { target: { value: 'lin' } });
    await settle(300);
    expect(screen.getByRole('status').textContent).toBe('Indexing authors: 500 of 9,000 files…');
    built = true;
    await settle(3000);
    expect(options()).toEqual(['Linus']);
  });
});
