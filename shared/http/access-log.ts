import type { MiddlewareObj } from '@middy/core';
import type { Logger } from '../logger';
import { requestMetrics } from '../request-metrics';
import type { CmsContext, HttpEvent, HttpResult } from './types';

/** The CloudWatch namespace of the per-request metrics; the stack's alarms and dashboard read it. */
export const metricsNamespace = 'ContentEditingService';
/** The `service` dimension's value, the same in every group. */
export const serviceName = 'content-editing-service';
/** The `route` dimension of a request no route matched (an unknown path or method). */
export const unmatchedRoute = 'unmatched';

/** Metric name (the log line's field) → CloudWatch unit, recorded per route. */
export const routeMetrics = {
  latencyMs: 'Milliseconds',
  clientErrors: 'Count',
  serverErrors: 'Count',
  githubRoundTrips: 'Count',
  storeRequests: 'Count',
} as const;
/** Recorded for the whole service only: rare, and alarmed on as a whole. */
export const serviceMetrics = { kmsFailures: 'Count' } as const;

/**
 * One request, as its log line tells it. Both request ids are there: `requestId` is Lambda's (the
 * function's other lines and the access log's `lambdaRequestId`), `apiRequestId` API Gateway's
 * (the access log's `requestId`). Never a header's value beyond the client's addresses and agent.
 */
export interface RequestRecord {
  requestId: string;
  apiRequestId: string;
  /** The X-Ray trace, when the function is traced. */
  traceId?: string;
  route: string;
  method: string;
  /** The path only: the query string can carry OAuth codes. */
  path: string;
  status: number;
  latencyMs: number;
  githubRoundTrips: number;
  storeRequests: number;
  kmsFailures: number;
  /** 1 for a 4xx/5xx answer, else 0: their average is the route's error rate. */
  clientErrors: 0 | 1;
  serverErrors: 0 | 1;
  /** The browser's address: CloudFront's `CloudFront-Viewer-Address` when present, else `sourceIp`. */
  clientIp: string;
  /** Whoever connected to API Gateway (a CloudFront edge, behind the distribution). */
  sourceIp: string;
  forwardedFor?: string;
  userAgent?: string;
  /** The first request of this Lambda container (its latency includes the cold start). */
  coldStart: boolean;
}

let coldStart = true;

/**
 * Writes one line per request after everything else (errors included): the record above plus, in
 * `_aws`, CloudWatch's Embedded Metric Format, so CloudWatch Logs turns the same line into the
 * metrics of `routeMetrics` (dimensions service and route) and `serviceMetrics` (service). Outside
 * CloudWatch the `_aws` block is just data.
 */
export const accessLog = (
  logger: Logger,
): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => {
  const startedAt = new WeakMap<object, number>();
  const log = (request: { event: HttpEvent; context: CmsContext; response: HttpResult | null }) => {
    const record = requestRecord(
      request.event,
      request.context,
      request.response,
      startedAt.get(request.context) ?? Date.now(),
    );
    logger.info('request', { ...record, service: serviceName, _aws: emf(Date.now()) });
  };
  return {
    before: ({ context }) => {
      startedAt.set(context, Date.now());
    },
    after: log,
    onError: log,
  };
};

function requestRecord(
  event: HttpEvent,
  context: CmsContext,
  response: HttpResult | null,
  startedAt: number,
): RequestRecord {
  const status = response?.statusCode ?? 500;
  const metrics = requestMetrics();
  const { http, requestId } = event.requestContext;
  const headers = event.headers ?? {};
  const traceId = /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
  const viewer = headers['cloudfront-viewer-address'];
  const record: RequestRecord = {
    requestId: context.awsRequestId,
    apiRequestId: requestId,
    ...(traceId && { traceId }),
    route: context.cms?.route?.id ?? unmatchedRoute,
    method: http.method,
    path: event.rawPath,
    status,
    latencyMs: Date.now() - startedAt,
    githubRoundTrips: metrics?.providerCalls ?? 0,
    storeRequests: metrics?.storeRequests ?? 0,
    kmsFailures: metrics?.kmsFailures ?? 0,
    clientErrors: status >= 400 && status < 500 ? 1 : 0,
    serverErrors: status >= 500 ? 1 : 0,
    // "198.51.100.10:46532" or "2001:db8::1:46532": the address, then the port.
    clientIp: viewer ? viewer.replace(/:\d+$/, '') : http.sourceIp,
    sourceIp: http.sourceIp,
    ...(headers['x-forwarded-for'] && { forwardedFor: headers['x-forwarded-for'] }),
    ...(http.userAgent && { userAgent: http.userAgent }),
    coldStart,
  };
  coldStart = false;
  return record;
}

const metricList = (units: Record<string, string>) =>
  Object.entries(units).map(([Name, Unit]) => ({ Name, Unit }));

/** The Embedded Metric Format directive naming which fields of the line are metrics. */
const emf = (timestamp: number) => ({
  Timestamp: timestamp,
  CloudWatchMetrics: [
    {
      Namespace: metricsNamespace,
      Dimensions: [['service', 'route']],
      Metrics: metricList(routeMetrics),
    },
    { Namespace: metricsNamespace, Dimensions: [['service']], Metrics: metricList(serviceMetrics) },
  ],
});
