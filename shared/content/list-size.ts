import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { InvalidInputError } from '../errors';

/**
 * Whether a whole list fits one answer. Lambda carries at most 6 MB of response (6,291,456
 * bytes, the JSON envelope around the body included: a text body is escaped once more in it; a
 * compressed one travels as base64, 4/3 of its bytes). API Gateway answers 502 beyond, so the
 * list answers a 400 instead that says how to page. Compression is measured as the responder
 * compresses (brotli at quality 4, else gzip), only when the text alone is over the limit.
 */
export const answerLimitBytes = 6 * 1024 * 1024;
/**
 * JSON of frontmatter compresses well, but not past this: a whole array larger than the limit
 * times this is refused before anything is read.
 */
export const maxCompressedRatio = 12;
/** The envelope's status, headers and cookies: generous, so a body that passes always fits. */
const envelopeAllowance = 16 * 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding an `Accept-Encoding` header allows among ours (br first, then gzip), read as
 * RFC 9110 §12.5.3 says: comma-separated codings with an optional `;q=` weight, `q=0` refusing
 * one, `*` standing for any coding not named.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best[0];
}

/** Bytes the answer's body costs against the limit, as text or compressed (base64). */
export function answerBytes(json: string, encoding: Encoding | undefined): number {
  const text = Buffer.byteLength(JSON.stringify(json)) + envelopeAllowance;
  if (text <= answerLimitBytes || !encoding) return text;
  const input = Buffer.from(json, 'utf8');
  const compressed = encoding === 'br'
    ? brotliCompressSync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
    : gzipSync(input);
  return Math.ceil(compressed.length / 3) * 4 + envelopeAllowance;
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1_000_000)).toLocaleString('en-US')} MB`;

/** The 400 of a whole list that cannot fit: how large it is, and how to ask for it in pages. */
export function tooLargeForOneAnswer(input: { collection: string; count: number; jsonBytes: number }): InvalidInputError {
  return new InvalidInputError(
    `${input.collection} has ${input.count.toLocaleString('en-US')} items (about ${megabytes(input.jsonBytes)} as JSON), more than one answer can carry (${answerLimitBytes / 1024 / 1024} MB); ask for pages: ?limit=1000, then follow the Link header's rel="next" (cursor)`,
  );
}
