import type { HeaderDef, RouteDef } from '../http/route-def';
import { rateLimitedWords, retryAfter } from '../route-table/rate-limited';

const serviceUnavailable =
  'The service cannot answer now: the request ran out of time, or (on routes that read the table) the database is throttled or failing (try again shortly), or the GitHub App is not configured yet (the message names the secret and the fields to fill in; never a value). Out of time: the function stops at 29 s with `{error}` saying whether a change may have been made; API Gateway stops waiting at 30 s and answers `{"message":"Service Unavailable"}`. Either way the request\'s remaining work is abandoned: a write already sent to GitHub may have been made, so reload before repeating one';

/**
 * Answers the shared middleware stack gives on every route it applies to, always with the Error
 * body `{error}`. Each is one `components/responses` entry, referenced from every operation it
 * applies to, so the document (and the tests' response validator) holds every status a route
 * can answer. A row of the route table that declares the same status keeps its own description.
 */
export const genericResponses: readonly {
  status: number;
  name: string;
  description: string;
  /** API Gateway answers this status itself too, with `{message}` (GatewayError) instead of `{error}`. */
  fromGateway?: true;
  /** Only API Gateway answers this status, always with `{message}` (GatewayError). */
  gatewayOnly?: true;
  headers?: Record<string, HeaderDef>;
  appliesTo(route: RouteDef): boolean;
}[] = [
  {
    status: 400,
    name: 'InvalidRequest',
    description:
      'The query or the JSON body does not match its schema, the body is missing or not JSON, or a path parameter is malformed (`{number}` not a positive integer, `{slug}` not a valid slug); the message names the first invalid field',
    appliesTo: (route) =>
      route.query !== undefined ||
      route.body !== undefined ||
      checkedPathParameters.test(route.path),
  },
  {
    status: 401,
    name: 'Unauthenticated',
    description: 'No credentials, or an invalid, expired or revoked session or API token',
    appliesTo: (route) => route.access !== 'none',
  },
  {
    status: 403,
    name: 'Forbidden',
    description:
      'Refused: an API token on a session-only route, a token without the permission or with the repository outside its scope, or a cookie-authenticated write from another origin',
    appliesTo: (route) =>
      (route.access !== 'none' && route.access !== 'authenticated') || route.method !== 'GET',
  },
  {
    status: 413,
    name: 'PayloadTooLarge',
    description:
      'The request is larger than Lambda takes (the request with its headers over 6 MiB, so a body of about 6 MB) or than API Gateway takes (a body over 10 MiB): API Gateway answers `{"message":"Request Entity Too Large"}` and the service never sees it. A JSON body over 6 MiB that reaches the service is refused with `{error}`',
    fromGateway: true,
    appliesTo: (route) => route.body !== undefined,
  },
  {
    status: 415,
    name: 'UnsupportedMediaType',
    description: 'Content-Type is not application/json',
    appliesTo: (route) => route.body !== undefined,
  },
  {
    status: 429,
    name: 'TooManyRequests',
    description:
      'API Gateway\'s throttle, on AWS: the stage\'s requests per second, counted across all clients together, or on a route marked `x-throttle: credential` (sign-in, the device flow, creating an API token) that route\'s own, tighter limit. API Gateway answers `{"message":"Too Many Requests"}` itself: the service never saw the request and nothing changed; wait a moment and send it again. Local mode does not throttle',
    gatewayOnly: true,
    appliesTo: () => true,
  },
  {
    status: 500,
    name: 'InternalError',
    description:
      'An unexpected error: `{"error":"Internal Server Error"}`. API Gateway answers `{"message":"Internal Server Error"}` when the function failed outright or its answer, as sent, was over Lambda\'s 6 MB response limit',
    fromGateway: true,
    appliesTo: () => true,
  },
  {
    status: 502,
    name: 'ProviderError',
    description: 'The hosting provider (GitHub) failed or could not be reached',
    appliesTo: callsGitHub,
  },
  {
    status: 503,
    name: 'RateLimitedOrUnavailable',
    description: `${rateLimitedWords} Otherwise: ${serviceUnavailable}`,
    fromGateway: true,
    headers: { 'Retry-After': retryAfter },
    appliesTo: callsGitHub,
  },
  {
    status: 503,
    name: 'ServiceUnavailable',
    description: serviceUnavailable,
    fromGateway: true,
    appliesTo: () => true,
  },
];

/** Path parameters the route functions check before anything else (400 naming the parameter). */
const checkedPathParameters = /\{(number|slug|repo)\}/;

/** Routes outside a repository that call GitHub: sign-in, the device flow, the repositories the caller reaches. */
const githubRoutes = new Set([
  'callback',
  'startDevice',
  'pollDevice',
  'listHostRepos',
  'listRepos',
  'connectRepo',
]);

/** Whether a route may call GitHub: every route of a repository asks GitHub for the caller's access to it. */
export function callsGitHub(route: RouteDef): boolean {
  return route.path.includes('{repo}') || githubRoutes.has(route.id);
}

/** Statuses answered before any route is chosen, so they belong to no operation. */
export const unroutedResponses = {
  404: 'A path no route has',
  405: 'A known path under another method (the Allow header lists the methods)',
} as const;
