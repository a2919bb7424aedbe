// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullRequestDetail } from '../../../shared/pulls/schemas';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
import { SchedulePanel } from '../../../web/src/components/reviews/schedule-panel';
import { withLocalOffset } from '../../../web/src/lib/local-time';
import { RouterProvider } from '../../../web/src/router/router';
import { posts } from './fixtures';

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

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

const pull: PullRequestDetail = {
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
  mergeBlockers: [],
};

let stored: Record<string, unknown>[];
let requests: { method: string; url: string; body?: Record<string, unknown> }[];
beforeEach(() => {
  stored = [];
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    requests.push({ method, url, ...(body && { body }) });
    if (method === 'POST') {
      const created = {
        id: 's1',
        action: 'publish',
        pull: body!.pull,
        at: body!.at,
        state: 'pending',
        createdBy: 'demo',
        createdAt: '2026-11-25T10:00:00Z',
      };
      stored.push(created);
      return new Response(JSON.stringify(created), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (method === 'DELETE') {
      stored = stored.map((schedule) => ({
        ...schedule,
        state: 'cancelled',
        finishedAt: '2026-11-25T10:05:00Z',
      }));
      return new Response(JSON.stringify(stored[0]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ schedules: stored }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe('the local time of a schedule', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("is sent with the offset the editor's zone has at that moment, and shown with the zone named", async () => {
    // Prepare: an editor in Berlin (summer time in May, UTC+2).
    process.env.TZ = 'Europe/Berlin';
    render(inRepo(<SchedulePanel pull={pull} />));
    const label = await screen.findByText(/Publish at/);
    expect(label.textContent).toMatch(/\(Europe\/Berlin, GMT\+[12]\)$/);
    const input = (await screen.findByLabelText(/Publish at/)) as HTMLInputElement;

    // Act
    fireEvent.change(input, { target: { value: '2030-05-01T09:30' } });
    // The offset named is the one of the moment chosen: summer time in May.
    expect(label.textContent).toBe('Publish at (Europe/Berlin, GMT+2)');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule publish' }));

    // Assess: the instant 07:30 UTC, named as 09:30 at +02:00, and shown back in Berlin's time.
    const pending = await screen.findByTestId('schedule-pending');
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body!.at).toBe('2030-05-01T09:30:00+02:00');
    expect(pending.textContent).toMatch(/09:30.*\(Europe\/Berlin\)/);
  });
});

describe('publishing a draft later, from its review page', () => {
  it('sets a schedule at the chosen local time, sent as an instant, then shows it with Move and Cancel', async () => {
    render(inRepo(<SchedulePanel pull={pull} />));
    const input = (await screen.findByLabelText(/Publish at/)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2030-05-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule publish' }));
    await screen.findByTestId('schedule-pending');
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('/api/repos/demo%2Fblog/schedules');
    expect(post.body).toEqual({
      action: 'publish',
      pull: 7,
      at: withLocalOffset('2030-05-01T09:30'),
    });
    expect(Date.parse(String(post.body!.at))).toBe(new Date('2030-05-01T09:30').getTime());
    expect(screen.getByTestId('schedule-pending').textContent).toContain('by @demo');
    expect(screen.getByRole('button', { name: 'Move' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    await waitFor(() => expect(screen.queryByTestId('schedule-pending')).toBeNull());
    expect(
      requests.some(
        (request) =>
          request.method === 'DELETE' && request.url === '/api/repos/demo%2Fblog/schedules/s1',
      ),
    ).toBe(true);
    expect(screen.getByTestId('schedule-last').textContent).toContain('Schedule cancelled');
  });

  it('shows why the last scheduled publish failed', async () => {
    stored = [
      {
        id: 's2',
        action: 'publish',
        pull: 7,
        at: '2026-11-25T09:00:00Z',
        state: 'failed',
        createdBy: 'demo',
        createdAt: '2026-11-25T08:00:00Z',
        finishedAt: '2026-11-25T09:00:01Z',
        error: 'At least 1 approving review is required',
      },
    ];
    render(inRepo(<SchedulePanel pull={pull} />));
    const last = await screen.findByTestId('schedule-last');
    expect(last.textContent).toContain('Scheduled publish failed');
    expect(last.textContent).toContain('At least 1 approving review is required');
  });

  it("says who may change someone else's schedule, and shows the service's refusal", async () => {
    // Prepare: alice views demo's pending schedule; the service refuses her as it refuses a write collaborator
    const refusal =
      'Schedule s3 was set by demo: only they or an admin of demo/blog on GitHub may move or cancel it; you have write';
    stored = [
      {
        id: 's3',
        action: 'publish',
        pull: 7,
        at: '2030-05-01T08:00:00Z',
        state: 'pending',
        createdBy: 'demo',
        createdAt: '2026-11-25T08:00:00Z',
      },
    ];
    const listing = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) =>
      init.method === 'DELETE'
        ? new Response(JSON.stringify({ error: refusal }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          })
        : listing(url, init),
    );

    // Act
    render(inRepo(<SchedulePanel pull={pull} viewer="alice" />));
    const owner = await screen.findByTestId('schedule-owner');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }));

    // Assess
    expect(owner.textContent).toBe(
      'Only @demo or an admin of demo/blog on GitHub can move or cancel it.',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByTestId('schedule-pending').textContent).toContain('by @demo');
  });

  it('says nothing of the kind to the person who set it', async () => {
    stored = [
      {
        id: 's4',
        action: 'publish',
        pull: 7,
        at: '2030-05-01T08:00:00Z',
        state: 'pending',
        createdBy: 'Alice',
        createdAt: '2026-11-25T08:00:00Z',
      },
    ];
    render(inRepo(<SchedulePanel pull={pull} viewer="alice" />));
    await screen.findByTestId('schedule-pending');
    expect(screen.queryByTestId('schedule-owner')).toBeNull();
  });
});
