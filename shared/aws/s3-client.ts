import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError, environmentCredentials } from './aws-json-client';
import { NodeSha256, type AwsCredentials } from './sigv4';

/**
 * The four S3 object operations the media staging needs (GET, HEAD, PUT, DELETE) and presigned
 * URLs, as signed REST requests: no SDK client in the Lambda bundles (see aws-json-client.ts).
 * Signed by the SDK's own signer (`@smithy/signature-v4`) the way the SDK signs for S3: the path
 * as given (S3 does not double-encode), the payload's SHA-256 in `x-amz-content-sha256`, and
 * `UNSIGNED-PAYLOAD` in presigned URLs. 5xx, 429 and connection errors are retried as the JSON
 * client does (3 attempts, exponential backoff with jitter).
 */
export interface S3ClientOptions {
  bucket: string;
  region?: string;
  /**
   * Where S3 answers: `https://s3.<region>.amazonaws.com` by default (or `AWS_ENDPOINT_URL_S3` /
   * `AWS_ENDPOINT_URL`, as the SDK reads them). The bucket is a subdomain of it unless `pathStyle`.
   */
  endpoint?: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (fakes, emulators). */
  pathStyle?: boolean;
  credentials?: AwsCredentials;
  maxAttempts?: number;
  /** Sends one signed request; defaults to HTTPS (HTTP for an http:// endpoint). */
  transport?: S3Transport;
  wait?: (ms: number) => Promise<void>;
  /** The signing time (tests); now by default. */
  now?: () => Date;
  /** Where the region, endpoint and credentials are read when not given: the process's environment by default. */
  environment?: Record<string, string | undefined>;
}

export interface S3Request {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** A GET answer declaring a longer body is refused unread (ObjectTooLargeError). */
  maxBytes?: number;
}
export interface S3Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}
export type S3Transport = (request: S3Request) => Promise<S3Answer>;

export interface PresignInput {
  method: 'GET' | 'PUT';
  key: string;
  expiresInSeconds: number;
  /** Headers the request must carry as signed (`content-type`, `content-length`); they stay headers. */
  headers?: Record<string, string>;
  /** Signed query parameters (`response-content-type`, ...). */
  query?: Record<string, string>;
}

export interface S3Client {
  readonly bucket: string;
  /**
   * The object's bytes, or null when there is none (404, or 403 AccessDenied: what S3 answers for a
   * missing key to a caller who may not list the bucket). Refuses, without reading it, one longer than `maxBytes`.
   */
  getObject(key: string, options?: { maxBytes?: number }): Promise<Uint8Array | null>;
  /** The object's length, or null when there is none (404 or 403: a HEAD answer has no error code to tell them apart). */
  headObject(key: string): Promise<{ size: number } | null>;
  putObject(key: string, body: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** Deleting an absent object succeeds (as S3 answers it). */
  deleteObject(key: string): Promise<void>;
  presign(input: PresignInput): Promise<string>;
  /** Operations sent since creation (retries of one not counted). */
  requestCount(): number;
}

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}

const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 50 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 50 }) };

/** Sends the request; a GET answer longer than `maxBytes` (by Content-Length) is not read. */
const httpTransport: S3Transport = (request) =>
  new Promise((resolve, reject) => {
    const protocol = request.url.protocol === 'http:' ? 'http:' : 'https:';
    const send = protocol === 'http:' ? http.request : https.request;
    const headers = { ...request.headers, ...(request.body ? { 'content-length': String(request.body.byteLength) } : {}) };
    const outgoing = send(request.url, { method: request.method, headers, agent: agents[protocol] }, (response) => {
      const declared = Number(response.headers['content-length']);
      if (request.maxBytes !== undefined && response.statusCode === 200 && declared > request.maxBytes) {
        response.destroy();
        reject(new ObjectTooLargeError(`${request.url.pathname} holds ${declared} bytes, more than ${request.maxBytes}`));
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: new Uint8Array(Buffer.concat(chunks)) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength) : undefined);
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** S3's key encoding: every byte but RFC 3986's unreserved ones, `/` kept between segments. */
export function encodeKey(key: string): string {
  const segments = key.split('/');
  // A URL would resolve them (even encoded), naming another key than the one asked for.
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error(`An S3 key with a . or .. segment: ${key}`);
  return segments
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

function endpointOf(region: string, env: Record<string, string | undefined>): string {
  return env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? `https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

/** S3's XML error: `<Error><Code>NoSuchKey</Code><Message>...</Message>`; HEAD answers have no body. */
function errorOf(answer: S3Answer): AwsServiceError {
  const text = Buffer.from(answer.body).toString('utf8');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? (answer.status >= 500 ? 'InternalError' : `Http${answer.status}`);
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? code;
  const requestId = answer.headers['x-amz-request-id'];
  return new AwsServiceError(code, message, answer.status, typeof requestId === 'string' ? requestId : undefined, {});
}

export function createS3Client(options: S3ClientOptions): S3Client {
  const env = options.environment ?? process.env;
  const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const endpoint = new URL(options.endpoint ?? endpointOf(region, env));
  const transport = options.transport ?? httpTransport;
  const wait = options.wait ?? sleep;
  const maxAttempts = options.maxAttempts ?? 3;
  const now = options.now ?? (() => new Date());
  const credentials = () => options.credentials ?? environmentCredentials(env);
  const signer = () => new SignatureV4({ service: 's3', region, credentials: credentials(), sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  let count = 0;

  function objectUrl(key: string): URL {
    const base = options.pathStyle ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${options.bucket}` : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
    return new URL(`${base}/${encodeKey(key)}`);
  }

  function toSign(method: string, url: URL, headers: Record<string, string>) {
    return { method, protocol: url.protocol, hostname: url.hostname, port: url.port ? Number(url.port) : undefined, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: { ...headers, host: url.host } };
  }

  async function send(method: S3Request['method'], key: string, { body, headers: extraHeaders = {}, maxBytes }: { body?: Uint8Array; headers?: Record<string, string>; maxBytes?: number } = {}): Promise<S3Answer> {
    count += 1;
    const url = objectUrl(key);
    const payloadHash = createHash('sha256').update(body ?? new Uint8Array()).digest('hex');
    for (let attempt = 1; ; attempt += 1) {
      try {
        const signed = await signer().sign(toSign(method, url, { ...extraHeaders, 'x-amz-content-sha256': payloadHash, ...(body ? { 'content-length': String(body.byteLength) } : {}) }), { signingDate: now() });
        const answer = await transport({ method, url, headers: signed.headers as Record<string, string>, body, maxBytes });
        if (answer.status < 500 && answer.status !== 429) return answer;
        if (attempt >= maxAttempts) return answer;
      } catch (error) {
        if (attempt >= maxAttempts || error instanceof ObjectTooLargeError) throw error;
      }
      await wait(Math.random() * Math.min(20_000, 100 * 2 ** attempt));
    }
  }

  const ok = (answer: S3Answer) => answer.status >= 200 && answer.status < 300;
  // A role without s3:ListBucket (the media functions have none) is told AccessDenied for a missing key, not 404.
  const absent = (answer: S3Answer, method: 'GET' | 'HEAD') => answer.status === 404 || (answer.status === 403 && (method === 'HEAD' || errorOf(answer).name === 'AccessDenied'));

  return {
    bucket: options.bucket,
    async getObject(key, { maxBytes } = {}) {
      const answer = await send('GET', key, { maxBytes });
      if (absent(answer, 'GET')) return null;
      if (!ok(answer)) throw errorOf(answer);
      if (maxBytes !== undefined && answer.body.byteLength > maxBytes) throw new ObjectTooLargeError(`${key} holds ${answer.body.byteLength} bytes, more than ${maxBytes}`);
      return answer.body;
    },
    async headObject(key) {
      const answer = await send('HEAD', key);
      if (absent(answer, 'HEAD')) return null;
      if (!ok(answer)) throw errorOf(answer);
      return { size: Number(answer.headers['content-length'] ?? 0) };
    },
    async putObject(key, body, { contentType } = {}) {
      const answer = await send('PUT', key, { body, headers: contentType ? { 'content-type': contentType } : {} });
      if (!ok(answer)) throw errorOf(answer);
    },
    async deleteObject(key) {
      const answer = await send('DELETE', key);
      if (!ok(answer) && answer.status !== 404) throw errorOf(answer);
    },
    async presign({ method, key, expiresInSeconds, headers = {}, query = {} }) {
      const url = objectUrl(key);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      // As the SDK's S3 presigner: the payload is unsigned; the marker is neither a query parameter nor a signed header.
      const marker = 'x-amz-content-sha256';
      const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      const request = toSign(method, url, { ...lower, [marker]: 'UNSIGNED-PAYLOAD' });
      const signed = await signer().presign(request, {
        signingDate: now(),
        expiresIn: expiresInSeconds,
        unhoistableHeaders: new Set([marker, ...Object.keys(lower)]),
        unsignableHeaders: new Set([marker]),
      });
      const result = new URL(url.origin + url.pathname);
      const signedQuery = signed.query ?? {};
      result.search = Object.keys(signedQuery)
        .sort()
        .map((name) => `${rfc3986(name)}=${rfc3986(String(signedQuery[name]))}`)
        .join('&');
      return result.toString();
    },
    requestCount: () => count,
  };
}

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
