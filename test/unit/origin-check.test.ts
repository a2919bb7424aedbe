import { describe, expect, it } from 'vitest';
import {
  createOriginCheck,
  matchesOriginSecret,
  parseOriginSecret,
  withOriginCheck,
} from '../../shared/http/origin-check';
import { silentLogger } from '../../shared/logger';
import type { HttpEvent, LambdaHttpHandler } from '../../shared/http/types';
import type { Context } from 'aws-lambda';

const current = 'c'.repeat(40);
const previous = 'p'.repeat(40);

describe('the CloudFront origin secret', () => {
  it('accepts the current value and, during a rotation, the previous one', () => {
    const secret = parseOriginSecret(JSON.stringify({ current, previous }));
    expect(matchesOriginSecret(secret, current)).toBe(true);
    expect(matchesOriginSecret(secret, previous)).toBe(true);
  });

  it('refuses a missing, empty or shortened value, and the previous one outside a rotation', () => {
    const secret = parseOriginSecret(JSON.stringify({ current, previous }));
    expect(matchesOriginSecret(secret, undefined)).toBe(false);
    expect(matchesOriginSecret(secret, '')).toBe(false);
    expect(matchesOriginSecret(secret, current.slice(1))).toBe(false);
    expect(matchesOriginSecret(parseOriginSecret(JSON.stringify({ current })), previous)).toBe(
      false,
    );
  });

  it('refuses a secret that is not {"current": at least 32 characters}', () => {
    expect(() => parseOriginSecret('plain')).toThrow(/not JSON/);
    expect(() => parseOriginSecret(JSON.stringify({ current: 'short' }))).toThrow(/"current"/);
    expect(() => parseOriginSecret(JSON.stringify({ current, previous: 'short' }))).toThrow(
      /"previous"/,
    );
  });

  it('reads the secret once per five minutes, and again on a mismatch once the value is 30 s old', async () => {
    // Prepare
    let clock = 0;
    let value = JSON.stringify({ current });
    let reads = 0;
    const check = createOriginCheck({ read: async () => ((reads += 1), value), now: () => clock });

    // Act + Assess
    expect(await check(current)).toBe(true);
    expect(await check(current)).toBe(true);
    expect(await check('x'.repeat(40))).toBe(false);
    expect(reads).toBe(1);
    value = JSON.stringify({ current: 'n'.repeat(40), previous: current });
    clock = 31_000;
    expect(await check('n'.repeat(40))).toBe(true);
    expect(reads).toBe(2);
    clock = 31_000 + 5 * 60_000;
    expect(await check(current)).toBe(true);
    expect(reads).toBe(3);
  });
});

describe('the origin check in front of a handler', () => {
  const event = (headers: Record<string, string>) =>
    ({ headers, requestContext: { http: { sourceIp: '192.0.2.1' } } }) as unknown as HttpEvent;
  const context = { awsRequestId: 'r-1' } as Context;
  const signal = { signal: AbortSignal.timeout(5_000) };

  it('answers 403 {error} without the header and never calls the handler; passes the request on with it', async () => {
    // Prepare
    let calls = 0;
    const inner: LambdaHttpHandler = async () => ((calls += 1), { statusCode: 200, body: 'ok' });
    const handler = withOriginCheck(
      inner,
      createOriginCheck({ read: async () => JSON.stringify({ current }), now: () => 0 }),
      silentLogger,
    );

    // Act
    const refused = await handler(event({}), context, signal);
    const wrong = await handler(event({ 'x-origin-verify': previous }), context, signal);
    const passed = await handler(event({ 'x-origin-verify': current }), context, signal);

    // Assess
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body ?? '')).toEqual({
      error: expect.stringContaining('CloudFront'),
    });
    expect(wrong.statusCode).toBe(403);
    expect(passed).toEqual({ statusCode: 200, body: 'ok' });
    expect(calls).toBe(1);
  });

  it('fails closed with a 500 when the secret cannot be read', async () => {
    // Prepare
    const handler = withOriginCheck(
      async () => ({ statusCode: 200 }),
      createOriginCheck({ read: async () => 'not json', now: () => 0 }),
      silentLogger,
    );

    // Act
    const answer = await handler(event({ 'x-origin-verify': current }), context, signal);

    // Assess
    expect(answer.statusCode).toBe(500);
  });
});
