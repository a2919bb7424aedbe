import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3 object endpoint in process (path style: /<bucket>/<key>) that checks signatures as S3
 * does, with its own SigV4 implementation: the Authorization header with `x-amz-content-sha256`
 * matching the body, or a presigned URL (expiry, signed headers, a signed Content-Length matching
 * the body). GET, HEAD, PUT and DELETE of objects; `failNext` answers 503s first.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType?: string }>;
  /** Every request as received: method, path and query, status answered. */
  log: { method: string; path: string; status: number }[];
  failNext(count: number): void;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function signature(secret: string, amzDate: string, scope: string, canonical: string): string {
  const [day, region, service] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), 'aws4_request');
  return hmac(key, ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')).toString(
    'hex',
  );
}

function canonicalRequest(
  method: string,
  url: URL,
  headers: http.IncomingHttpHeaders,
  signed: string[],
  payloadHash: string,
): string {
  const query = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerLines = signed
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  return [method, url.pathname, query, headerLines, signed.join(';'), payloadHash].join('\n');
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

/** `missingKey`: 403 as S3 answers a caller without s3:ListBucket (AccessDenied), or 404 (NoSuchKey). */
export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: () => Date;
  missingKey?: 403 | 404;
}): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const log: FakeS3['log'] = [];
  let failures = 0;

  /** Why S3 would refuse the request (an error code and status), or undefined. */
  function refusal(
    method: string,
    url: URL,
    headers: http.IncomingHttpHeaders,
    body: Buffer,
  ): [number, string] | undefined {
    const presigned = url.searchParams.get('X-Amz-Signature');
    if (presigned) {
      const [accessKey, ...scopeParts] = (url.searchParams.get('X-Amz-Credential') ?? '').split(
        '/',
      );
      if (accessKey !== options.accessKeyId) return [403, 'InvalidAccessKeyId'];
      const amzDate = url.searchParams.get('X-Amz-Date') ?? '';
      const issued = Date.parse(
        amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
      );
      if (options.now().getTime() > issued + Number(url.searchParams.get('X-Amz-Expires')) * 1000)
        return [403, 'AccessDenied'];
      const signed = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
      if (
        signed.includes('content-length') &&
        Number(headers['content-length'] ?? 0) !== body.length
      )
        return [403, 'SignatureDoesNotMatch'];
      const expected = signature(
        options.secretAccessKey,
        amzDate,
        scopeParts.join('/'),
        canonicalRequest(method, url, headers, signed, 'UNSIGNED-PAYLOAD'),
      );
      return expected === presigned ? undefined : [403, 'SignatureDoesNotMatch'];
    }
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
        String(headers.authorization ?? ''),
      );
    if (!match) return [403, 'AccessDenied'];
    if (match[1] !== options.accessKeyId) return [403, 'InvalidAccessKeyId'];
    const payloadHash = String(headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256(body)) return [400, 'XAmzContentSHA256Mismatch'];
    const expected = signature(
      options.secretAccessKey,
      String(headers['x-amz-date']),
      match[2]!,
      canonicalRequest(method, url, headers, match[3]!.split(';'), payloadHash),
    );
    return expected === match[4] ? undefined : [403, 'SignatureDoesNotMatch'];
  }

  function answer(
    request: http.IncomingMessage,
    body: Buffer,
  ): { status: number; headers?: Record<string, string>; body?: Buffer | string } {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://s3.fake');
    if (failures > 0) {
      failures -= 1;
      return { status: 503, body: xmlError('SlowDown') };
    }
    const problem = refusal(method, url, request.headers, body);
    if (problem)
      return { status: problem[0], body: method === 'HEAD' ? undefined : xmlError(problem[1]) };
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== options.bucket) return { status: 404, body: xmlError('NoSuchBucket') };
    const key = rest.map(decodeURIComponent).join('/');
    const stored = objects.get(key);
    if (method === 'PUT') {
      objects.set(key, { body, contentType: request.headers['content-type'] });
      return { status: 200, headers: { etag: `"${sha256(body).slice(0, 32)}"` } };
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return { status: 204 };
    }
    if (!stored && options.missingKey === 403)
      return { status: 403, body: method === 'HEAD' ? undefined : xmlError('AccessDenied') };
    if (!stored)
      return { status: 404, body: method === 'HEAD' ? undefined : xmlError('NoSuchKey') };
    const contentType =
      url.searchParams.get('response-content-type') ?? stored.contentType ?? 'binary/octet-stream';
    const overrides = Object.fromEntries(
      (['content-disposition', 'cache-control'] as const).flatMap((name) =>
        url.searchParams.has(`response-${name}`)
          ? [[name, url.searchParams.get(`response-${name}`)!]]
          : [],
      ),
    );
    const headers = {
      'content-type': contentType,
      'content-length': String(stored.body.length),
      ...overrides,
    };
    return { status: 200, headers, body: method === 'HEAD' ? undefined : stored.body };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const result = answer(request, Buffer.concat(chunks));
      log.push({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0]!,
        status: result.status,
      });
      response.writeHead(result.status, { 'x-amz-request-id': 'fake-request', ...result.headers });
      response.end(request.method === 'HEAD' ? undefined : result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    failNext: (count) => {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
