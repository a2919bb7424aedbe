import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on 127.0.0.1 that records every request (headers, raw body, parsed JSON). */

export interface ReceivedHook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  // Payloads are checked field by field in the tests.
  body: any;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Push events only, in arrival order. */
  pushes(): any[];
  /** The status answered from now on (200 by default). */
  answer(status: number): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')),
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/github`,
    received,
    pushes: () =>
      received.filter((hook) => hook.headers['x-github-event'] === 'push').map((hook) => hook.body),
    answer: (next) => void (status = next),
    clear: () => void received.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a receiver does: HMAC-SHA256 of the raw body with the secret, compared in constant time. */
export function signatureValid(hook: ReceivedHook, secret: string): boolean {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(hook.raw).digest('hex')}`,
  );
  const given = Buffer.from(String(hook.headers['x-hub-signature-256'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Waits (polling) until `check` holds; for events that come from a timer, such as a served site's poll. */
export async function until(check: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
