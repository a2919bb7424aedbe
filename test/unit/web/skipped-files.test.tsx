// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listItems } from '../../../web/src/api/content';
import { SkippedFiles } from '../../../web/src/components/items/skipped-files';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('files the list leaves out', () => {
  it("are counted from the list answer's X-Skipped-Files header", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([], { 'x-skipped-files': '2' })),
    );
    expect(await listItems('demo/blog', 'posts')).toEqual({ items: [], skipped: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    expect(await listItems('demo/blog', 'posts')).toEqual({ items: [], skipped: 0 });
  });

  it('are said, and their reasons shown on request', async () => {
    const fetch = vi.fn(async () =>
      json([
        { path: 'content/posts/notes.txt', reason: 'not-markdown', message: 'Not a markdown file' },
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    render(<SkippedFiles repo="demo/blog" collection="posts" count={1} />);

    expect(screen.getByTestId('skipped-files').textContent).toContain(
      '1 file in this folder is not listed.',
    );
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show why' }));

    expect(await screen.findByText('content/posts/notes.txt')).toBeTruthy();
    expect(screen.getByTestId('skipped-files').textContent).toContain('Not a markdown file');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(
      '/api/repos/demo%2Fblog/content/posts/_skipped',
    );
  });

  it('say nothing when nothing was left out', () => {
    render(<SkippedFiles repo="demo/blog" collection="posts" count={0} />);
    expect(screen.queryByTestId('skipped-files')).toBeNull();
  });
});
