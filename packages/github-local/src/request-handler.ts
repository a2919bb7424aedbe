import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext } from './context';
import { createDeviceGuessLimiter } from './device-flow';
import type { TrafficControl } from './faults';
import { createGraphqlEndpoint, type GraphqlOptions } from './graphql/endpoint';
import { parseParams, sendJson } from './http-io';
import { isDelayedPath, type Wait } from './latency';
import { isSameOriginPost, readLimitedBody, refuse } from './request-guards';
import { MAX_BLOB_BYTES } from './rest-git-data';
import { createRestRouter } from './rest-router';
import { restRoutes } from './rest-routes';
import { createWebRouter, webRoutes } from './web-routes';

/** Paths whose requests are API round trips (pages, avatars and git traffic are not). */
function isApiRequest(path: string): boolean {
  return (
    path === '/api/v3' ||
    path.startsWith('/api/v3/') ||
    path === '/api/graphql' ||
    path === '/login/oauth/access_token' ||
    path === '/login/device/code'
  );
}

export interface RequestHandlerOptions {
  ctx: HostContext;
  traffic: TrafficControl;
  /** Read on every request: `setLatency` changes it while the host runs. */
  latency: { ms: number; wait: Wait };
  graphqlOptions: GraphqlOptions;
  maxBodyBytes: number;
}

/**
 * Every request the host answers: counted and logged when it is an API round trip, delayed and
 * faulted as the test asked, then routed to GraphQL, REST or a web page.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  const { ctx, traffic, latency, graphqlOptions, maxBodyBytes } = options;
  const rest = createRestRouter(ctx, restRoutes);
  const findWebRoute = createWebRouter(webRoutes);
  const graphql = createGraphqlEndpoint(ctx, graphqlOptions);
  const deviceLimiter = createDeviceGuessLimiter();

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const api = isApiRequest(path);
    if (api) ctx.counters.requests += 1;
    const isForm = path === '/login/oauth/authorize' || path === '/login/device';
    if (isForm && method === 'POST' && !isSameOriginPost(req)) {
      return refuse(
        req,
        res,
        403,
        "Cross-site form posts are refused: submit the form from this host's own page.",
      );
    }
    // A blob travels base64-encoded in JSON: GitHub's 100 MB blob limit is 4/3 of that on the wire.
    const limit =
      method === 'POST' && /^\/api\/v3\/repos\/[^/]+\/[^/]+\/git\/blobs$/.test(path)
        ? Math.max(maxBodyBytes, Math.ceil((MAX_BLOB_BYTES * 4) / 3) + 64 * 1024)
        : maxBodyBytes;
    const body =
      method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readLimitedBody(req, limit);
    const operation = api ? traffic.record(req, res, body) : undefined;
    // After the request is logged (a test sees it arrive), before anything answers it, faults included.
    if (latency.ms > 0 && isDelayedPath(path)) await latency.wait(latency.ms);
    if (api) {
      const faultable =
        path === '/api/graphql' || path === '/api/v3' || path.startsWith('/api/v3/');
      if (faultable) await traffic.waitIfHeld(method, path, operation);
      if (faultable && traffic.serveFault(method, path, res, operation)) return;
    }
    if (path === '/api/graphql') return graphql(req, res, body);

    if (path === '/api/v3' || path.startsWith('/api/v3/')) {
      return rest(req, res, path.slice('/api/v3'.length) || '/', url.searchParams, body);
    }
    const found = findWebRoute(method, path);
    if (found) {
      let params: Record<string, string> | undefined;
      return found.route.handle({
        ctx,
        req,
        res,
        url,
        body,
        match: found.match,
        deviceLimiter,
        params: () => (params ??= parseParams(req, body, url.searchParams)),
      });
    }
    sendJson(res, 404, { message: 'Not Found' });
  };
}
