import type * as z from 'zod/mini';
import type { PathParams } from '../path-params';
import type { AnyRoute } from '../routes';

/**
 * The one typed client of the service, used by the editor and the CLI. Everything it knows about
 * a route comes from the route table at type level: the path parameters from the path literal,
 * query and body from their schemas' input, the result from the 2xx schema's output. Only the
 * route's method and path are carried at run time (`endpoints`, checked against the table by the
 * compiler), so the editor's bundle does not take in the table and all of its schemas. Pure: no
 * server or Node-only code.
 */

type RouteOf<Id> = Extract<AnyRoute, { id: Id }>;

/** The 2xx statuses of a row that answer JSON. */
type JsonSuccess<R extends AnyRoute> = {
  [S in keyof R['responses'] & number]: `${S}` extends `2${string}`
    ? R['responses'][S] extends { schema: z.ZodMiniType }
      ? S
      : never
    : never;
}[keyof R['responses'] & number];

/**
 * Routes a program calls: those answering JSON on success (sign-in redirects and HTML pages are
 * for browsers; a route taking signed raw bytes is GitHub's to call).
 */
export type ClientRouteId = {
  [R in AnyRoute as R['id']]: [JsonSuccess<R>] extends [never]
    ? never
    : R extends { rawBody: true }
      ? never
      : R['id'];
}[AnyRoute['id']];

/** What a route answers on success: the output of its 2xx schema. */
export type SuccessBody<Id extends ClientRouteId> = RouteOf<Id>['responses'][JsonSuccess<
  RouteOf<Id>
>] extends infer Def
  ? Def extends { schema: infer Schema extends z.ZodMiniType }
    ? z.output<Schema>
    : never
  : never;

type ParamsInput<R extends AnyRoute> = [keyof PathParams<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: { [Name in keyof PathParams<R['path']>]: string | number } };

type QueryInput<R> = R extends { query: infer Schema extends z.ZodMiniType }
  ? object extends z.input<Schema>
    ? { query?: z.input<Schema> }
    : { query: z.input<Schema> }
  : { query?: undefined };

type BodyInput<R> = R extends { body: infer Schema extends z.ZodMiniType }
  ? R extends { bodyOptional: true }
    ? { body?: z.input<Schema> }
    : { body: z.input<Schema> }
  : { body?: undefined };

/** `{repo}` and the other path parameters, the query and the JSON body the route's row asks for. */
export type CallInput<Id extends ClientRouteId> = ParamsInput<RouteOf<Id>> &
  QueryInput<RouteOf<Id>> &
  BodyInput<RouteOf<Id>> & {
    signal?: AbortSignal;
    /** Given the headers of a successful answer (e.g. a list's `X-Skipped-Files`). */
    onHeaders?: (headers: Headers) => void;
  };

type CallArgs<Id extends ClientRouteId> =
  object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

/** Method and path of every route the client calls; the compiler refuses one that differs from the table. */
const endpoints: {
  [R in AnyRoute as R['id'] extends ClientRouteId ? R['id'] : never]: `${R['method']} ${R['path']}`;
} = {
  getHealth: 'GET /api/health',
  getOpenApi: 'GET /api/openapi.json',
  getMe: 'GET /api/auth/me',
  logout: 'POST /auth/logout',
  createToken: 'POST /api/tokens',
  listTokens: 'GET /api/tokens',
  deleteToken: 'DELETE /api/tokens/{tokenId}',
  revokeCurrentToken: 'DELETE /api/auth/token',
  startDevice: 'POST /auth/device',
  pollDevice: 'POST /auth/device/token',
  listHostRepos: 'GET /api/github/repos',
  listRepos: 'GET /api/repos',
  connectRepo: 'POST /api/repos',
  disconnectRepo: 'DELETE /api/repos/{repo}',
  getConfig: 'GET /api/repos/{repo}/config',
  listContent: 'GET /api/repos/{repo}/content/{collection}',
  listSkippedFiles: 'GET /api/repos/{repo}/content/{collection}/_skipped',
  getTranslationReport: 'GET /api/repos/{repo}/content/{collection}/_translations',
  getContent: 'GET /api/repos/{repo}/content/{collection}/{slug}',
  putContent: 'PUT /api/repos/{repo}/content/{collection}/{slug}',
  deleteContent: 'DELETE /api/repos/{repo}/content/{collection}/{slug}',
  renameContent: 'POST /api/repos/{repo}/content/{collection}/{slug}/rename',
  duplicateContent: 'POST /api/repos/{repo}/content/{collection}/{slug}/duplicate',
  createTranslation: 'POST /api/repos/{repo}/content/{collection}/{slug}/translations',
  deleteContentItems: 'POST /api/repos/{repo}/deletions',
  beatPresence: 'PUT /api/repos/{repo}/presence/{collection}/{slug}',
  leavePresence: 'DELETE /api/repos/{repo}/presence/{collection}/{slug}',
  listPresence: 'GET /api/repos/{repo}/presence/{collection}',
  listPulls: 'GET /api/repos/{repo}/pulls',
  createPull: 'POST /api/repos/{repo}/pulls',
  getPull: 'GET /api/repos/{repo}/pulls/{number}',
  closePull: 'DELETE /api/repos/{repo}/pulls/{number}',
  getPullDiff: 'GET /api/repos/{repo}/pulls/{number}/diff',
  getPullChecks: 'GET /api/repos/{repo}/pulls/{number}/checks',
  mergePull: 'PUT /api/repos/{repo}/pulls/{number}/merge',
  updatePull: 'PUT /api/repos/{repo}/pulls/{number}/update',
  rebasePull: 'POST /api/repos/{repo}/pulls/{number}/rebase',
  markPullReady: 'POST /api/repos/{repo}/pulls/{number}/ready',
  markPullInProgress: 'DELETE /api/repos/{repo}/pulls/{number}/ready',
  listComments: 'GET /api/repos/{repo}/pulls/{number}/comments',
  createComment: 'POST /api/repos/{repo}/pulls/{number}/comments',
  createReview: 'POST /api/repos/{repo}/pulls/{number}/reviews',
  requestReviewers: 'POST /api/repos/{repo}/pulls/{number}/reviewers',
  listMedia: 'GET /api/repos/{repo}/media',
  beginMediaUpload: 'POST /api/repos/{repo}/media/uploads',
  commitMedia: 'POST /api/repos/{repo}/media',
  deleteMediaFile: 'DELETE /api/repos/{repo}/media/file',
  listSchedules: 'GET /api/repos/{repo}/schedules',
  createSchedule: 'POST /api/repos/{repo}/schedules',
  reschedule: 'PUT /api/repos/{repo}/schedules/{scheduleId}',
  cancelSchedule: 'DELETE /api/repos/{repo}/schedules/{scheduleId}',
  listRepoActivity: 'GET /api/repos/{repo}/activity',
  listMyActivity: 'GET /api/activity',
  listWebhooks: 'GET /api/repos/{repo}/webhooks',
  createWebhook: 'POST /api/repos/{repo}/webhooks',
  deleteWebhook: 'DELETE /api/repos/{repo}/webhooks/{hookId}',
  testWebhook: 'POST /api/repos/{repo}/webhooks/{hookId}/test',
  listWebhookDeliveries: 'GET /api/repos/{repo}/webhooks/{hookId}/deliveries',
  getContentHistory: 'GET /api/repos/{repo}/content/{collection}/{slug}/history',
  compareContentVersions: 'GET /api/repos/{repo}/content/{collection}/{slug}/compare',
  restoreContentVersion: 'POST /api/repos/{repo}/content/{collection}/{slug}/restore',
  revertContentVersion: 'POST /api/repos/{repo}/content/{collection}/{slug}/revert',
  createSet: 'POST /api/repos/{repo}/sets',
  listSets: 'GET /api/repos/{repo}/sets',
  removeSetItem: 'DELETE /api/repos/{repo}/sets/{name}/items/{collection}/{slug}',
};

/** One request as sent: which route, and where. */
export interface ApiCall {
  id: ClientRouteId;
  method: string;
  /** Path and query, without the base URL. */
  path: string;
}

/** A non-2xx answer, thrown unless the client maps it (`failed`): the service's `{error}` text as message. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    /** The parsed answer (or its text, when it was not JSON). */
    readonly body: unknown,
    /** The answer's headers (a 503's Retry-After). */
    readonly headers?: Headers,
  ) {
    super(errorText(body) ?? `The service answered ${status}`);
  }
}

/** The `{error}` text of an answer, when it has one. */
export function errorText(body: unknown): string | undefined {
  const error =
    typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error ? error : undefined;
}

export interface ApiClientOptions {
  /** Prefixed to every path; '' (the default) for a same-origin page. */
  baseUrl?: string;
  /** Read per call, so a stubbed global is seen. */
  fetch?: typeof fetch;
  /** Sent with every request (authorization, user-agent). */
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  /** A signal for each call that brings none (a timeout). */
  signal?: () => AbortSignal | undefined;
  /** No answer at all (network failure, abort, timeout): what to throw. Default: the cause. */
  unreachable?: (cause: unknown, call: ApiCall) => unknown;
  /** A non-2xx answer: what to throw. Default: HttpError. */
  failed?: (status: number, body: unknown, call: ApiCall, headers: Headers) => unknown;
}

/** `/api/repos/owner%2Fname/pulls/3`: each parameter percent-encoded into its one segment. */
export function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x+y`; undefined values are left out. */
export function queryOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Method and path (with query) of a call, as `call` sends it. */
export function requestOf<Id extends ClientRouteId>(
  id: Id,
  input: { params?: Record<string, string | number>; query?: object } = {},
): ApiCall {
  const [method, template] = endpoints[id].split(' ') as [string, string];
  return {
    id,
    method,
    path: `${pathOf(template, input.params)}${queryOf(input.query as Record<string, unknown> | undefined)}`,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  async function call<Id extends ClientRouteId>(
    id: Id,
    ...[input]: CallArgs<Id>
  ): Promise<SuccessBody<Id>> {
    const given = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
      onHeaders?: (headers: Headers) => void;
    };
    const request = requestOf(id, given);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (given.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}${request.path}`, {
        method: request.method,
        headers,
        ...(options.credentials ? { credentials: options.credentials } : {}),
        body: given.body === undefined ? undefined : JSON.stringify(given.body),
        signal: given.signal ?? options.signal?.(),
      });
    } catch (cause) {
      throw options.unreachable ? options.unreachable(cause, request) : cause;
    }
    const body = await readBody(response);
    if (response.ok) {
      given.onHeaders?.(response.headers);
      return body as SuccessBody<Id>;
    }
    throw options.failed
      ? options.failed(response.status, body, request, response.headers)
      : new HttpError(response.status, body, response.headers);
  }
  return { call };
}

/** Empty → undefined; JSON → parsed; anything else (a proxy's error page) → its text. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
