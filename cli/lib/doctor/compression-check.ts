import { HttpError } from '../../../shared/client/api-client';
import { failed, passed, type CheckResult, type DoctorOptions } from './check';
import { openClient } from './health-checks';
import { reasonOf } from './probe';

const name = 'compression';

/**
 * A JSON answer over 1 KB (the OpenAPI document) comes back compressed when the client accepts
 * it: the functions compress (shared/http/encode-answer.ts) and CloudFront's API behaviours pass
 * Accept-Encoding in and Content-Encoding out untouched.
 */
export async function compressionCheck(options: DoctorOptions): Promise<CheckResult> {
  let encoding: string | null = null;
  try {
    await openClient(options, { 'accept-encoding': 'br, gzip' }).call('getOpenApi', {
      onHeaders: (headers) => (encoding = headers.get('content-encoding')),
    });
  } catch (error) {
    const reason = error instanceof HttpError ? `answered ${error.status}` : reasonOf(error);
    return failed(
      name,
      `GET /api/openapi.json ${reason}`,
      'Clients cannot read the API description.',
      "Read the health function's log for the request (docs/deploy-aws.md, Monitoring).",
    );
  }
  if (encoding !== 'br' && encoding !== 'gzip') {
    return failed(
      name,
      `GET /api/openapi.json with Accept-Encoding: br, gzip came back ${encoding ? `as ${encoding}` : 'uncompressed'}`,
      'Every list travels uncompressed: slower for editors, and a large collection stops fitting in one answer sooner (docs/limits.md).',
      'The API behaviours must forward Accept-Encoding as the viewer sent it and leave the answer alone (CachingDisabled with AllViewerExceptHostHeader, no response headers policy): run cdk diff; a proxy in front must not strip Accept-Encoding.',
    );
  }
  return passed(name, `JSON answers come compressed as the client accepts (${encoding})`);
}
