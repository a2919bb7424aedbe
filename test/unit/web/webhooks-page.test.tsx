// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhooksPage } from '../../../web/src/components/webhooks/webhooks-page';
import { RepoContext } from '../../../web/src/components/repos/repo-context';
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

const hook = {
  id: 'h1',
  url: 'https://hooks.example.com/cms',
  events: ['content.saved'],
  createdAt: '2026-11-25T10:00:00.000Z',
  createdBy: 'demo',
};
const delivery = {
  id: 'dlv_1',
  event: 'content.saved',
  state: 'delivered',
  attempt: 1,
  createdAt: '2026-11-25T10:01:00.000Z',
  lastAttemptAt: '2026-11-25T10:01:00.000Z',
  responseStatus: 200,
  responseBody: 'ok',
  durationMs: 42,
};
const sent: { method: string; url: string; body?: string }[] = [];
let hooks = [hook];
/** Set: every call answers this 403, as the service does for a write collaborator. */
let refusal: string | undefined;
let pushes: { lastDeliveryAt: string | null; inUse: boolean } = {
  lastDeliveryAt: '2026-11-25T10:02:00.000Z',
  inUse: true,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, url, ...(typeof init?.body === 'string' && { body: init.body }) });
    if (refusal) return json({ error: refusal }, 403);
    if (url.endsWith('/deliveries')) return json({ deliveries: [delivery] });
    if (url.endsWith('/test'))
      return json({ ...delivery, id: 'dlv_2', event: 'ping', responseStatus: 204 });
    if (method === 'POST') {
      const created = {
        ...hook,
        id: 'h2',
        url: 'https://ci.example.com/x',
        events: ['pull.merged'],
      };
      hooks = [...hooks, created];
      return json({ ...created, secret: 'whsec_shown_once' }, 201);
    }
    if (method === 'DELETE') {
      const gone = hooks.find((entry) => url.endsWith(`/${entry.id}`))!;
      hooks = hooks.filter((entry) => entry !== gone);
      return json(gone);
    }
    return json({ webhooks: hooks, githubPushes: pushes });
  });
});

describe('the webhooks page', () => {
  it("says whether GitHub's push deliveries keep lists fresh", async () => {
    render(inRepo(<WebhooksPage />));
    expect((await screen.findByTestId('github-pushes')).textContent).toMatch(
      /GitHub last delivered a push .*: lists answer from the service's records/,
    );
    cleanup();
    pushes = { lastDeliveryAt: null, inUse: false };
    render(inRepo(<WebhooksPage />));
    expect((await screen.findByTestId('github-pushes')).textContent).toBe(
      'No push delivery from GitHub yet: every list of this repository reads GitHub.',
    );
    cleanup();
    pushes = { lastDeliveryAt: '2026-11-25T10:02:00.000Z', inUse: false };
    render(inRepo(<WebhooksPage />));
    expect((await screen.findByTestId('github-pushes')).textContent).toMatch(
      /a later push came without one: every list reads GitHub/,
    );
  });

  it('lists subscriptions, creates one showing its secret once, sends a test, shows deliveries and deletes', async () => {
    render(inRepo(<WebhooksPage />));
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows[0]!.textContent).toMatch(
      /hooks\.example\.com\/cms.*An item is saved, published or to a change request.*content\.saved/,
    );

    fireEvent.change(screen.getByLabelText('Address'), {
      target: { value: 'https://ci.example.com/x' },
    });
    fireEvent.click(screen.getByLabelText('A change request is published'));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveProperty(
      'value',
      'whsec_shown_once',
    );
    expect(JSON.parse(sent.find((request) => request.method === 'POST')!.body!)).toEqual({
      url: 'https://ci.example.com/x',
      events: ['pull.merged'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(2));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();

    const first = screen.getAllByTestId('webhook-row')[0]!;
    fireEvent.click(
      within(first).getByRole('button', { name: 'Send a test to https://hooks.example.com/cms' }),
    );
    expect(await screen.findByText('Test: Delivered: the receiver answered 204.')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: /Show the last deliveries/ }));
    const deliveries = await screen.findAllByTestId('delivery-row');
    expect(deliveries[0]!.textContent).toMatch(
      /content\.saved.*Delivered: the receiver answered 200\..*42 ms/,
    );

    fireEvent.click(
      within(screen.getAllByTestId('webhook-row')[1]!).getByRole('button', {
        name: 'Delete the webhook to https://ci.example.com/x',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(1));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/repos/demo%2Fblog/webhooks/h2' },
    ]);
  });

  it('labels each event in words with its checkbox, and says why Add is disabled', async () => {
    render(inRepo(<WebhooksPage />));
    const add = await screen.findByRole('button', { name: 'Add webhook' });
    const reason = () => document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(add).toHaveProperty('disabled', true);
    expect(reason()?.textContent).toBe(
      'Enter the address to send to, then choose at least one event.',
    );
    fireEvent.change(screen.getByLabelText('Address'), {
      target: { value: 'https://ci.example.com/y' },
    });
    expect(reason()?.textContent).toBe('Choose at least one event to send.');
    const checkbox = screen.getByLabelText('A file is uploaded to the media library');
    expect(document.getElementById(checkbox.getAttribute('aria-describedby')!)?.textContent).toBe(
      'media.uploaded',
    );
    fireEvent.click(checkbox);
    expect(add).toHaveProperty('disabled', false);
    expect(add.getAttribute('aria-describedby')).toBeNull();
  });

  it('tells a collaborator without admin or maintain why there is nothing to manage, without a retry or a form', async () => {
    refusal =
      'Managing webhooks of demo/blog needs admin or maintain permission on GitHub; you have write';
    try {
      render(inRepo(<WebhooksPage />));
      expect((await screen.findByTestId('webhooks-refusal')).textContent).toBe(refusal);
      expect(
        screen.getByText("Webhooks are managed by the repository's admins and maintainers"),
      ).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByLabelText('Address')).toBeNull();
    } finally {
      refusal = undefined;
    }
  });
});
