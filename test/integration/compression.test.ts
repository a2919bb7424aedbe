import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../support/local-service';
import { sendRaw, type RawAnswer } from '../support/raw-http';
import { signedInService } from '../support/signed-in';

/**
 * JSON answers honour Accept-Encoding in every group (shared/http/encode-answer.ts), over real
 * HTTP: br preferred, then gzip, by q-value, identity otherwise; the gateway sends the bytes the
 * function made, which decode to exactly the JSON an uncompressed answer carries.
 */
let service: TestService;
let session: string;
beforeAll(async () => {
  ({ service, session } = await signedInService());
}, 60_000);
afterAll(() => service?.stop());

const get = (path: string, acceptEncoding?: string) =>
  sendRaw(service.url, {
    method: 'GET',
    path,
    headers: {
      cookie: `cms_session=${session}`,
      ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
    },
  });

const decoded = (answer: RawAnswer) => {
  const coding = answer.headers['content-encoding'];
  const bytes =
    coding === 'br'
      ? brotliDecompressSync(answer.bytes)
      : coding === 'gzip'
        ? gunzipSync(answer.bytes)
        : answer.bytes;
  return JSON.parse(bytes.toString('utf8')) as unknown;
};

// One route per group whose answer is over 1 KB: the document (health), a list (content), the config (repos).
const paths = [
  '/api/openapi.json',
  '/api/repos/demo%2Fblog/content/posts',
  '/api/repos/demo%2Fblog/config',
];

describe('compressed JSON answers', () => {
  it.each(paths)(
    '%s: br and gzip bytes decode to the same JSON as the plain answer, which a client without Accept-Encoding gets',
    async (path) => {
      // Act
      const plain = await get(path);
      const br = await get(path, 'gzip, deflate, br');
      const gzip = await get(path, 'gzip');

      // Assess
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json).toBeDefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      for (const answer of [plain, br, gzip]) {
        expect(answer.headers.vary).toBe('accept-encoding');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      expect(decoded(br)).toEqual(plain.json);
      expect(decoded(gzip)).toEqual(plain.json);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length);
    },
  );

  it('follows the q-values the client gives', async () => {
    // Act
    const codings: Record<string, string | undefined> = {};
    for (const header of ['br;q=0.5, gzip', 'gzip;q=0.5, br', 'br;q=0, gzip;q=0', 'identity', '*'])
      codings[header] = (await get(paths[1]!, header)).headers['content-encoding'];

    // Assess
    expect(codings).toEqual({
      'br;q=0.5, gzip': 'gzip',
      'gzip;q=0.5, br': 'br',
      'br;q=0, gzip;q=0': undefined,
      identity: undefined,
      '*': 'br',
    });
  });

  it('sends a small answer as it is, without Vary', async () => {
    // Act
    const health = await get('/api/health', 'br');

    // Assess
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers.vary).toBeUndefined();
    expect(health.json).toBeDefined();
  });
});
