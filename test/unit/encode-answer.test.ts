import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding, encodeAnswer, minCompressedBytes } from '../../shared/http/encode-answer';
import { json } from '../../shared/http/respond';

/** The one place JSON answers are compressed (shared/http/encode-answer.ts). */
const large = json(
  200,
  Array.from({ length: 200 }, (_, index) => ({
    slug: `post-${index}`,
    title: `Post number ${index}`,
  })),
);

describe('choosing the coding from Accept-Encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*;q=0, identity', 'identity'],
    ['gzip;q=1.0, br;q=1.0, identity;q=0.5', 'br'],
  ])('%j → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('encoding an answer', () => {
  it('compresses a JSON answer in the coding chosen, base64 for API Gateway, and the bytes decode to the same JSON', async () => {
    // Act
    const br = await encodeAnswer(large, 'gzip, br');
    const gzip = await encodeAnswer(large, 'gzip');

    // Assess
    expect(br).toMatchObject({
      statusCode: 200,
      isBase64Encoded: true,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'br',
        vary: 'accept-encoding',
      },
    });
    expect(brotliDecompressSync(Buffer.from(br.body!, 'base64')).toString('utf8')).toBe(large.body);
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(gunzipSync(Buffer.from(gzip.body!, 'base64')).toString('utf8')).toBe(large.body);
    expect(Buffer.from(br.body!, 'base64').length).toBeLessThan(Buffer.byteLength(large.body!) / 4);
  });

  it('sends plain JSON to a client that accepts no compression, saying the answer varies by Accept-Encoding', async () => {
    // Act
    const plain = await encodeAnswer(large, undefined);

    // Assess
    expect(plain).toEqual({ ...large, headers: { ...large.headers, vary: 'accept-encoding' } });
  });

  it('leaves small JSON answers, pages, bytes and answers already encoded as they are', async () => {
    // Prepare
    const small = json(200, { ok: true });
    const page = {
      statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: 'x'.repeat(minCompressedBytes * 4),
    };
    const bytes = {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('x'.repeat(minCompressedBytes * 4)).toString('base64'),
      isBase64Encoded: true,
    };
    const encoded = { ...large, headers: { ...large.headers, 'content-encoding': 'gzip' } };

    // Act + Assess
    for (const answer of [small, page, bytes, encoded])
      expect(await encodeAnswer(answer, 'br')).toBe(answer);
  });
});
