import type { AnswerLimit } from '../content/list-size';
import { jsonBytes, lambdaResponseLimitBytes } from './aws-limits';
import { chooseCoding, encodeAnswer } from './encode-answer';

/**
 * The security headers, the access log's, `Vary`, a list's paging headers and the like, which a
 * measured body does not carry yet: kept free under the limit so that an answer that passes fits.
 */
const headroomBytes = 16 * 1024;

/**
 * What an answer costs against Lambda's response limit, measured as the Node.js runtime measures
 * it (the result object as JSON) after the one JSON responder has encoded it for the request
 * (encode-answer.ts: compressed and base64 when Accept-Encoding allows, else the text, which the
 * result's JSON escapes once more).
 */
export function createAnswerLimit(): AnswerLimit {
  return {
    limitBytes: lambdaResponseLimitBytes - headroomBytes,
    async bytesOf(json, acceptEncoding) {
      const encoded = await encodeAnswer(
        {
          statusCode: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: json,
        },
        acceptEncoding,
      );
      return jsonBytes(encoded);
    },
    compresses: (acceptEncoding) => chooseCoding(acceptEncoding) !== 'identity',
  };
}
