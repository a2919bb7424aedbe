import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext } from './context';
import { devicePage, deviceSubmit, type DeviceGuessLimiter } from './device-flow';
import { matchGitPath, serveGit } from './git-http';
import { compilePath } from './http-io';
import { accessTokenEndpoint, deviceCodeEndpoint } from './oauth-token';
import { authorizePage, authorizeSubmit } from './oauth-web';
import { avatar, indexPage } from './pages';

/** What a route outside `/api` is handed: the request, its form or query parameters, its path's parameters. */
export interface WebRequest {
  ctx: HostContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  /** Query and form parameters, parsed on first use. */
  params(): Record<string, string>;
  /** The path's parameters, by the template's names. */
  match: Record<string, string>;
  deviceLimiter: DeviceGuessLimiter;
}

export interface WebRoute {
  method: 'GET' | 'POST';
  /** OpenAPI-style template (see compilePath); what the surface test lists. */
  path: string;
  /** A matcher for what a template cannot say (git's optional `.git` suffix); the template's otherwise. */
  match?: (path: string) => Record<string, string> | null;
  handle(request: WebRequest): void | Promise<void>;
}

const gitPath = '/{owner}/{repo}/{git+}';
const git = (path: string) => matchGitPath(path);
const serveGitRoute = ({ ctx, req, res, url, body, match }: WebRequest) =>
  serveGit(
    ctx,
    req,
    res,
    { owner: match.owner ?? '', name: match.name ?? '', rest: match.rest ?? '' },
    url.searchParams,
    body,
  );

/**
 * Everything the host serves outside `/api/v3` and `/api/graphql`, in dispatch order: GitHub's
 * OAuth web and device flows (pages a browser uses and the token endpoints clients call), avatars,
 * the index page and git's smart HTTP (`git clone`: info/refs, upload-pack, HEAD, objects).
 */
export const webRoutes: readonly WebRoute[] = [
  {
    method: 'GET',
    path: '/login/oauth/authorize',
    handle: ({ ctx, res, params }) => authorizePage(ctx, res, params()),
  },
  {
    method: 'POST',
    path: '/login/oauth/authorize',
    handle: ({ ctx, res, params }) => authorizeSubmit(ctx, res, params()),
  },
  {
    method: 'POST',
    path: '/login/oauth/access_token',
    handle: ({ ctx, req, res, params }) => accessTokenEndpoint(ctx, req, res, params()),
  },
  {
    method: 'POST',
    path: '/login/device/code',
    handle: ({ ctx, req, res, params }) => deviceCodeEndpoint(ctx, req, res, params()),
  },
  {
    method: 'GET',
    path: '/login/device',
    handle: ({ ctx, res, params }) => devicePage(ctx, res, params()),
  },
  {
    method: 'POST',
    path: '/login/device',
    handle: ({ ctx, res, params, deviceLimiter }) =>
      deviceSubmit(ctx, deviceLimiter, res, params()),
  },
  {
    method: 'GET',
    path: '/avatars/u/{id}',
    match: (path) => /^\/avatars\/u\/(?<id>\d+)$/.exec(path)?.groups ?? null,
    handle: ({ ctx, res, match }) => avatar(ctx, res, match.id ?? ''),
  },
  { method: 'GET', path: '/', handle: ({ ctx, res }) => indexPage(ctx, res) },
  { method: 'GET', path: gitPath, match: git, handle: serveGitRoute },
  { method: 'POST', path: gitPath, match: git, handle: serveGitRoute },
];

/** The dispatcher over `webRoutes`: the first route whose method and path match serves; null when none does. */
export function createWebRouter(routes: readonly WebRoute[]) {
  const compiled = routes.map((route) => ({
    route,
    match: route.match ?? compilePath(route.path),
  }));
  return function findWebRoute(
    method: string,
    path: string,
  ): { route: WebRoute; match: Record<string, string> } | null {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.match(path);
      if (match) return { route: candidate.route, match };
    }
    return null;
  };
}
