import { InvalidInputError } from '../errors';

/**
 * Whether a whole list fits one answer: a port, so that the domain measures an answer exactly as
 * the responder will send it (shared/http/answer-size.ts: Lambda's response limit, the answer
 * compressed as the request's Accept-Encoding makes the responder compress it). API Gateway
 * answers 500 past the limit; a list answers a 400 that says how to page instead.
 */
export interface AnswerLimit {
  /** Bytes one answer may carry (its status and headers included). */
  limitBytes: number;
  /** What an answer with this JSON body costs against the limit, encoded as the responder encodes it for the request. */
  bytesOf(json: string, acceptEncoding: string | undefined): Promise<number>;
  /** Whether the responder would compress an answer to this request. */
  compresses(acceptEncoding: string | undefined): boolean;
}

/**
 * JSON of frontmatter compresses about 3.5 times with brotli (docs/limits.md: 50,000 items of
 * realistic frontmatter), and base64 takes a third back: a whole array over the limit times this
 * cannot fit, and is refused before anything is read.
 */
export const maxCompressedRatio = 5;

/** A whole array that cannot fit one answer, however compressed, is refused with a 400 that says how to page. */
export async function assertFitsOneAnswer(
  limit: AnswerLimit,
  input: { collection: string; count: number; json: string; acceptEncoding: string | undefined },
): Promise<void> {
  // A text a quarter of the limit fits whatever the encoding: nothing to measure.
  if (input.json.length <= limit.limitBytes / 4) return;
  if ((await limit.bytesOf(input.json, input.acceptEncoding)) <= limit.limitBytes) return;
  throw tooLargeForOneAnswer({
    limit,
    collection: input.collection,
    count: input.count,
    jsonBytes: Buffer.byteLength(input.json),
  });
}

const megabytes = (bytes: number) =>
  `${Math.max(1, Math.round(bytes / 1_000_000)).toLocaleString('en-US')} MB`;

/** The 400 of a whole list that cannot fit: how large it is, and how to ask for it in pages. */
export function tooLargeForOneAnswer(input: {
  limit: AnswerLimit;
  collection: string;
  count: number;
  jsonBytes: number;
}): InvalidInputError {
  return new InvalidInputError(
    `${input.collection} has ${input.count.toLocaleString('en-US')} items (about ${megabytes(input.jsonBytes)} as JSON), more than one answer can carry (${Math.round(input.limit.limitBytes / 1_048_576)} MB); ask for pages: ?limit=1000, then follow the Link header's rel="next" (cursor)`,
  );
}
