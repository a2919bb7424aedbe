import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../shared/webhooks/signature';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

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
  service = await startTestService();
  api = apiClient(service.url);
  demo = await api.signIn('demo');
  expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session: demo })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('webhooks', () => {
  it('subscribes, shows the secret once, delivers a signed event for a save, and logs it', async () => {
    const created = await api.post(base, { url: receiverUrl, events: ['content.saved'], description: 'CI' }, { session: demo });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = created.body as { id: string; secret: string };
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await api.get(base, { session: demo });
    expect(listed.body).toEqual({ webhooks: [expect.objectContaining({ id: hook.id, url: receiverUrl, events: ['content.saved'], createdBy: 'demo' })], githubPushes: { lastDeliveryAt: null, inUse: false } });
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);

    const saved = await api.put('/api/repos/demo%2Fblog/content/posts/a-hooked-post', { frontmatter: { title: 'Hooked', date: '2025-01-02' }, body: 'Hi\n' }, { session: demo });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const [delivery] = received;
    expect(delivery!.headers['x-cms-event']).toBe('content.saved');
    expect(verifyWebhookSignature(hook.secret, String(delivery!.headers['x-cms-signature']), delivery!.body, service.now()).ok).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: 'content.saved', repo: 'demo/blog', action: 'putContent', target: { collection: 'posts', slug: 'a-hooked-post' } });

    await expect.poll(async () => ((await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).body as { deliveries: { state: string }[] }).deliveries[0]?.state, { timeout: 10_000 }).toBe('delivered');
    const log = (await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).body as { deliveries: unknown[] };
    expect(log.deliveries).toEqual([expect.objectContaining({ event: 'content.saved', attempt: 1, responseStatus: 202, responseBody: 'thanks', id: delivery!.headers['x-cms-delivery'] })]);

    const test = await api.post(`${base}/${hook.id}/test`, undefined, { session: demo });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ event: 'ping', state: 'delivered', responseStatus: 202 });
    expect(received.at(-1)!.headers['x-cms-event']).toBe('ping');

    expect((await api.delete(`${base}/${hook.id}`, { session: demo })).status).toBe(200);
    expect((await api.get(base, { session: demo })).body.webhooks).toEqual([]);
    expect((await api.get(`${base}/${hook.id}/deliveries`, { session: demo })).status).toBe(404);
  });

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
    for (let index = 0; index < 10; index += 1) expect((await api.post(base, { url: receiverUrl, events: ['pull.merged'] }, { session: demo })).status).toBe(201);
    const eleventh = await api.post(base, { url: receiverUrl, events: ['pull.merged'] }, { session: demo });
    expect(eleventh.status).toBe(409);
    expect((eleventh.body as { error: string }).error).toMatch(/10 webhooks/);
  });
});
