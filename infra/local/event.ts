import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { functionTimeoutMs } from '../../shared/http/aws-limits';

export interface RawRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  /** Header name → value(s), any case. */
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
  routeKey?: string;
}

export class MalformedPathError extends Error {
  override name = 'MalformedPathError';
}

const textTypes =
  /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded|[\w.+-]+\+(json|xml)))/i;

/**
 * Builds the event exactly as API Gateway's HTTP API (payload 2.0) does, quirks included:
 * `rawPath` is percent-decoded (`demo%2Fblog` arrives as `demo/blog`), `rawQueryString` stays
 * encoded, header names are lower-cased with repeats comma-joined, the Cookie header moves to
 * `cookies`, and a body that is not text arrives base64-encoded.
 */
export function buildEvent(request: RawRequest): APIGatewayProxyEventV2 {
  const at = request.url.indexOf('?');
  const encodedPath = at === -1 ? request.url : request.url.slice(0, at);
  const rawQueryString = at === -1 ? '' : request.url.slice(at + 1);
  let rawPath: string;
  try {
    rawPath = decodeURIComponent(encodedPath);
  } catch {
    throw new MalformedPathError(`Malformed percent-encoding in path ${encodedPath}`);
  }

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = [
        ...(cookies ?? []),
        ...values.flatMap((v) =>
          v
            .split(';')
            .map((c) => c.trim())
            .filter(Boolean),
        ),
      ];
      continue;
    }
    headers[lower] =
      headers[lower] === undefined ? values.join(',') : `${headers[lower]},${values.join(',')}`;
  }

  const queryStringParameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[key] =
      queryStringParameters[key] === undefined ? value : `${queryStringParameters[key]},${value}`;
  }

  const now = new Date();
  const body = request.body && request.body.length > 0 ? request.body : undefined;
  const isText = textTypes.test(headers['content-type'] ?? '');
  const method = request.method.toUpperCase();
  return {
    version: '2.0',
    routeKey: request.routeKey ?? '$default',
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(rawQueryString ? { queryStringParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: request.routeKey ?? '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body
      ? { body: isText ? body.toString('utf8') : body.toString('base64'), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

/** A Lambda context good enough for our handlers (they read the request id). */
export function buildContext(functionName: string, timeoutMs = functionTimeoutMs): Context {
  const started = Date.now();
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
