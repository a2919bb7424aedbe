import { Validations, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnIntegration,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { httpApiIntegrationTimeoutMs } from '../../shared/http/aws-limits';
import type { CmsFunction } from './cms-function';
import type { TableGroup } from './group-needs';
import { defaultRouteGroup, planHttpRoutes } from './http-routes';

export interface ServiceApiProps {
  removalPolicy: RemovalPolicy;
  /** With its own domain the API answers there only: the execute-api address refuses every request (403). */
  disableExecuteApiEndpoint: boolean;
}

/** The HTTP API and its one stage, logging every request (created in the stack's scope: stable logical ids). */
export function serviceApi(stack: Stack, props: ServiceApiProps) {
  const api = new HttpApi(stack, 'Api', {
    description: 'Content editing service API (behind CloudFront)',
    createDefaultStage: false,
    ...(props.disableExecuteApiEndpoint ? { disableExecuteApiEndpoint: true } : {}),
  });
  const accessLogs = new LogGroup(stack, 'ApiAccessLogs', {
    retention: RetentionDays.THREE_MONTHS,
    removalPolicy: props.removalPolicy,
  });
  const stage = new HttpStage(stack, 'ApiStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
    },
  });
  Validations.of(api).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'Every route authenticates inside its function (session cookie or API token, per the route table); open routes (health, sign-in, device flow) are open by the spec; $default only answers 404/405.',
  });
  return { api, stage };
}

/**
 * One API route per route-table path and method, each integrated with its group's function,
 * and `$default` for the rest; answers the routes as planned (the throttling reads them).
 */
export function routeToFunctions(
  api: HttpApi,
  functions: ReadonlyMap<TableGroup, CmsFunction>,
  routes: Parameters<typeof planHttpRoutes>[0],
) {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const integrations = new Map(
    [...functions].map(([group, fn]) => [
      group,
      new HttpLambdaIntegration(`${pascal(group)}Integration`, fn),
    ]),
  );
  const planned = planHttpRoutes(routes);
  for (const route of planned) {
    api.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: integrations.get(route.group as TableGroup)!,
    });
  }
  new HttpRoute(api, 'DefaultRoute', {
    httpApi: api,
    routeKey: HttpRouteKey.DEFAULT,
    integration: integrations.get(defaultRouteGroup)!,
  });
  // HTTP APIs wait 30 s, their default and their maximum ("TimeoutInMillis: between 50 and 30,000
  // milliseconds for HTTP APIs"); CDK's integration refuses more than 29 s, so the value is set on
  // the resource, where the tests read it. The functions stop a second earlier (cms-function.ts).
  for (const child of api.node.findAll())
    if (child instanceof CfnIntegration) child.timeoutInMillis = httpApiIntegrationTimeoutMs;
  return planned;
}

/**
 * One JSON line per request; the path, never the query string (it carries OAuth codes).
 * `requestId` is the function's `apiRequestId`, `lambdaRequestId` its `requestId`. Behind
 * CloudFront `sourceIp` is an edge's address: the browser's is the function line's `clientIp`
 * (HTTP API access logs cannot show request headers).
 */
const accessLogFields = {
  requestId: '$context.requestId',
  lambdaRequestId: '$context.awsEndpointRequestId',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
};
