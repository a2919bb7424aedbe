import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  BodyTooLargeError,
  isAllowedHost,
  readLimitedBody,
  refuse,
  type HostRule,
} from '@cms/github-local';
import type { Group } from '../../shared/http/route-def';
import { httpApiPayloadLimitBytes } from '../../shared/http/aws-limits';
import type { LambdaHttpHandler } from '../../shared/http/types';
import type { Logger } from '../../shared/logger';
import {
  editorHeadersFor,
  editorSettingsPath,
  type EditorSettings,
} from '../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../shared/pulls/preview-origins';
import { matchRoute } from '../../shared/http/route-match';
import { routes } from '../../shared/routes';
import { defaultRouteGroup } from '../aws/http-routes';
import { checkedIntegrationTimeout, invokeAsAws } from './aws-invocation';
import { buildEvent, MalformedPathError } from './event';
import { readAppFile } from './static-files';

export type GroupHandler = LambdaHttpHandler;

export interface GatewayOptions {
  handlers: Partial<Record<Group, GroupHandler>>;
  /** The built editor (web/dist); served under /app. */
  webRoot?: string;
  /** API Gateway's own payload cap for HTTP APIs (10 MiB). */
  maxBodyBytes?: number;
  /** HTTP APIs' integration timeout: 30 s, AWS's default and maximum (tests set it low). */
  integrationTimeoutMs?: number;
  /** Where the gateway logs requests it refuses at AWS's limits (aws-invocation.ts). */
  logger?: Logger;
  /** The origin browsers use, when it is not the gateway's own address: its host name passes the Host check. */
  publicUrl?: string;
  /** The preview hosts the editor may frame (its frame-src and /app/settings.json); Cloudflare Pages previews by default. */
  previewFrameOrigins?: readonly string[];
  /** Serves staged media uploads and reads (`/_staging/…`, media-staging.ts) before any body is read; true when it took the request. */
  staging?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/** A request's headers must arrive within 10 s and the whole request within 30 s (node's defaults: 60 s and 5 min). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** The group whose function API Gateway would invoke for this (decoded) path. */
export const groupForPath = (rawPath: string): Group | undefined => {
  const outcome = ['GET', 'POST', 'PUT', 'DELETE']
    .map((method) => matchRoute(routes, method, rawPath))
    .find((found) => found.kind === 'match');
  return outcome?.kind === 'match' ? outcome.match.route.group : undefined;
};

/**
 * API Gateway for local mode, reversed Lambda adapter style: node http → HTTP API event → the
 * same group handler Lambda runs → status, headers, `cookies` as Set-Cookie, base64 bodies.
 */
export function createGatewayListener(
  options: GatewayOptions,
  hostRule: () => HostRule,
  track: (running: Promise<unknown>) => void = () => {},
): http.RequestListener {
  const maxBody = options.maxBodyBytes ?? httpApiPayloadLimitBytes;
  const integrationTimeoutMs = checkedIntegrationTimeout(options.integrationTimeoutMs);
  const logger: Logger = options.logger ?? {
    info: () => {},
    error: (message, fields) =>
      process.stderr.write(`${JSON.stringify({ level: 'ERROR', message, ...fields })}\n`),
  };
  return (req, res) => {
    if (!isAllowedHost(req.headers.host, hostRule())) {
      return refuse(
        req,
        res,
        421,
        'This server answers only requests addressed to localhost, 127.0.0.1, [::1] or its public URL (Host header).',
      );
    }
    // Staged uploads are up to 25 MiB, over the API's body limit: the staging reads its own body.
    if (options.staging?.(req, res)) return;
    readLimitedBody(req, maxBody)
      .then((body) => dispatch({ ...options, integrationTimeoutMs, logger, track }, req, body, res))
      .catch((error: unknown) => {
        // Refused as soon as the limit is crossed, as API Gateway answers: nothing more is read or kept.
        if (error instanceof BodyTooLargeError)
          return refuse(req, res, 413, { message: 'Request Entity Too Large' });
        process.stderr.write(`gateway error: ${(error as Error).stack ?? String(error)}\n`);
        if (!res.headersSent) sendJson(res, 500, { error: 'Internal Server Error' });
        else res.end();
      });
  };
}

type DispatchOptions = GatewayOptions & {
  integrationTimeoutMs: number;
  logger: Logger;
  track(running: Promise<unknown>): void;
};

async function dispatch(
  options: DispatchOptions,
  req: http.IncomingMessage,
  body: Buffer,
  res: http.ServerResponse,
) {
  const url = req.url ?? '/';
  const pathOnly = url.split('?')[0] ?? '/';
  if (pathOnly === '/' || pathOnly === '/app') {
    res.writeHead(302, { location: '/app/' }).end();
    return;
  }
  if (
    pathOnly.startsWith('/app/') &&
    options.webRoot &&
    (req.method === 'GET' || req.method === 'HEAD')
  ) {
    const origins = options.previewFrameOrigins ?? defaultPreviewFrameOrigins;
    // As deployed next to index.html on AWS (infra/aws/editor-site.ts), from the same setting as the policy.
    const settings: EditorSettings = { previewFrameOrigins: [...origins] };
    const file =
      pathOnly === editorSettingsPath
        ? {
            status: 200,
            body: Buffer.from(JSON.stringify(settings)),
            contentType: 'application/json; charset=utf-8',
            cacheControl: 'no-cache',
          }
        : await readAppFile(options.webRoot, pathOnly);
    if (file) {
      // The headers CloudFront adds on AWS, from the same definition: the editor runs under its real policy.
      res.writeHead(file.status, {
        ...editorHeadersFor(origins),
        'content-type': file.contentType,
        'cache-control': file.cacheControl,
      });
      res.end(req.method === 'HEAD' ? undefined : file.body);
      return;
    }
  }
  let event: APIGatewayProxyEventV2;
  try {
    event = buildEvent({
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      body,
      sourceIp: req.socket.remoteAddress,
    });
  } catch (error) {
    if (error instanceof MalformedPathError) return sendJson(res, 400, { error: error.message });
    throw error;
  }
  // As the HTTP API does: a path no route claims goes to the `$default` route's function, which
  // answers the API's own 404 (or 405 with Allow) with the same headers as every other answer.
  const group = groupForPath(event.rawPath) ?? defaultRouteGroup;
  const handler = options.handlers[group];
  if (!handler) return sendJson(res, 404, { error: 'Not Found' });
  const invocation = await invokeAsAws({
    handler,
    group,
    event,
    integrationTimeoutMs: options.integrationTimeoutMs,
    logger: options.logger,
    track: options.track,
  });
  if (invocation.kind === 'refused')
    return sendJson(res, invocation.status, { message: invocation.message });
  // As API Gateway: the body as the function gave it (base64 decoded), never decompressed or re-encoded.
  writeResult(res, invocation.result);
}

function writeResult(res: http.ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body =
    result.body === undefined
      ? undefined
      : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body));
}

export interface Gateway {
  url: string;
  server: http.Server;
  /** Resolves once every function run the gateway started has ended, those it answered 503 for included. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startGateway(
  options: GatewayOptions & { port: number; host?: string },
): Promise<Gateway> {
  let rule: HostRule = {
    port: options.port,
    listenHost: options.host ?? '127.0.0.1',
    extraHostnames: options.publicUrl ? [new URL(options.publicUrl).hostname] : [],
  };
  const running = new Set<Promise<unknown>>();
  const track = (run: Promise<unknown>) => {
    const settled = run.then(
      () => {},
      () => {},
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
  };
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    createGatewayListener(options, () => rule, track),
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  rule = { ...rule, port: address.port };
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : (options.host ?? '127.0.0.1')}:${address.port}`,
    server,
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
