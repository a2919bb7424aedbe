import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../shared/logger';
import { keys } from '../../../shared/store/keys';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import { localNetworkPolicy, strictNetworkPolicy } from '../../../shared/webhooks/address-guard';
import { backoffSeconds, createDeliverer, maxAttempts } from '../../../shared/webhooks/deliverer';
import { createDeliveryLog, deliveryAsSeen } from '../../../shared/webhooks/delivery-log';
import { createWebhookDispatch, withWebhooks } from '../../../shared/webhooks/dispatch';
import { sendWebhookRequest } from '../../../shared/adapters/http/http-sender';
import {
  createLocalWebhookQueue,
  type Scheduler,
} from '../../../shared/adapters/local/local-webhook-queue';
import { verifyWebhookSignature } from '../../../shared/webhooks/signature';
import { createWebhookSubscriptions } from '../../../shared/webhooks/subscriptions';
import type { ActivityRecord } from '../../../shared/activity/activity-schemas';
import { createMemoryKeyProvider } from '../../fakes/memory-key-provider';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(`answer ${received.length} ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const write = (action: string, status = 200): ActivityRecord => ({
  at: '2026-01-01T00:00:00.000Z',
  action,
  request: 'PUT /api/repos/demo/blog/content/posts/hello',
  status,
  actor: { login: 'demo', via: 'session' },
  repo: 'demo/blog',
  target: { collection: 'posts', slug: 'hello' },
  requestId: 'req-1',
});

describe('webhook deliveries', () => {
  let now = Date.UTC(2026, 0, 1);
  let timers: { at: number; run: () => void }[] = [];
  let closers: (() => Promise<void>)[] = [];
  const scheduler: Scheduler = (ms, run) => void timers.push({ at: now + ms, run });
  /** Moves the clock to the next timer and runs it; resolves once its attempt is done. */
  async function runNext(settle: () => boolean) {
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift()!;
    const waited = next.at - now;
    now = next.at;
    next.run();
    await expect.poll(settle, { timeout: 5000, interval: 5 }).toBe(true);
    return waited;
  }

  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    timers = [];
    closers = [];
  });
  afterEach(async () => Promise.all(closers.map((close) => close())));

  function setup(policy = localNetworkPolicy) {
    const store = createMemoryStore({ now: () => now });
    const subscriptions = createWebhookSubscriptions({
      store,
      keyProvider: createMemoryKeyProvider(),
      now: () => now,
      policy,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const log = createDeliveryLog({ store, now: () => now });
    const deliverer = createDeliverer({
      subscriptions,
      log,
      send: sendWebhookRequest,
      policy,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      now: () => now,
      logger: silentLogger,
    });
    const queue = createLocalWebhookQueue({
      scheduler,
      deliverer: () => deliverer,
      logger: silentLogger,
    });
    const dispatch = createWebhookDispatch({ store, queue, now: () => now, logger: silentLogger });
    return { store, subscriptions, log, deliverer, queue, dispatch };
  }

  it('queues a signed delivery for each listener of a recorded write, and none for others', async () => {
    const hook = await receiver([204]);
    closers.push(hook.close);
    const { subscriptions, dispatch, log } = setup();
    const saved = await subscriptions.create({
      repo: 'demo/blog',
      input: { url: hook.url, events: ['content.saved'] },
      createdBy: 'demo',
    });
    await subscriptions.create({
      repo: 'demo/blog',
      input: { url: hook.url, events: ['pull.merged'] },
      createdBy: 'demo',
    });

    expect(await dispatch(write('putContent'))).toBe(1);
    expect(await dispatch(write('putContent', 409))).toBe(0);
    expect(await dispatch(write('listContent'))).toBe(0);
    expect((await log.latest(saved.id)).map((entry) => entry.state)).toEqual(['pending']);
    expect(timers).toHaveLength(1);
    await runNext(() => hook.received.length === 1);

    const [request] = hook.received;
    expect(request!.headers['x-cms-event']).toBe('content.saved');
    expect(request!.headers['x-cms-delivery']).toMatch(/^dlv_/);
    expect(
      verifyWebhookSignature({
        secret: saved.secret,
        header: String(request!.headers['x-cms-signature']),
        body: request!.body,
        nowMs: now,
      }),
    ).toEqual({ ok: true, timestamp: Math.floor(now / 1000) });
    expect(JSON.parse(request!.body)).toMatchObject({
      event: 'content.saved',
      repo: 'demo/blog',
      action: 'putContent',
      target: { collection: 'posts', slug: 'hello' },
      actor: { login: 'demo' },
    });
    await expect.poll(async () => (await log.latest(saved.id))[0]?.state).toBe('delivered');
    const [entry] = await log.latest(saved.id);
    expect(entry).toMatchObject({
      attempt: 1,
      responseStatus: 204,
      id: request!.headers['x-cms-delivery'],
    });
    expect(timers).toEqual([]);
  });

  it('retries a failed delivery with backoff, then marks it dead and dead-letters it', async () => {
    const hook = await receiver([500]);
    closers.push(hook.close);
    const { subscriptions, dispatch, log, queue } = setup();
    const created = await subscriptions.create({
      repo: 'demo/blog',
      input: { url: hook.url, events: ['pull.merged'] },
      createdBy: 'demo',
    });
    await dispatch(write('mergePull'));

    const waits: number[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      waits.push(
        await runNext(
          () =>
            hook.received.length === attempt &&
            (attempt === maxAttempts ? queue.deadLetters.length === 1 : timers.length === 1),
        ),
      );
      const [entry] = await log.latest(created.id);
      expect(entry).toMatchObject({
        attempt,
        responseStatus: 500,
        state: attempt < maxAttempts ? 'retrying' : 'dead',
        responseBodyWithheld: 'private-address',
      });
    }
    expect(waits).toEqual([0, ...backoffSeconds.map((seconds) => seconds * 1000)]);
    expect(queue.deadLetters.map((job) => job.attempt)).toEqual([maxAttempts]);
    expect(timers).toEqual([]);
    // Every attempt is signed anew with its own time, over the same body.
    expect(new Set(hook.received.map((request) => request.body)).size).toBe(1);
    expect(new Set(hook.received.map((request) => request.headers['x-cms-signature'])).size).toBe(
      maxAttempts,
    );
  });

  it('recovers on a later attempt', async () => {
    const hook = await receiver([503, 502, 200]);
    closers.push(hook.close);
    const { subscriptions, dispatch, log } = setup();
    const created = await subscriptions.create({
      repo: 'demo/blog',
      input: { url: hook.url, events: ['content.deleted'] },
      createdBy: 'demo',
    });
    await dispatch(write('deleteContent'));
    // Each failed attempt is answered before its retry is queued: wait for both, not the answer alone.
    for (let attempt = 1; attempt <= 3; attempt += 1)
      await runNext(
        () => hook.received.length === attempt && (attempt === 3 || timers.length === 1),
      );
    await expect
      .poll(async () => (await log.latest(created.id))[0])
      .toMatchObject({ state: 'delivered', attempt: 3, responseStatus: 200 });
    expect(timers).toEqual([]);
  });

  it('checks the address again at each attempt: a host that now resolves to a private address is refused, and nothing is sent', async () => {
    const { store } = setup();
    let answer = '93.184.216.34';
    const sent: string[] = [];
    const subscriptions = createWebhookSubscriptions({
      store,
      keyProvider: createMemoryKeyProvider(),
      now: () => now,
      policy: strictNetworkPolicy,
      lookup: async () => [{ address: answer, family: 4 }],
    });
    const created = await subscriptions.create({
      repo: 'demo/blog',
      input: { url: 'https://hooks.example.com/x', events: ['content.saved'] },
      createdBy: 'demo',
    });
    answer = '169.254.169.254';
    const log = createDeliveryLog({ store, now: () => now });
    const deliverer = createDeliverer({
      subscriptions,
      log,
      send: async (request) => (sent.push(request.address), { status: 200, durationMs: 1 }),
      policy: strictNetworkPolicy,
      lookup: async () => [{ address: answer, family: 4 }],
      now: () => now,
      logger: silentLogger,
    });
    const { delivery } = await deliverer.attempt({
      repo: 'demo/blog',
      hookId: created.id,
      deliveryId: 'dlv_1',
      event: 'content.saved',
      payload: '{}',
      createdAt: new Date(now).toISOString(),
      attempt: 1,
    });
    expect(sent).toEqual([]);
    expect(delivery).toMatchObject({
      state: 'retrying',
      error: expect.stringMatching(/169\.254\.169\.254.*link-local/),
    });
  });

  it('keeps the start of an answer from a public address, and none from a private one the deployment allows', async () => {
    // Prepare: the same receiver's answer, reached at a public address and at an allowed private one
    const { store } = setup();
    const policy = { allowedPrivate: ['10.0.0.0/8'], allowHttpLoopback: false };
    const attemptAt = async (address: string) => {
      const lookup = async () => [{ address, family: 4 }];
      const subscriptions = createWebhookSubscriptions({
        store,
        keyProvider: createMemoryKeyProvider(),
        now: () => now,
        policy,
        lookup,
      });
      const created = await subscriptions.create({
        repo: 'demo/blog',
        input: { url: 'https://hooks.example.com/x', events: ['content.saved'] },
        createdBy: 'demo',
      });
      const log = createDeliveryLog({ store, now: () => now });
      const send = async () => ({ status: 200, body: 'internal page', durationMs: 1 });
      const deliverer = createDeliverer({
        subscriptions,
        log,
        send,
        policy,
        lookup,
        now: () => now,
        logger: silentLogger,
      });
      const { delivery } = await deliverer.attempt({
        repo: 'demo/blog',
        hookId: created.id,
        deliveryId: `dlv_${address}`,
        event: 'content.saved',
        payload: '{}',
        createdAt: new Date(now).toISOString(),
        attempt: 1,
      });
      return {
        delivery,
        logged: (await log.latest(created.id))[0],
        stored: await store.query(keys.webhookDeliveries(created.id)),
      };
    };

    // Act
    const publicTarget = await attemptAt('93.184.216.34');
    const privateTarget = await attemptAt('10.0.0.5');

    // Assess
    expect(publicTarget.delivery).toMatchObject({
      state: 'delivered',
      responseStatus: 200,
      responseBody: 'internal page',
    });
    expect(publicTarget.logged).toEqual(publicTarget.delivery);
    expect(privateTarget.delivery).toMatchObject({
      state: 'delivered',
      responseStatus: 200,
      responseBodyWithheld: 'private-address',
    });
    expect(privateTarget.delivery).not.toHaveProperty('responseBody');
    expect(JSON.stringify(publicTarget.stored)).toContain('internal page');
    expect(privateTarget.stored).toHaveLength(1);
    expect(JSON.stringify(privateTarget.stored)).not.toContain('internal page');
    expect(privateTarget.logged).toEqual(privateTarget.delivery);
  });

  it('shows no answer of a delivery logged before answers were screened (its address may have been private)', async () => {
    const store = createMemoryStore({ now: () => now });
    const legacy = {
      id: 'dlv_old',
      event: 'content.saved',
      state: 'delivered',
      attempt: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      responseStatus: 200,
      responseBody: 'internal page',
    } as const;
    await store.put({
      pk: keys.webhookDeliveries('hook_1'),
      sk: `${legacy.createdAt}#${legacy.id}`,
      delivery: legacy,
    });

    const [shown] = await createDeliveryLog({ store, now: () => now }).latest('hook_1');

    expect(shown).toEqual({
      id: 'dlv_old',
      event: 'content.saved',
      state: 'delivered',
      attempt: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      responseStatus: 200,
    });
  });

  it("shows a receiver's answer to admins only: a maintainer sees that it is withheld, and why", () => {
    const delivery = {
      id: 'dlv_1',
      event: 'ping',
      state: 'delivered',
      attempt: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      responseStatus: 200,
      responseBody: 'ok',
    } as const;
    expect(deliveryAsSeen({ delivery, admin: true })).toEqual(delivery);
    const { responseBody: _body, ...withoutBody } = delivery;
    expect(deliveryAsSeen({ delivery, admin: false })).toEqual({
      ...withoutBody,
      responseBodyWithheld: 'admin-only',
    });
    const unanswered = { ...withoutBody, responseBodyWithheld: 'private-address' } as const;
    expect(deliveryAsSeen({ delivery: unanswered, admin: false })).toEqual(unanswered);
  });

  it("keeps at most 1 KB of a receiver's answer", async () => {
    const hook = await receiver([200]);
    closers.push(hook.close);
    const outcome = await sendWebhookRequest({
      url: new URL(hook.url),
      address: '127.0.0.1',
      family: 4,
      headers: {},
      body: '{}',
    });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatch(/^answer 1 x+$/);
    expect(Buffer.byteLength(outcome.body!)).toBe(1024);
  });

  it('never fails the write: a queue that refuses is logged', async () => {
    const store = createMemoryStore();
    const subscriptions = createWebhookSubscriptions({
      store,
      keyProvider: createMemoryKeyProvider(),
      now: () => now,
      policy: localNetworkPolicy,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await subscriptions.create({
      repo: 'demo/blog',
      input: { url: 'http://127.0.0.1:9/x', events: ['content.saved'] },
      createdBy: 'demo',
    });
    const errors: string[] = [];
    const dispatch = createWebhookDispatch({
      store,
      queue: {
        send: async () => Promise.reject(new Error('throttled')),
        dead: async () => undefined,
      },
      now: () => now,
      logger: { info: () => undefined, error: (message) => errors.push(message) },
    });
    const recorded: string[] = [];
    const log = withWebhooks(
      { record: async (record) => void recorded.push(record.action) },
      dispatch,
    );
    await expect(log.record({ ...write('putContent'), userId: 'u1' })).resolves.toBeUndefined();
    expect(recorded).toEqual(['putContent']);
    expect(errors).toEqual(['Webhook deliveries not queued']);
  });
});
