import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignature } from '../../shared/freshness/hub-signature';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { keys } from '../../shared/store/keys';
import { tableName } from '../../infra/local/runtime';
import type { TestService } from '../support/local-service';
import { responseValidator } from '../support/openapi-validator';
import { signedInService } from '../support/signed-in';

let service: TestService;

beforeAll(async () => {
  ({ service } = await signedInService());
});
afterAll(() => service.stop());

/** A delivery as GitHub sends one: the signature over the exact bytes, the event and its id. */
async function deliver(body: string, headers: Record<string, string | undefined>) {
  const sent = Object.fromEntries(
    Object.entries({ 'content-type': 'application/json', ...headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const response = await fetch(`${service.url}/api/github/webhook`, {
    method: 'POST',
    headers: sent,
    body,
  });
  const text = await response.text();
  responseValidator().assertValid({
    method: 'POST',
    path: '/api/github/webhook',
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    headers: response.headers,
  });
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

const push = JSON.stringify({
  ref: 'refs/heads/feature',
  before: '1'.repeat(40),
  after: '2'.repeat(40),
  commits: [],
  repository: { full_name: 'demo/blog', default_branch: 'main' },
});
const head = () =>
  createDynamoDbStore({ client: service.dynamo.doc, tableName }).get(keys.repoHead('demo/blog'));

describe('POST /api/github/webhook', () => {
  it('refuses a delivery whose X-Hub-Signature-256 is missing, or made with another secret or over other bytes, and records nothing', async () => {
    const signed = hubSignature(service.githubWebhookSecret, push);
    for (const signature of [
      undefined,
      hubSignature('another secret of enough length', push),
      hubSignature(service.githubWebhookSecret, `${push} `),
      signed.replace('sha256=', ''),
    ]) {
      const answer = await deliver(push, {
        'x-hub-signature-256': signature,
        'x-github-event': 'push',
        'x-github-delivery': 'd-1',
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatch(/X-Hub-Signature-256/);
    }
    expect(await head()).toBeUndefined();
  });

  it('checks the signature over the raw bytes before reading them: a forged body that is not JSON, not an object or not typed JSON is 401, not 400 or 415', async () => {
    const forged = {
      'x-hub-signature-256': hubSignature('another secret of enough length', 'not json'),
      'x-github-event': 'push',
      'x-github-delivery': 'd-forged',
    };
    for (const [body, type] of [
      ['not json', 'application/json'],
      ['[1,2]', 'application/json'],
      ['\xff\xfe', 'application/json'],
      [push, 'text/plain'],
      ['', 'application/json'],
    ] as const) {
      const answer = await deliver(body, { ...forged, 'content-type': type });
      expect(answer.status, `${type}: ${body}`).toBe(401);
      expect(answer.body.error).toMatch(/X-Hub-Signature-256/);
    }
    const unsigned = await deliver('not json', {
      'x-github-event': 'push',
      'x-github-delivery': 'd-unsigned',
    });
    expect(unsigned.status).toBe(401);
    expect(await head()).toBeUndefined();
  });

  it('reads a signed body only once the signature holds: not JSON is then 400', async () => {
    const body = 'not json';
    const answer = await deliver(body, {
      'x-hub-signature-256': hubSignature(service.githubWebhookSecret, body),
      'x-github-event': 'push',
      'x-github-delivery': 'd-not-json',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/JSON/);
  });

  it('names a missing event or delivery id (400) once the signature holds', async () => {
    const signature = hubSignature(service.githubWebhookSecret, push);
    expect(
      (await deliver(push, { 'x-hub-signature-256': signature, 'x-github-delivery': 'd-2' })).body
        .error,
    ).toMatch(/X-GitHub-Event/);
    expect(
      (await deliver(push, { 'x-hub-signature-256': signature, 'x-github-event': 'push' })).body
        .error,
    ).toMatch(/X-GitHub-Delivery/);
    const notObject = '[1,2]';
    const refused = await deliver(notObject, {
      'x-hub-signature-256': hubSignature(service.githubWebhookSecret, notObject),
      'x-github-event': 'push',
      'x-github-delivery': 'd-3',
    });
    expect(refused.status).toBe(400);
    expect(await head()).toBeUndefined();
  });

  it('applies a signed push to a connected repository once, and tells what it did with the others', async () => {
    const headers = {
      'x-hub-signature-256': hubSignature(service.githubWebhookSecret, push),
      'x-github-event': 'push',
      'x-github-delivery': 'd-4',
    };
    expect(await deliver(push, headers)).toEqual({
      status: 202,
      body: { event: 'push', outcome: 'applied' },
    });
    expect((await head())?.webhookAt).toBeTypeOf('number');
    expect(await deliver(push, headers)).toEqual({
      status: 202,
      body: { event: 'push', outcome: 'duplicate' },
    });
    const elsewhere = push.replace('demo/blog', 'demo/unknown');
    const other = {
      'x-hub-signature-256': hubSignature(service.githubWebhookSecret, elsewhere),
      'x-github-event': 'push',
      'x-github-delivery': 'd-5',
    };
    expect((await deliver(elsewhere, other)).body.outcome).toBe('not-connected');
    const ping = JSON.stringify({ zen: 'Design for failure.', hook_id: 1 });
    expect(
      (
        await deliver(ping, {
          'x-hub-signature-256': hubSignature(service.githubWebhookSecret, ping),
          'x-github-event': 'ping',
          'x-github-delivery': 'd-6',
        })
      ).body.outcome,
    ).toBe('ignored');
  });
});
