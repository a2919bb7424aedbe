// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaLibraryDialog } from '../../../web/src/components/media/media-library-dialog';
import type { MediaScopeValue } from '../../../web/src/components/media/media-scope';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const file = (name: string, size = 2048) => ({
  name,
  path: `static/images/${name}`,
  publicPath: `/images/${name}`,
  size,
  type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
  sha: `${name.length}`.padEnd(40, 'a'),
});
const scope = (ref?: string): MediaScopeValue => ({
  repo: 'demo/blog',
  media: [{ directory: 'static/images', publicPath: '/images' }],
  ref,
  target: { repo: 'demo/blog', collection: 'posts' },
  onUploaded: () => {},
});

/** Answers the list in two pages and records every request. */
function service(deleteAnswers: Response[] = []) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if ((init?.method ?? 'GET') === 'DELETE')
        return deleteAnswers.shift() ?? json({ ok: true, commit: 'c' });
      const page =
        new URL(url, 'http://x').searchParams.get('cursor') === 'p2'
          ? {
              directory: 'static/images',
              publicPath: '/images',
              files: [file('sea.png')],
              nextCursor: null,
            }
          : {
              directory: 'static/images',
              publicPath: '/images',
              files: [file('hills.png'), file('guide.pdf', 5_000_000)],
              nextCursor: 'p2',
            };
      return json(page);
    }),
  );
  return requests;
}

describe('the media library dialog', () => {
  it('shows the first page as a grid, loads more, searches by name and selects a file', async () => {
    const requests = service();
    const chosen: string[] = [];
    render(
      <MediaLibraryDialog
        scope={scope('cms/posts/hello')}
        kind="file"
        onSelect={(picked) => chosen.push(picked.publicPath)}
        onClose={() => {}}
      />,
    );
    await screen.findByRole('button', { name: /^Choose hills\.png/ });
    expect(screen.getByRole('button', { name: /^Choose guide\.pdf/ }).textContent).toContain(
      '4.8 MB',
    );
    expect(
      screen.getByRole('list', { name: 'Media files' }).querySelector('img')?.getAttribute('src'),
    ).toBe(
      '/api/repos/demo%2Fblog/media/file?path=static%2Fimages%2Fhills.png&ref=cms%2Fposts%2Fhello',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: /^Choose sea\.png/ });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), {
      target: { value: 'SEA' },
    });
    expect(screen.getAllByRole('button', { name: /^Choose / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Choose sea\.png/ }));
    expect(chosen).toEqual(['/images/sea.png']);
    expect(requests).toEqual([
      'GET /api/repos/demo%2Fblog/media?collection=posts&ref=cms%2Fposts%2Fhello',
      'GET /api/repos/demo%2Fblog/media?collection=posts&ref=cms%2Fposts%2Fhello&cursor=p2',
    ]);
  });

  it('offers only images to an image field', async () => {
    service();
    render(
      <MediaLibraryDialog scope={scope()} kind="image" onSelect={() => {}} onClose={() => {}} />,
    );
    await screen.findByRole('button', { name: /^Choose hills\.png/ });
    expect(screen.queryByRole('button', { name: /^Choose guide\.pdf/ })).toBeNull();
  });

  it('deletes after a confirmation, by sha, on the default branch, and on the draft for a file only the draft has', async () => {
    const requests = service([json({ error: 'No such file' }, 404)]);
    render(
      <MediaLibraryDialog
        scope={scope('cms/posts/hello')}
        kind="file"
        onSelect={() => {}}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete hills.png' }));
    expect(requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Choose hills\.png/ })).toBeNull(),
    );
    const sha = file('hills.png').sha;
    expect(requests.filter((request) => request.startsWith('DELETE'))).toEqual([
      `DELETE /api/repos/demo%2Fblog/media/file?path=static%2Fimages%2Fhills.png&sha=${sha}`,
      `DELETE /api/repos/demo%2Fblog/media/file?path=static%2Fimages%2Fhills.png&sha=${sha}&ref=cms%2Fposts%2Fhello`,
    ]);
  });
});
