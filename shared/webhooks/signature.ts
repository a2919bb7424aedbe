import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Outbound webhook signatures (an addition to the spec). Each delivery carries
 * `X-CMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. A receiver
 * recomputes the HMAC over the raw body it received, compares in constant time, and refuses a
 * timestamp more than `webhookReplayWindowSeconds` away from its clock (a replayed capture).
 * Pure (node:crypto only): receivers written in TypeScript may copy or import it.
 */
export const webhookReplayWindowSeconds = 300;

export const signatureHeader = 'x-cms-signature';
export const eventHeader = 'x-cms-event';
export const deliveryHeader = 'x-cms-delivery';

const hmac = (secret: string, timestamp: number, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The signature header's value for `body` sent at `nowMs` (milliseconds since the epoch). */
export function signWebhook(secret: string, body: string | Buffer, nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString('hex')}`;
}

export type VerifyResult =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'expired' | 'mismatch' };

/**
 * Checks a received `X-CMS-Signature` header against the raw body. `nowMs` is the receiver's
 * clock in milliseconds. Several `v1=` parts are accepted (any may match); other schemes are
 * ignored. Never throws.
 */
export function verifyWebhookSignature({
  secret,
  header,
  body,
  nowMs,
  windowSeconds = webhookReplayWindowSeconds,
}: {
  secret: string;
  header: string;
  body: string | Buffer;
  nowMs: number;
  windowSeconds?: number;
}): VerifyResult {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value, extra] = part.trim().split('=');
    if (value === undefined || extra !== undefined) return { ok: false, reason: 'malformed' };
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined)
        return { ok: false, reason: 'malformed' };
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return { ok: false, reason: 'malformed' };
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > windowSeconds)
    return { ok: false, reason: 'expired' };
  const expected = hmac(secret, timestamp, body);
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
