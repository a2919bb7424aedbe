import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../infra/local/runtime';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { createDeliveryLog } from '../../shared/webhooks/delivery-log';
import { verifyWebhookSignature } from '../../shared/webhooks/signature';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createTeamRepo } from '../support/team-repo';

/** Signed outbound webhooks over HTTP, with a receiver on 127.0.0.1 (local mode allows loopback). */
let service: TestService;
let api: ApiClient;
let demo: string;
let receiver: http.Server;
let receiverUrl: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const base = '/api/repos/demo%2Fblog/webhooks';

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(202).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('a webhook from subscription to deletion', () => {
  let hook: { id: string; secret: string };
  let delivery: (typeof received)[number];

  it('subscribes, answering its secret once (201)', async () => {
    const created = await api.post(
      base,
      { url: receiverUrl, events: ['content.saved'], description: 'CI' },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    hook = created.body as { id: string; secret: string };
    expect(hook.secret).toMatch(/^whsec_/);
  });

  it('is listed without its secret', async () => {
    const listed = await api.get(base, { session: demo });
    expect(listed.body).toEqual({
      webhooks: [
        expect.objectContaining({
          id: hook.id,
          url: receiverUrl,
          events: ['content.saved'],
          createdBy: 'demo',
        }),
      ],
      githubPushes: { lastDeliveryAt: null, inUse: false },
    });
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
  });

  it('delivers a save as a content.saved event signed with its secret', async () => {
    const saved = await api.put(
      '/api/repos/demo%2Fblog/content/posts/a-hooked-post',
      { frontmatter: { title: 'Hooked', date: '2025-01-02' }, body: 'Hi\n' },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    delivery = received[0]!;
    expect(delivery.headers['x-cms-event']).toBe('content.saved');
    expect(
      verifyWebhookSignature({
        secret: hook.secret,
        header: String(delivery.headers['x-cms-signature']),
        body: delivery.body,
        nowMs: service.now(),
      }).ok,
    ).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'content.saved',
      repo: 'demo/blog',
      action: 'putContent',
      target: { collection: 'posts', slug: 'a-hooked-post' },
    });
  });

  it('logs the delivery, withholding the answer of a private address', async () => {
    await expect
      .poll(
        async () =>
          (
            (await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).body as {
              deliveries: { state: string }[];
            }
          ).deliveries[0]?.state,
        { timeout: 10_000 },
      )
      .toBe('delivered');
    const log = (await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).body as {
      deliveries: unknown[];
    };
    // The receiver is on loopback, private although local mode allows it: its answer is never shown.
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        event: 'content.saved',
        attempt: 1,
        responseStatus: 202,
        responseBodyWithheld: 'private-address',
        id: delivery.headers['x-cms-delivery'],
      }),
    ]);
    expect(JSON.stringify(log.deliveries)).not.toContain('thanks');
  });

  it('sends a ping on test and answers how it went', async () => {
    const test = await api.post(`${base}/${hook.id}/test`, undefined, { session: demo });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({
      event: 'ping',
      state: 'delivered',
      responseStatus: 202,
      responseBodyWithheld: 'private-address',
    });
    expect(test.body).not.toHaveProperty('responseBody');
    expect(received.at(-1)!.headers['x-cms-event']).toBe('ping');
  });

  it('is gone once deleted, with its delivery log (404)', async () => {
    expect((await api.delete(`${base}/${hook.id}`, { session: demo })).status).toBe(200);
    expect((await api.get(base, { session: demo })).body.webhooks).toEqual([]);
    expect((await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('refuses bad subscriptions with a 400 naming the problem, changing nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ url: 'http://hooks.example.com/x', events: ['content.saved'] }, /url: must be https/],
      [{ url: 'https://169.254.169.254/latest', events: ['content.saved'] }, /link-local/],
      [{ url: 'https://10.0.0.1/x', events: ['content.saved'] }, /private/],
      [{ url: 'https://[fd00::1]/x', events: ['content.saved'] }, /ULA/],
      [{ url: receiverUrl, events: ['content.exploded'] }, /events/],
      [{ url: receiverUrl, events: [] }, /events/],
      [{ url: 'not a url', events: ['content.saved'] }, /url/],
    ];
    for (const [body, message] of cases) {
      const response = await api.post(base, body, { session: demo });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { error: string }).error).toMatch(message);
    }
    expect((await api.get(base, { session: demo })).body.webhooks).toEqual([]);
  });

  it('allows at most 10 subscriptions per repository', async () => {
    for (let index = 0; index < 10; index += 1)
      expect(
        (await api.post(base, { url: receiverUrl, events: ['pull.merged'] }, { session: demo }))
          .status,
      ).toBe(201);
    const eleventh = await api.post(
      base,
      { url: receiverUrl, events: ['pull.merged'] },
      { session: demo },
    );
    expect(eleventh.status).toBe(409);
    expect((eleventh.body as { error: string }).error).toMatch(/10 webhooks/);
  });
});

describe('who manages webhooks: admins and maintainers of the repository on GitHub', () => {
  let alice: string;
  let bob: string;
  let hooks: string;
  let hookId: string;
  const refusal =
    'Managing webhooks of demo/team-hooks needs admin or maintain permission on GitHub; you have write';

  beforeAll(async () => {
    await createTeamRepo(service, api, demo, {
      name: 'team-hooks',
      collaborators: { alice: 'write', bob: 'maintain' },
    });
    [alice, bob] = await Promise.all([api.signIn('alice'), api.signIn('bob')]);
    hooks = '/api/repos/demo%2Fteam-hooks/webhooks';
    const created = await api.post(
      hooks,
      { url: receiverUrl, events: ['content.saved'] },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    hookId = created.body.id;
  });

  it('refuses a write collaborator every webhook route, by session or by their API token, with a 403 naming the role needed and theirs, and changes nothing', async () => {
    // Prepare
    const token = (
      await api.createToken(alice, {
        repos: ['demo/team-hooks'],
        permissions: [
          'content:read',
          'content:write',
          'content:delete',
          'content:publish',
          'config:read',
          'repos:read',
        ],
      })
    ).token;
    const receivedBefore = received.length;
    const calls = [
      ['GET', hooks, undefined],
      ['POST', hooks, { url: receiverUrl, events: ['pull.merged'] }],
      ['DELETE', `${hooks}/${hookId}`, undefined],
      ['POST', `${hooks}/${hookId}/test`, undefined],
      ['GET', `${hooks}/${hookId}/deliveries`, undefined],
    ] as const;

    for (const credentials of [{ session: alice }, { token }]) {
      for (const [method, path, body] of calls) {
        // Act
        const response = await api.call(method, path, credentials, body);

        // Assess
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ error: refusal });
      }
    }
    expect((await api.get(hooks, { session: demo })).body.webhooks).toEqual([
      expect.objectContaining({ id: hookId, url: receiverUrl, events: ['content.saved'] }),
    ]);
    expect(received.length).toBe(receivedBefore);
  });

  it('lets a maintainer manage them, asking GitHub once per request as before; no one sees an answer from a private address', async () => {
    // Prepare
    service.github.resetRequestCount();

    // Act
    const listed = await api.get(hooks, { session: bob });
    const githubRequests = service.github.requestCount();
    const test = await api.post(`${hooks}/${hookId}/test`, undefined, { session: bob });
    const own = await api.post(
      hooks,
      { url: receiverUrl, events: ['pull.merged'] },
      { session: bob },
    );

    // Assess
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.webhooks.map((hook: { id: string }) => hook.id)).toEqual([hookId]);
    // The role comes from the one repository read that checked push access before: no extra round trip.
    expect(githubRequests).toBe(1);
    expect(test.body).toMatchObject({
      event: 'ping',
      state: 'delivered',
      responseStatus: 202,
      responseBodyWithheld: 'private-address',
    });
    expect(own.status).toBe(201);
    expect((await api.delete(`${hooks}/${own.body.id}`, { session: bob })).status).toBe(200);
    for (const session of [bob, demo]) {
      const log = (await api.get(`${hooks}/${hookId}/deliveries`, { session })).body
        .deliveries as Record<string, unknown>[];
      expect(log[0]).toMatchObject({
        event: 'ping',
        responseStatus: 202,
        responseBodyWithheld: 'private-address',
      });
      expect(JSON.stringify(log)).not.toContain('thanks');
    }
  });

  it("shows a receiver's answer from a public address to admins only; a maintainer sees that it is withheld", async () => {
    // Prepare: a delivery logged as the deliverer logs one to a public address (none is reachable offline)
    const store = createDynamoDbStore({ client: service.dynamo.doc, tableName });
    const at = new Date(service.now()).toISOString();
    await createDeliveryLog({ store, now: service.now }).write(hookId, {
      id: 'dlv_public',
      event: 'content.saved',
      state: 'delivered',
      attempt: 1,
      createdAt: at,
      lastAttemptAt: at,
      responseStatus: 200,
      responseBody: 'from a public receiver',
      durationMs: 3,
    });

    // Act
    const asAdmin = (await api.get(`${hooks}/${hookId}/deliveries`, { session: demo })).body
      .deliveries as Record<string, unknown>[];
    const asMaintainer = (await api.get(`${hooks}/${hookId}/deliveries`, { session: bob })).body
      .deliveries as Record<string, unknown>[];

    // Assess
    expect(asAdmin.find((delivery) => delivery.id === 'dlv_public')).toMatchObject({
      responseStatus: 200,
      responseBody: 'from a public receiver',
    });
    const seen = asMaintainer.find((delivery) => delivery.id === 'dlv_public');
    expect(seen).toMatchObject({ responseStatus: 200, responseBodyWithheld: 'admin-only' });
    expect(seen).not.toHaveProperty('responseBody');
  });
});
