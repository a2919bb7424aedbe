import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  verifyWebhookSignature,
  webhookReplayWindowSeconds,
} from '../../../shared/webhooks/signature';

const secret = 'whsec_test_secret';
const body = '{"event":"content.saved","repo":"acme/site"}';
const at = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('webhook signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 and verifies it', () => {
    const header = signWebhook(secret, body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(header.startsWith(`t=${Math.floor(at / 1000)},`)).toBe(true);
    expect(verifyWebhookSignature({ secret, header, body, nowMs: at + 10_000 })).toEqual({
      ok: true,
      timestamp: Math.floor(at / 1000),
    });
  });

  it('refuses a tampered body', () => {
    const header = signWebhook(secret, body, at);
    expect(
      verifyWebhookSignature({ secret, header, body: body.replace('saved', 'deleted'), nowMs: at }),
    ).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses the wrong secret', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature({ secret: 'another', header, body, nowMs: at })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp outside the replay window, either way', () => {
    const header = signWebhook(secret, body, at);
    expect(webhookReplayWindowSeconds).toBe(300);
    expect(verifyWebhookSignature({ secret, header, body, nowMs: at + 300_000 }).ok).toBe(true);
    expect(verifyWebhookSignature({ secret, header, body, nowMs: at + 301_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyWebhookSignature({ secret, header, body, nowMs: at - 301_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses malformed headers without throwing', () => {
    const good = signWebhook(secret, body, at);
    const v1 = good.split(',v1=')[1]!;
    for (const header of [
      '',
      'garbage',
      `t=abc,v1=${v1}`,
      `v1=${v1}`,
      `t=${Math.floor(at / 1000)}`,
      `t=${Math.floor(at / 1000)},v1=zz`,
      `t=${Math.floor(at / 1000)},v1=${v1.slice(2)}`,
    ]) {
      expect(verifyWebhookSignature({ secret, header, body, nowMs: at })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('accepts any of several v1 signatures (a rotated secret) and ignores unknown schemes', () => {
    const good = signWebhook(secret, body, at);
    const [t, v1] = good.split(',');
    expect(
      verifyWebhookSignature({
        secret,
        header: `${t},v0=abc,v1=${'0'.repeat(64)},${v1}`,
        body,
        nowMs: at,
      }).ok,
    ).toBe(true);
  });

  it('verifies a Buffer body the same as its text', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature({ secret, header, body: Buffer.from(body), nowMs: at }).ok).toBe(
      true,
    );
  });
});
