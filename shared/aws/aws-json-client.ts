import http from 'node:http';
import https from 'node:https';
import { signRequest, type AwsCredentials } from './sigv4';

/**
 * A client for AWS's JSON protocols (awsJson1_0: DynamoDB; awsJson1_1: KMS, Secrets Manager), in
 * place of the AWS SDK's clients in the Lambda bundles: the three SDK clients with their shared
 * core were ~250 KB of every bundle and most of its module load; this is a signed POST. What the
 * SDK did for us is kept: SigV4 by the SDK's own signer with the role's credentials from the environment, the regional
 * endpoint (or `AWS_ENDPOINT_URL_<SERVICE>` / `AWS_ENDPOINT_URL`, as the SDK reads them), kept-alive
 * connections, no time limit per attempt unless one is given (as the SDK), and its standard retries (3 attempts, exponential
 * backoff with jitter) of throttling, 5xx and connection errors. An error answer becomes an
 * `AwsServiceError` named by AWS's error type (`ConditionalCheckFailedException`, ...) with the
 * answer's other fields on it, as the SDK's exceptions have them.
 */
export interface AwsJsonClientOptions {
  /** The signing name and endpoint prefix: dynamodb, kms, secretsmanager. */
  service: string;
  /** The X-Amz-Target prefix: DynamoDB_20120810, TrentService, secretsmanager. */
  targetPrefix: string;
  jsonVersion: '1.0' | '1.1';
  endpoint?: string;
  region?: string;
  credentials?: AwsCredentials;
  /** Per attempt, milliseconds; 0 (the default, as the SDK's) waits as long as the function may run. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Sends one signed request; tests answer in process. Defaults to HTTPS (HTTP for an http:// endpoint). */
  transport?: Transport;
  wait?: (ms: number) => Promise<void>;
}

export interface SignedRequest {
  /** POST unless said (the REST-JSON services use PUT and DELETE too). */
  method?: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Cuts the request (the caller gave up on it). */
  signal?: AbortSignal;
}
export type Transport = (request: SignedRequest) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>;

export class AwsServiceError extends Error {
  readonly $fault: 'client' | 'server';
  readonly $metadata: { httpStatusCode: number; requestId?: string };
  [field: string]: unknown;
  constructor(name: string, message: string, status: number, requestId: string | undefined, fields: Record<string, unknown>) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$fault = status >= 500 ? 'server' : 'client';
    this.$metadata = { httpStatusCode: status, requestId };
  }
}

export interface CallOptions {
  /** Once aborted, no attempt is sent or repeated, and the one in flight is cut (the SDK's `abortSignal`). */
  signal?: AbortSignal;
}

export interface AwsJsonClient {
  call<T = Record<string, unknown>>(operation: string, input: object, options?: CallOptions): Promise<T>;
  /** Operations called since creation or the last reset (retries of one call not counted). */
  requestCount(): number;
  resetRequestCount(): void;
  destroy(): void;
}

/** Error types the SDK's standard retry strategy repeats (throttling and transient ones). */
const retriedTypes = new Set([
  'ThrottlingException', 'Throttling', 'ThrottledException', 'RequestThrottledException', 'TooManyRequestsException', 'ProvisionedThroughputExceededException',
  'TransactionInProgressException', 'RequestLimitExceeded', 'BandwidthLimitExceeded', 'LimitExceededException', 'RequestThrottled', 'SlowDown',
  'PriorRequestNotComplete', 'EC2ThrottledException', 'TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'InternalServerError', 'InternalFailure', 'ServiceUnavailable',
]);

/** Lambda's credentials are in the environment, the first place the SDK's default chain looks. */
export function environmentCredentials(env: Record<string, string | undefined> = process.env): AwsCredentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 50 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 50 }) };

export const httpTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const protocol = request.url.protocol === 'http:' ? 'http:' : 'https:';
    const send = protocol === 'http:' ? http.request : https.request;
    const outgoing = send(request.url, { method: request.method ?? 'POST', headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }, agent: agents[protocol], ...(request.timeoutMs > 0 && { timeout: request.timeoutMs }), ...(request.signal && { signal: request.signal }) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error(`No answer within ${request.timeoutMs} ms`), { name: 'TimeoutError' })));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function endpointOf(service: string, region: string, env: Record<string, string | undefined>): string {
  const specific = env[`AWS_ENDPOINT_URL_${service.toUpperCase()}`];
  return specific ?? env.AWS_ENDPOINT_URL ?? `https://${service}.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

export function errorOf(status: number, headers: Record<string, string | string[] | undefined>, text: string): AwsServiceError {
  let fields: Record<string, unknown>;
  try {
    fields = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    fields = {};
  }
  const rawType = String(fields.__type ?? fields.code ?? headers['x-amzn-errortype'] ?? (status >= 500 ? 'InternalFailure' : 'UnknownError'));
  const name = rawType.split('#').pop()!.split(':')[0]!;
  const { __type: _type, message, Message, ...rest } = fields;
  const requestId = headers['x-amzn-requestid'];
  return new AwsServiceError(name, String(message ?? Message ?? name), status, typeof requestId === 'string' ? requestId : undefined, rest);
}

export function createAwsJsonClient(options: AwsJsonClientOptions): AwsJsonClient {
  const env = process.env;
  const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const url = new URL(options.endpoint ?? endpointOf(options.service, region, env));
  const transport = options.transport ?? httpTransport;
  const wait = options.wait ?? sleep;
  const maxAttempts = options.maxAttempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 0;
  let count = 0;

  async function attempt(operation: string, body: string, credentials: AwsCredentials, signal: AbortSignal | undefined) {
    const headers = await signRequest({
      method: 'POST',
      url,
      headers: { 'content-type': `application/x-amz-json-${options.jsonVersion}`, 'x-amz-target': `${options.targetPrefix}.${operation}` },
      body,
      service: options.service,
      region,
      credentials,
      date: new Date(),
    });
    signal?.throwIfAborted();
    const answer = await transport({ url, headers, body, timeoutMs, ...(signal && { signal }) });
    if (answer.status >= 200 && answer.status < 300) return answer.body ? (JSON.parse(answer.body) as unknown) : {};
    throw errorOf(answer.status, answer.headers, answer.body);
  }

  return {
    async call<T>(operation: string, input: object, callOptions: CallOptions = {}): Promise<T> {
      const { signal } = callOptions;
      signal?.throwIfAborted();
      count += 1;
      const body = JSON.stringify(input);
      const credentials = options.credentials ?? environmentCredentials(env);
      for (let attempts = 1; ; attempts += 1) {
        try {
          return (await attempt(operation, body, credentials, signal)) as T;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const retryable = error instanceof AwsServiceError ? error.$metadata.httpStatusCode >= 500 || error.$metadata.httpStatusCode === 429 || retriedTypes.has(error.name) : !(error instanceof SyntaxError);
          if (!retryable || attempts >= maxAttempts) throw error;
          await wait(Math.random() * Math.min(20_000, 100 * 2 ** attempts));
        }
      }
    },
    requestCount: () => count,
    resetRequestCount: () => {
      count = 0;
    },
    destroy: () => {},
  };
}
