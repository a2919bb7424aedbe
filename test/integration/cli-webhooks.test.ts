import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms webhooks ls|add|rm|test|deliveries` (the real binary) against local mode, with a receiver on 127.0.0.1. */
let service: TestService;
let api: ApiClient;
let demo: string;
let home: CliHome;
let token: string;
let readOnly: string;
let receiver: http.Server;
let receiverUrl: string;
const received: string[] = [];
const base = '/api/repos/demo%2Fblog/webhooks';
const cms = (args: string[], as = token) => runCli(args, home.env({ CMS_TOKEN: as }));
const listed = async () =>
  ((await api.get(base, { session: demo })).body as { webhooks: { id: string }[] }).webhooks;

beforeAll(async () => {
  // Answers 202, or 500 on /broken.
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.url ?? '');
      response.writeHead(request.url === '/broken' ? 500 : 202).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ service, api, session: demo } = await signedInService());
  token = (
    await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:publish'],
    })
  ).token;
  readOnly = (await api.createToken(demo, { repos: ['demo/blog'], permissions: ['content:read'] }))
    .token;
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('webhooks from the command line', () => {
  let hookId: string;

  let secret: string;

  it('lists no webhooks at first, saying so', async () => {
    const empty = await cms(['webhooks', 'ls', 'demo/blog']);
    expect(empty, empty.stderr).toMatchObject({ code: 0, stdout: 'No webhooks.\n' });
  });

  it('adds a webhook, printing its id and its secret once', async () => {
    const added = await cms([
      'webhooks',
      'add',
      'demo/blog',
      `${receiverUrl}/hook`,
      '--event',
      'content.saved',
      'pull.merged',
      '--description',
      'Site rebuild',
    ]);
    expect(added.code, added.stderr).toBe(0);
    [, hookId = '', secret = ''] =
      /^Webhook (\S+) sends content\.saved, pull\.merged to \S+\nSecret: (whsec_\S+)\n/.exec(
        added.stdout,
      ) ?? [];
    expect(secret).not.toBe('');
    expect(added.stdout).toContain('The secret is not shown again');
  });

  it('lists it as a table without the secret', async () => {
    const id = hookId;
    const table = await cms(['webhooks', 'ls', 'demo/blog']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+URL\s+EVENTS\s+DESCRIPTION\s+CREATED\n/);
    expect(table.stdout).toMatch(
      new RegExp(
        `${id}\\s+${receiverUrl}/hook\\s+content\\.saved,pull\\.merged\\s+Site rebuild\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} by demo\\n`,
      ),
    );
    expect(table.stdout).not.toContain(secret);
  });

  it('lists it as JSON without the secret', async () => {
    const id = hookId;
    const json = await cms(['webhooks', 'ls', 'demo/blog', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        id,
        url: `${receiverUrl}/hook`,
        events: ['content.saved', 'pull.merged'],
        description: 'Site rebuild',
        createdBy: 'demo',
      }),
    ]);
    expect(json.stdout).not.toContain(secret);
  });

  it('adds with --json: the answer with the secret on stdout, the warning on stderr', async () => {
    const added = await cms([
      'webhooks',
      'add',
      'demo/blog',
      `${receiverUrl}/broken`,
      '--event',
      'media.uploaded,media.deleted',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const hook = JSON.parse(added.stdout) as { id: string; secret: string; events: string[] };
    expect(hook).toMatchObject({
      events: ['media.uploaded', 'media.deleted'],
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(added.stderr).toContain('The secret is not shown again');
    expect((await listed()).map((each) => each.id).sort()).toEqual([hookId, hook.id].sort());

    // A ping the receiver answers with a 500: printed, exit 1.
    const tested = await cms(['webhooks', 'test', 'demo/blog', hook.id]);
    expect(tested.code).toBe(1);
    expect(tested.stdout).toMatch(/^ping \S+: dead, 500 in \d+ ms\n$/);
    expect(tested.stderr).toMatch(/^error: The receiver did not answer 2xx \(500 in \d+ ms\)\n$/);
    expect(received.at(-1)).toBe('/broken');
  });

  it('prints why no answer came when nothing listens at the receiver, exit 1', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const added = await cms([
      'webhooks',
      'add',
      'demo/blog',
      `http://127.0.0.1:${port}/gone`,
      '--event',
      'content.deleted',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const tested = await cms(['webhooks', 'test', 'demo/blog', id]);
    expect(tested.code).toBe(1);
    expect(tested.stdout).toMatch(/^ping \S+: dead, \S.* in \d+ ms\n$/);
    expect(tested.stdout).not.toMatch(/dead, \d{3} in/);
    const log = await cms(['webhooks', 'deliveries', 'demo/blog', id, '--json']);
    const [delivery] = JSON.parse(log.stdout) as {
      state: string;
      responseStatus?: number;
      error?: string;
    }[];
    expect(delivery).toMatchObject({ state: 'dead', error: expect.any(String) });
    expect(delivery!.responseStatus).toBeUndefined();
    expect(tested.stdout).toContain(delivery!.error);
    expect((await cms(['webhooks', 'rm', 'demo/blog', id])).code).toBe(0);
  });

  it('sends a ping, exiting 0 on a 2xx and printing how it went', async () => {
    const tested = await cms(['webhooks', 'test', 'demo/blog', hookId]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/^ping \S+: delivered, 202 in \d+ ms\n$/);
    expect(received.at(-1)).toBe('/hook');
  });

  it("prints a ping's delivery as JSON with --json", async () => {
    const json = await cms(['webhooks', 'test', 'demo/blog', hookId, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      event: 'ping',
      state: 'delivered',
      attempt: 1,
      responseStatus: 202,
      responseBodyWithheld: 'private-address',
    });
  });

  it('lists the deliveries as a table', async () => {
    const table = await cms(['webhooks', 'deliveries', 'demo/blog', hookId]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^WHEN\s+EVENT\s+STATE\s+ATTEMPTS\s+STATUS\s+ERROR$/);
    expect(lines.slice(1)).toHaveLength(2);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+ping\s+delivered\s+1\s+202$/);
  });

  it('lists the deliveries as JSON with --json', async () => {
    const deliveries = await cms(['webhooks', 'deliveries', 'demo/blog', hookId, '--json']);
    expect(JSON.parse(deliveries.stdout)).toEqual([
      expect.objectContaining({ event: 'ping', responseStatus: 202 }),
      expect.objectContaining({ event: 'ping', responseStatus: 202 }),
    ]);
  });

  it('refuses an unknown event before calling the service, listing the valid ones', async () => {
    const before = await listed();
    const refused = await cms([
      'webhooks',
      'add',
      'demo/blog',
      `${receiverUrl}/hook`,
      '--event',
      'content.saved',
      'content.exploded',
    ]);
    // Exit 2 (usage), where the service's 400 would be exit 1; and nothing was made.
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'unknown event "content.exploded"; expected one or more of: content.saved, content.deleted, content.renamed, pull.opened',
    );
    expect(refused.stderr).toContain('media.deleted');
    expect(refused.stderr).not.toMatch(/\bping\b/);
    const ping = await cms([
      'webhooks',
      'add',
      'demo/blog',
      `${receiverUrl}/hook`,
      '--event',
      'ping',
    ]);
    expect(ping.code).toBe(2);
    expect(await listed()).toEqual(before);
  });

  it("prints the service's errors with their exit codes: 404 for an unknown hook, 403 without push access", async () => {
    for (const args of [['test'], ['deliveries'], ['rm']]) {
      const missing = await cms(['webhooks', ...args, 'demo/blog', 'wh_missing']);
      expect(missing.code, args[0]).toBe(1);
      expect(missing.stderr).toBe('error: No webhook wh_missing in this repository\n');
    }
    const json = await cms(['webhooks', 'test', 'demo/blog', 'wh_missing', '--json']);
    expect(JSON.parse(json.stderr)).toEqual({
      error: 'No webhook wh_missing in this repository',
      status: 404,
    });

    const forbidden = await cms(['webhooks', 'ls', 'demo/blog'], readOnly);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toBe('error: This API token lacks the content:publish permission\n');
    const forbiddenAdd = await cms(
      ['webhooks', 'add', 'demo/blog', `${receiverUrl}/hook`, '--event', 'content.saved', '--json'],
      readOnly,
    );
    expect(forbiddenAdd.code).toBe(4);
    expect(JSON.parse(forbiddenAdd.stderr)).toEqual({
      error: 'This API token lacks the content:publish permission',
      status: 403,
    });
  });

  it('removes a webhook', async () => {
    const removed = await cms(['webhooks', 'rm', 'demo/blog', hookId]);
    expect(removed, removed.stderr).toMatchObject({
      code: 0,
      stdout: `Webhook ${hookId} (${receiverUrl}/hook) is removed\n`,
    });
    expect((await listed()).map((each) => each.id)).not.toContain(hookId);
    const again = await cms(['webhooks', 'rm', 'demo/blog', hookId, '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ status: 404 });
  });
});
