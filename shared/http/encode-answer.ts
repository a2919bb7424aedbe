import { promisify } from 'node:util';
import zlib from 'node:zlib';
import preferredEncodings from 'negotiator/lib/encoding.js';
import type { MiddlewareObj } from '@middy/core';
import type { HttpEvent, HttpResult } from './types';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Brotli first: on a large list it is ~8% smaller than gzip in about the same time (docs/limits.md). */
const preferred: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Smaller answers are sent as they are: compressing them saves little and costs a header. */
export const minCompressedBytes = 1024;

/**
 * Levels chosen on a 50,000-item list (docs/limits.md): brotli quality 4 is 8% smaller than
 * gzip at about its speed (quality 5 saves 2.5% more for 40% more time); gzip level 6 is zlib's
 * default, where its size stops improving (level 9: 0.2% smaller, 20% slower).
 */
const brotliQuality = 4;
const gzipLevel = 6;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The coding to answer in, from the request's Accept-Encoding (RFC 9110 §12.5.3, parsed by
 * negotiator): the best q-value among br, gzip and identity, br before gzip when equal; identity
 * when the header is absent or accepts neither.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  const [best] = preferredEncodings(acceptEncoding, preferred, preferred);
  return (best as ContentCoding | undefined) ?? 'identity';
}

const isJson = (result: HttpResult) =>
  /^application\/json\b/i.test(String(result.headers?.['content-type'] ?? ''));

/**
 * A JSON answer in the coding the client accepts: compressed (node:zlib, off the event loop) and
 * sent base64, which API Gateway decodes and the local gateway writes as bytes, neither
 * re-encoding it. Every JSON answer that could be compressed says `Vary: Accept-Encoding`, whatever
 * coding it went out in. Other answers (pages, media bytes, redirects) pass unchanged.
 */
export async function encodeAnswer(
  result: HttpResult,
  acceptEncoding: string | undefined,
): Promise<HttpResult> {
  if (
    typeof result.body !== 'string' ||
    result.isBase64Encoded ||
    !isJson(result) ||
    result.headers?.['content-encoding'] !== undefined
  )
    return result;
  const bytes = Buffer.from(result.body, 'utf8');
  if (bytes.length < minCompressedBytes) return result;
  const headers = {
    ...result.headers,
    vary: result.headers?.vary
      ? `${String(result.headers.vary)}, accept-encoding`
      : 'accept-encoding',
  };
  const coding = chooseCoding(acceptEncoding);
  if (coding === 'identity') return { ...result, headers };
  const compressed =
    coding === 'br'
      ? await brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzip(bytes, { level: gzipLevel });
  return {
    ...result,
    headers: { ...headers, 'content-encoding': coding },
    body: compressed.toString('base64'),
    isBase64Encoded: true,
  };
}

/**
 * encodeAnswer as a middleware: the last step on the way out, once the audit record has read the
 * answer as the route made it (an error's answer included): the one place JSON answers are compressed.
 */
export const answerEncoding = (): MiddlewareObj<HttpEvent, HttpResult> => {
  const encode = async (request: { event: HttpEvent; response: HttpResult | null }) => {
    if (request.response)
      request.response = await encodeAnswer(
        request.response,
        request.event.headers?.['accept-encoding'],
      );
  };
  return { after: encode, onError: encode };
};
