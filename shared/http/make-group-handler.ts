import { AsyncResource } from 'node:async_hooks';
import middy from '@middy/core';
import { accessLog } from './access-log';
import { authenticate, type CallerResolver } from './authenticate';
import { authorise } from './authorise';
import { csrfGuard } from './csrf';
import { errorMapper } from './error-mapper';
import type { Logger } from '../logger';
import { requestParser, type RawBodyVerifier } from './request-parser';
import { answerEncoding } from './encode-answer';
import { recordActivity } from './record-activity';
import { requestContext } from './request-context';
import { json } from './respond';
import type { RouteDef } from './route-def';
import { securityHeaders } from './security-headers';
import type {
  CmsContext,
  HttpEvent,
  HttpResult,
  LambdaHttpHandler,
  RouteFn,
  RouteRequest,
  RouteResponse,
} from './types';
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
  /** The audit log: the requests of the rows that record (activity-entry.ts) are recorded once answered. */
  activity?: Pick<ActivityLog, 'record'>;
  now?: () => number;
}

/**
 * The middy stack every group shares, in order (docs/architecture.md, "A request, end to end"):
 *
 * 1. request context (request-context.ts): the request's deadline signal, metrics and read-ahead,
 *    seen by everything below it; the deadline's timer stopped once answered;
 * 2. answer encoding (encode-answer.ts): compresses JSON answers, last on the way out;
 * 3. activity (record-activity.ts): the audit record of the rows that record, once answered;
 * 4. access log (access-log.ts): one line per request with its metrics, written on the way out
 *    before the audit record and the encoding, as the route's answer;
 * 5. security headers → 6. error mapper (the one place an error becomes a status) →
 * 7. route matching and request parsing (a signed body verified before it is parsed) →
 * 8. authentication (reading ahead what the row's `readAhead` names) → 9. CSRF guard →
 * 10. authorisation → 11. validation → the route function.
 *
 * On the way out middy runs the same middlewares in reverse (`after`, or `onError` when
 * something threw), so the encoding sees the answer last. Each invocation runs in an async scope
 * of its own, in which the request context is entered; what invoked the handler never sees it.
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
  const { activity, now = Date.now } = options;
  // The request parser puts `cms` on the context before anything reads it.
  const handler = middy<HttpEvent, HttpResult, Error, CmsContext>()
    .use(requestContext())
    .use(answerEncoding())
    .use(activity ? [recordActivity({ activity, now })] : [])
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
  // On Lambda the third argument is the runtime's callback, without a signal; the local gateway
  // passes its own, which the request context follows.
  return (event, context, handlerOptions) => {
    const signal = handlerOptions?.signal;
    const invocation = signal ? Object.assign(context, { gatewaySignal: signal }) : context;
    return new AsyncResource('cms-request').runInAsyncScope(() =>
      lambda(event, invocation, handlerOptions),
    );
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
