import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './access';
import { looksLikeJwt, verifyAppJwt } from './app-jwt';
import type { HostContext } from './context';
import { compilePath } from './http-io';
import { clientCredentialsValid } from './client-auth';
import { runAsActor } from './ref-moves';
import { findToken } from './tokens';

/** The `/api/v3` dispatcher: authentication, GitHub's response headers, ETags and rate limits. */

export interface RestRequest {
  method: string;
  /** Path below /api/v3, e.g. /repos/demo/blog. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  caller: Caller;
  headers: IncomingHttpHeaders;
}

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `user`: user-to-server token only; `token`: any caller (handlers answer 404 for no access);
 * `app`: app JWT; `client`: the app's client id and secret as Basic auth.
 */
export type RestAuth = 'user' | 'token' | 'app' | 'client';

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI-style template, e.g. '/repos/{owner}/{repo}'; `{path+}` spans slashes. */
  path: string;
  auth: RestAuth;
  handle(ctx: HostContext, req: RestRequest): RestResult | Promise<RestResult>;
}

export const REST_DOCS = 'https://docs.github.com/rest';

export function restError(
  status: number,
  message: string,
  documentationUrl = REST_DOCS,
): RestResult {
  return { status, body: { message, documentation_url: documentationUrl, status: String(status) } };
}

const RATE_LIMITS: Record<Caller['kind'], number> = {
  user: 5000,
  installation: 5000,
  app: 5000,
  anonymous: 60,
};
const RATE_WINDOW_MS = 3_600_000;

interface RateWindow {
  used: number;
  resetAt: number;
}

type Authenticated = { caller: Caller } | { error: RestResult };

function authenticate(
  ctx: HostContext,
  header: string | undefined,
  needsJwt: boolean,
): Authenticated {
  const match = /^(?:bearer|token)\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return { caller: { kind: 'anonymous' } };
  const token = match[1];
  if (looksLikeJwt(token)) {
    const check = verifyAppJwt(token, ctx.state.app, ctx.now());
    if (!check.ok) return { error: restError(401, needsJwt ? check.message : 'Bad credentials') };
    return { caller: { kind: 'app' } };
  }
  if (needsJwt) return { error: restError(401, 'A JSON web token could not be decoded') };
  const record = findToken(ctx, token);
  if (record?.kind === 'user-access') return { caller: { kind: 'user', login: record.login } };
  if (record?.kind === 'installation') {
    return {
      caller: {
        kind: 'installation',
        installationId: record.installationId,
        repositoryIds: record.repositoryIds,
        ...(record.permissions ? { permissions: record.permissions } : {}),
      },
    };
  }
  return { error: restError(401, 'Bad credentials') };
}

function authorize(route: RestRoute, caller: Caller): RestResult | null {
  if (route.auth === 'app')
    return caller.kind === 'app' ? null : restError(401, 'A JSON web token could not be decoded');
  if (caller.kind === 'app') return restError(403, 'Resource not accessible by integration');
  if (route.auth === 'user') {
    if (caller.kind === 'anonymous') return restError(401, 'Requires authentication');
    if (caller.kind !== 'user') return restError(403, 'Resource not accessible by integration');
  }
  return null;
}

function callerKey(caller: Caller, req: IncomingMessage): string {
  if (caller.kind === 'user') return `user:${caller.login}`;
  if (caller.kind === 'installation') return `installation:${caller.installationId}`;
  if (caller.kind === 'app') return 'app';
  return `anonymous:${req.socket.remoteAddress ?? ''}`;
}

function parseJsonBody(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

/** GitHub's request id layout, e.g. C1A4:3E2F:1B2C3D:1C2D3E:65A1B2C3. */
export function requestId(): string {
  return [2, 2, 3, 3, 4].map((bytes) => randomBytes(bytes).toString('hex').toUpperCase()).join(':');
}

export function createRestRouter(ctx: HostContext, routes: readonly RestRoute[]) {
  const compiled = routes.map((route) => ({ route, match: compilePath(route.path) }));
  const windows = new Map<string, RateWindow>();

  function rateWindow(key: string): RateWindow {
    const now = ctx.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + RATE_WINDOW_MS };
      windows.set(key, window);
    }
    return window;
  }

  async function dispatch(
    req: IncomingMessage,
    method: string,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
  ): Promise<{ result: RestResult; caller: Caller }> {
    let found: { route: RestRoute; params: Record<string, string> } | undefined;
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const params = candidate.match(path);
      if (params) {
        found = { route: candidate.route, params };
        break;
      }
    }
    if (found?.route.auth === 'client') {
      if (!clientCredentialsValid(ctx, req.headers.authorization, found.params.client_id ?? '')) {
        return { result: restError(404, 'Not Found'), caller: { kind: 'anonymous' } };
      }
      const body = parseJsonBody(raw);
      if (!body.ok)
        return { result: restError(400, 'Problems parsing JSON'), caller: { kind: 'app' } };
      const result = await found.route.handle(ctx, {
        method,
        path,
        params: found.params,
        query,
        body: body.value,
        caller: { kind: 'app' },
        headers: req.headers,
      });
      return { result, caller: { kind: 'app' } };
    }
    const auth = authenticate(ctx, req.headers.authorization, found?.route.auth === 'app');
    if ('error' in auth) return { result: auth.error, caller: { kind: 'anonymous' } };
    const caller = auth.caller;
    if (!found) return { result: restError(404, 'Not Found'), caller };
    const denied = authorize(found.route, caller);
    if (denied) return { result: denied, caller };
    const body = parseJsonBody(raw);
    if (!body.ok) return { result: restError(400, 'Problems parsing JSON'), caller };
    const route = found.route;
    const request: RestRequest = {
      method,
      path,
      params: found.params,
      query,
      body: body.value,
      caller,
      headers: req.headers,
    };
    const result = await runAsActor(caller, () => route.handle(ctx, request));
    return { result, caller };
  }

  return async function handleRest(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let outcome: { result: RestResult; caller: Caller };
    try {
      outcome = await dispatch(req, method, path, query, raw);
    } catch (error) {
      console.error('[github-local] REST handler failed', method, path, error);
      outcome = { result: restError(500, 'Server Error'), caller: { kind: 'anonymous' } };
    }
    const { result, caller } = outcome;
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    const key = callerKey(caller, req);
    const window = rateWindow(key);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-github-request-id': requestId(),
      'x-github-media-type': 'github.v3; format=json',
      'x-github-api-version-selected': '2022-11-28',
      'x-github-enterprise-version': '3.19.0',
      'access-control-expose-headers':
        'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
      'x-content-type-options': 'nosniff',
      vary: 'Accept, Authorization, Cookie, X-GitHub-OTP',
      ...result.headers,
    };
    let status = result.status;
    if (method === 'GET' && status === 200) {
      const etag = `W/"${createHash('sha256').update(key).update('\n').update(text).digest('hex')}"`;
      headers.etag = etag;
      headers['cache-control'] = 'private, max-age=60, s-maxage=60';
      const ifNoneMatch = req.headers['if-none-match'];
      if (
        ifNoneMatch &&
        ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
      )
        status = 304;
    }
    // A 304 answers from the client's cache and, as on GitHub, costs no rate-limit budget.
    if (status !== 304) window.used += 1;
    const limit = RATE_LIMITS[caller.kind];
    Object.assign(headers, {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - window.used)),
      'x-ratelimit-reset': String(Math.ceil(window.resetAt / 1000)),
      'x-ratelimit-used': String(window.used),
      'x-ratelimit-resource': 'core',
    });
    if (status === 304) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(status, headers);
    res.end(text);
  };
}
