import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SendOutcome, Sender } from '../../ports/webhook-sender';
import { responseSnippetBytes } from '../../webhooks/webhook-schemas';

/** A delivery attempt's time limit, connection to last byte read. */
export const deliveryTimeoutMs = 5000;

/**
 * One POST, no redirects followed (a 3xx is an answer like any other, and not a success), the
 * answer's first 1 KB kept. Never throws: a failure is the outcome's `error`.
 */
export const sendWebhookRequest: Sender = (request) => {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  // Every name resolves to the checked address: no second lookup between the check and the connection.
  const lookup = ((
    _host: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    if (options?.all) callback(null, [{ address: request.address, family: request.family }]);
    else callback(null, request.address, request.family);
  }) as unknown as LookupFunction;
  const transport = request.url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: duration() });
    };
    const outgoing = transport.request(
      request.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'cms-webhooks/1',
          ...request.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks)
              .subarray(0, responseSnippetBytes)
              .toString('utf8')
              .replace(/\uFFFD+$/, ''),
          });
        response.on('data', (chunk: Buffer) => {
          if (size >= responseSnippetBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= responseSnippetBytes) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${(request.timeoutMs ?? deliveryTimeoutMs) / 1000} s` });
      outgoing.destroy();
    }, request.timeoutMs ?? deliveryTimeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      finish({ error: error.code ?? error.message }),
    );
    outgoing.end(request.body);
  });
};
