import { createHash, timingSafeEqual } from 'node:crypto';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Logger } from '../logger';
import { json } from './respond';
import type { HttpEvent, HttpResult, LambdaHttpHandler } from './types';

/** The header CloudFront adds to every request it forwards to the API (a custom origin header). */
export const originHeader = 'x-origin-verify';

/**
 * The origin secret as stored in Secrets Manager: `{"current": "...", "previous": "..."}`.
 * During a rotation both are accepted, so requests keep flowing while CloudFront deploys the new
 * value (docs/deploy-aws.md, "Rotating the origin secret").
 */
export interface OriginSecret {
  current: string;
  previous?: string;
}

export class OriginSecretError extends Error {
  override name = 'OriginSecretError';
}

export function parseOriginSecret(text: string): OriginSecret {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OriginSecretError(
      'The origin secret is not JSON; it must be {"current": "...", "previous"?: "..."}',
    );
  }
  const { current, previous } = (value ?? {}) as Record<string, unknown>;
  if (typeof current !== 'string' || current.length < 32)
    throw new OriginSecretError(
      'The origin secret has no "current" value of at least 32 characters',
    );
  if (
    previous !== undefined &&
    previous !== '' &&
    (typeof previous !== 'string' || previous.length < 32)
  )
    throw new OriginSecretError(
      'The origin secret\'s "previous" value is shorter than 32 characters',
    );
  return typeof previous === 'string' && previous ? { current, previous } : { current };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant time in the presented value: both accepted values are always compared, as digests of equal length. */
export function matchesOriginSecret(secret: OriginSecret, presented: string | undefined): boolean {
  const given = digest(presented ?? '');
  const current = timingSafeEqual(given, digest(secret.current));
  const previous = secret.previous !== undefined && timingSafeEqual(given, digest(secret.previous));
  return presented !== undefined && (current || previous);
}

export interface OriginCheckOptions {
  /** The secret's text (Secrets Manager on AWS). */
  read: () => Promise<string>;
  now: () => number;
  /** How long a read value is used before reading again. */
  maxAgeMs?: number;
  /** A mismatch re-reads the secret when the cached value is older than this (picks up a rotation early). */
  recheckAfterMs?: number;
}

/** Whether a presented header value is the current or the previous origin secret, reading the secret at most every few minutes. */
export function createOriginCheck(
  options: OriginCheckOptions,
): (presented: string | undefined) => Promise<boolean> {
  const maxAge = options.maxAgeMs ?? 5 * 60_000;
  const recheckAfter = options.recheckAfterMs ?? 30_000;
  let cached: { secret: OriginSecret; readAt: number } | undefined;
  const load = async () => {
    const secret = parseOriginSecret(await options.read());
    cached = { secret, readAt: options.now() };
    return secret;
  };
  return async (presented) => {
    const age = cached ? options.now() - cached.readAt : Infinity;
    const secret = cached && age < maxAge ? cached.secret : await load();
    if (matchesOriginSecret(secret, presented)) return true;
    if (age === Infinity || options.now() - cached!.readAt < recheckAfter) return false;
    return matchesOriginSecret(await load(), presented);
  };
}

export const originRejection = (): HttpResult =>
  json(
    403,
    {
      error:
        "Forbidden: this API answers only requests that come through the service's own address (CloudFront)",
    },
    { headers: { 'cache-control': 'no-store' } },
  );

/**
 * The outermost middleware on AWS: a request without the origin header CloudFront adds gets 403
 * before anything else runs (no route matching, no secret reads, no table access). A failed
 * secret read answers 500 and is logged: failing closed.
 */
export const originCheckMiddleware = (
  check: (presented: string | undefined) => Promise<boolean>,
  logger: Logger,
): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    let allowed: boolean;
    try {
      allowed = await check(request.event.headers?.[originHeader]);
    } catch (error) {
      logger.error('Origin secret unreadable', {
        requestId: request.context.awsRequestId,
        errorName: (error as Error).name,
        errorMessage: (error as Error).message,
      });
      return json(
        500,
        { error: 'Internal Server Error' },
        { headers: { 'cache-control': 'no-store' } },
      );
    }
    if (!allowed) {
      logger.info('Request without the origin secret refused', {
        requestId: request.context.awsRequestId,
        sourceIp: request.event.requestContext?.http?.sourceIp,
      });
      return originRejection();
    }
    return undefined;
  },
});

/** `handler` behind the origin check; the check runs first, so a refused request costs nothing else. */
export const withOriginCheck = (
  handler: LambdaHttpHandler,
  check: (presented: string | undefined) => Promise<boolean>,
  logger: Logger,
): LambdaHttpHandler =>
  middy<HttpEvent, HttpResult>()
    .use(originCheckMiddleware(check, logger))
    .handler((event, context, options) =>
      handler(event, context, options),
    ) as unknown as LambdaHttpHandler;
