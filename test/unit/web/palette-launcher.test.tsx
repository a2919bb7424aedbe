// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { PaletteLauncher } from '../../../web/src/components/repos/palette-launcher';
import { RouterProvider } from '../../../web/src/router/router';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = {
  name: 'Docs',
  collections: {
    docs: {
      label: 'Docs',
      directory: 'content/docs',
      fields: [{ name: 'title', type: 'string', label: 'Title' }],
    },
  },
} as unknown as CmsConfig;

/**
 * The palette opened on a collection too large for one answer: it asks for the first page only
 * (the whole array would be refused with a 400), and lists what that page holds.
 */
describe('the command palette of a large collection', () => {
  it("asks for each collection's first page, never the whole array, and offers its items", async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'https://cms.example');
        asked.push(url);
        if (!url.searchParams.has('limit'))
          return new Response(
            JSON.stringify({
              error: 'docs has 100,000 items, more than one answer can carry (6 MB); ask for pages',
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        const items = [
          {
            slug: 'install',
            path: 'content/docs/install.md',
            sha: 'a'.repeat(40),
            frontmatter: { title: 'Install the service' },
          },
        ];
        return new Response(JSON.stringify(items), {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-total-count': '100000',
            link: '<https://cms.example/api/repos/demo%2Fdocs/content/docs?limit=1000&cursor=c1>; rel="next"',
          },
        });
      }),
    );
    render(
      <RouterProvider>
        <PaletteLauncher repo="demo/docs" config={config} />
      </RouterProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: /Go to/ }));

    expect(await screen.findByRole('option', { name: /Install the service/ })).toBeTruthy();
    expect(asked.map((url) => `${url.pathname}?${url.searchParams}`)).toEqual([
      '/api/repos/demo%2Fdocs/content/docs?limit=1000',
    ]);
  });
});
