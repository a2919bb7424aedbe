import middy from '@middy/core';
import { accessLog } from './access-log';
import { authenticate, type CallerResolver } from './authenticate';
import { authorise } from './authorise';
import { csrfGuard } from './csrf';
import { errorMapper } from './error-mapper';
import type { Logger } from '../logger';
import { requestParser, type RawBodyVerifier } from './request-parser';
import { encodeAnswer } from './encode-answer';
import { requestDeadline } from './request-deadline';
import { json } from './respond';
import { withRequestMetrics } from '../request-metrics';
import { withRequestSignal } from '../request-signal';
import { withReadAhead } from '../store/read-ahead';
import type { RouteDef } from './route-def';
import { securityHeaders } from './security-headers';
import type {
  CmsContext,
  HttpEvent,
  HttpResult,
  LambdaHttpHandler,
  RequestState,
  RouteFn,
  RouteRequest,
  RouteResponse,
} from './types';
import { activityOf } from './activity-entry';
import type { ActivityLog } from '../activity/activity-log';
import { validate } from './validate';

/** One function per route id of the group: the compiler refuses a row without its function. */
export type GroupRoutes<Row extends RouteDef, D> = { [R in Row as R['id']]: RouteFn<R, D> };

export interface GroupHandlerOptions<Row extends RouteDef, D> {
  /** The group's rows of the route table (the table is passed in, never imported here). */
  table: readonly Row[];
  routes: GroupRoutes<Row, D>;
  deps: D;
  /** Absent for groups that never look at callers (health): everyone is anonymous there. */
  callers?: CallerResolver;
  logger: Logger;
  /** The service's public URL, read per request (local mode learns its port after start). */
  publicUrl: () => string;
  /**
   * The whole route table, for the group whose function also serves the HTTP API's `$default`
   * route (infra/aws/http-routes.ts): its 404/405 then cover every group's paths.
   */
  wholeTable?: readonly RouteDef[];
  /** Checks the signed bodies of the group's `rawBody` rows before they are parsed (request-parser.ts). */
  verifyRawBody?: RawBodyVerifier;
  /** The audit log: every write a signed-in caller sends is recorded once answered (activity-entry.ts). */
  activity?: Pick<ActivityLog, 'record'>;
  now?: () => number;
}

/**
 * The middy stack every group shares, in order: the access log (one line per request,
 * written last: access-log.ts) → security headers → error mapper → route and request parsing
 * (a signed body verified before it is parsed) →
 * authentication → CSRF guard → authorisation → validation → the route function.
 */
export function makeGroupHandler<Row extends RouteDef, D>(
  options: GroupHandlerOptions<Row, D>,
): LambdaHttpHandler {
  const table: readonly RouteDef[] = options.table;
  const functions = options.routes as unknown as Record<string, RouteFn<RouteDef, D>>;
  const core = async (event: HttpEvent, context: CmsContext): Promise<HttpResult> => {
    const state = context.cms;
    const route = state.route as RouteDef;
    const request: RouteRequest = {
      route,
      params: state.params,
      query: state.query as undefined,
      body: state.body as undefined,
      rawBody: state.rawBody as undefined,
      headers: event.headers,
      cookies: state.cookies,
      caller: state.caller,
      requestId: context.awsRequestId,
    };
    const fn = functions[route.id];
    if (!fn) throw new Error(`Route ${route.id} has no function`);
    return toHttp(await fn(request, options.deps));
  };
  // The request parser puts `cms` on the context before anything reads it.
  const handler = middy<HttpEvent, HttpResult, Error, CmsContext>()
    .use(accessLog(options.logger))
    .use(securityHeaders())
    .use(errorMapper(options.logger))
    .use(
      requestParser(table, {
        wholeTable: options.wholeTable,
        verifyRawBody: options.verifyRawBody,
      }),
    )
    .use(authenticate(options.callers ?? { session: async () => undefined }))
    .use(csrfGuard(options.publicUrl))
    .use(authorise())
    .use(validate())
    .handler(core);
  const lambda = handler as unknown as LambdaHttpHandler;
  const { activity, now = Date.now } = options;
  const answer: LambdaHttpHandler = async (event, context, handlerOptions) => {
    const result = await lambda(event, context, handlerOptions);
    const state = (context as CmsContext).cms as RequestState | undefined;
    if (activity && state?.route) {
      const record = activityOf({
        route: state.route,
        state,
        result,
        requestId: context.awsRequestId,
        path: event.rawPath,
        at: new Date(now()).toISOString(),
      });
      if (record) await activity.record(record);
    }
    // Last, once the audit record has read the answer: the one place JSON answers are compressed.
    return encodeAnswer(result, event.headers?.['accept-encoding']);
  };
  // On Lambda the third argument is the runtime's callback, without a signal; the local gateway passes its own.
  return async (event, context, handlerOptions) => {
    const deadline = requestDeadline(event, context, handlerOptions?.signal);
    try {
      return await withRequestMetrics(() =>
        withReadAhead(() =>
          withRequestSignal(deadline.signal, () => answer(event, context, handlerOptions)),
        ),
      );
    } finally {
      deadline.dispose();
    }
  };
}

function toHttp(response: RouteResponse): HttpResult {
  if (response.binary !== undefined) {
    // API Gateway decodes a base64 body marked so; the local gateway does the same.
    return {
      statusCode: response.status,
      headers: response.headers ?? {},
      body: Buffer.from(response.binary).toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (response.html !== undefined) {
    return {
      statusCode: response.status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...response.headers },
      body: response.html,
    };
  }
  if (response.body === undefined) {
    return {
      statusCode: response.status,
      headers: response.headers ?? {},
      body: '',
      ...(response.cookies?.length ? { cookies: response.cookies } : {}),
    };
  }
  return json(response.status, response.body, response);
}
