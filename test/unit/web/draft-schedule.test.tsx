// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorBanners } from '../../../web/src/components/editor/editor-banners';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { RouterProvider } from '../../../web/src/router/router';
import { postFields, posts } from './fixtures';

/** The item being edited says when its change request is set to publish, in local time. */
const zone = process.env.TZ;
let asked = 0;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
  asked = 0;
  vi.stubGlobal('fetch', async () => {
    asked += 1;
    return new Response(
      JSON.stringify({
        schedules: [
          {
            id: 's1',
            action: 'publish',
            pull: 7,
            at: '2030-05-01T13:30:00.000Z',
            state: 'pending',
            createdBy: 'demo',
            createdAt: '2026-11-25T10:00:00Z',
          },
          {
            id: 's2',
            action: 'publish',
            pull: 8,
            at: '2030-05-02T13:30:00.000Z',
            state: 'pending',
            createdBy: 'demo',
            createdAt: '2026-11-25T10:00:00Z',
          },
        ],
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const show = (pull?: { number: number }) =>
  render(
    <RouterProvider>
      <RepoContext.Provider
        value={{
          repo: 'demo/blog',
          config: { name: 'Blog', collections: { posts } },
          pulls: { status: 'ready', data: [] },
          reloadPulls: () => {},
        }}
      >
        <EditorBanners
          repo="demo/blog"
          pull={pull}
          readOnly={false}
          saved={{ frontmatter: {}, body: '' }}
          definitions={postFields}
          onDiscardLocal={() => {}}
        />
      </RepoContext.Provider>
    </RouterProvider>,
  );

describe('the draft banner of a scheduled change request', () => {
  it('says when it publishes, in the editor’s time zone, named', async () => {
    show({ number: 7 });
    const note = await screen.findByTestId('draft-scheduled');
    expect(note.textContent).toMatch(/^Scheduled to publish .*09:30.*\(America\/New_York\)\.$/);
    expect(screen.getByTestId('draft-banner').contains(note)).toBe(true);
  });

  it('asks nothing for an item without a draft', async () => {
    show();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('draft-scheduled')).toBeNull();
    expect(asked).toBe(0);
  });
});
