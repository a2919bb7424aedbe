import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One webhook delivery as GitHub makes it: `POST` of the JSON body with GitHub-Hookshot's headers,
 * signed with the webhook secret (`X-Hub-Signature-256`, and the legacy SHA-1 `X-Hub-Signature`),
 * no redirect followed, 10 s for the whole exchange, never retried.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface AppWebhookConfig {
  /** http(s) URL the events are posted to. */
  url: string;
  /** The webhook secret: every body is signed with it. */
  secret: string;
}

export interface WebhookDelivery {
  /** `X-GitHub-Delivery`. */
  id: string;
  event: string;
  /** `owner/name`, or null for an event about no repository. */
  repository: string | null;
  url: string;
  /** The receiver's HTTP status, or null when there was no answer (see `error`). */
  status: number | null;
  /** Why there was no answer (connection refused, time-out, host closed), else null. */
  error: string | null;
  durationMs: number;
  /** When the delivery was attempted (ISO 8601). */
  deliveredAt: string;
}

export interface OutgoingWebhook {
  event: string;
  repository: string | null;
  body: Buffer;
  hookId: number;
  appId: number;
}

export function checkedWebhookConfig(config: AppWebhookConfig | null): AppWebhookConfig | null {
  if (config === null) return null;
  if (
    typeof config.url !== 'string' ||
    !URL.canParse(config.url) ||
    !['http:', 'https:'].includes(new URL(config.url).protocol)
  ) {
    throw new Error(`Not an http(s) webhook URL: ${String(config.url)}`);
  }
  if (typeof config.secret !== 'string') throw new Error('The webhook secret must be a string');
  return { url: config.url, secret: config.secret };
}

export function signatureHeaders(secret: string, body: Buffer): Record<string, string> {
  return {
    'X-Hub-Signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`,
    'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  };
}

/** Posts one event; resolves with what happened (never rejects). `signal` aborts it (host closing). */
export async function deliver(
  config: AppWebhookConfig,
  hook: OutgoingWebhook,
  signal: AbortSignal,
  now: () => number,
): Promise<WebhookDelivery> {
  const id = randomUUID();
  const started = performance.now();
  const deliveredAt = new Date(now()).toISOString();
  const headers = {
    Accept: '*/*',
    'Content-Type': 'application/json',
    'Content-Length': String(hook.body.length),
    'User-Agent': 'GitHub-Hookshot/github-local',
    'X-GitHub-Event': hook.event,
    'X-GitHub-Delivery': id,
    'X-GitHub-Hook-ID': String(hook.hookId),
    'X-GitHub-Hook-Installation-Target-Type': 'integration',
    'X-GitHub-Hook-Installation-Target-ID': String(hook.appId),
    ...signatureHeaders(config.secret, hook.body),
  };
  const outcome = await post(new URL(config.url), headers, hook.body, signal).then(
    (status) => ({ status, error: null }),
    (error: unknown) => ({
      status: null,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  const durationMs = Math.round(performance.now() - started);
  return {
    id,
    event: hook.event,
    repository: hook.repository,
    url: config.url,
    ...outcome,
    durationMs,
    deliveredAt,
  };
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('Abandoned: the host closed'));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // A fresh connection per delivery (agent: false): nothing lingers once the host closes.
    const req = send(url, { method: 'POST', headers, agent: false }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      DELIVERY_TIMEOUT_MS,
    );
    const abort = () => req.destroy(new Error('Abandoned: the host closed'));
    signal.addEventListener('abort', abort, { once: true });
    req.on('error', reject);
    req.on('close', () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    });
    req.end(body);
  });
}
