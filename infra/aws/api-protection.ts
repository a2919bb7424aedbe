import { CfnOutput, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnRoute, CfnStage, type HttpApi, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { originHeader } from '../../shared/http/origin-check';
import type { DeploymentConfig } from './config';
import { routeKey, type PlannedRoute } from './http-routes';

export type ProtectionSettings = Pick<
  DeploymentConfig,
  'throttling' | 'reservedConcurrency' | 'waf' | 'originVerify' | 'originSecretGeneration'
>;

/** What the stack does when told nothing: the same defaults as an environment file that leaves these out. */
export const defaultProtection: ProtectionSettings = {
  throttling: { rateLimit: 50, burstLimit: 100, authRateLimit: 10, authBurstLimit: 20 },
  reservedConcurrency: {},
  waf: { mode: 'off' },
  originVerify: true,
  originSecretGeneration: 1,
};

/** The route keys held to `authRateLimit`: rows of the `credential` throttle class (shared/http/route-def.ts). */
export const credentialRouteKeys = (planned: readonly PlannedRoute[]) =>
  planned.filter((route) => route.throttle === 'credential').map(routeKey);

/** The header CloudFront sends next to the secret; changing the generation makes CloudFormation re-read the secret. */
export const originGenerationHeader = `${originHeader}-generation`;

export interface ApiProtectionProps {
  settings: ProtectionSettings;
  removalPolicy: RemovalPolicy;
}

/**
 * Keeps the API behind CloudFront and bounded:
 * - the origin secret (Secrets Manager, `{"current","previous"}`), which CloudFront sends as
 *   `x-origin-verify` and every function checks (shared/http/origin-check.ts), so the public
 *   execute-api URL answers 403;
 * - an optional WebACL with a rate-based rule per client IP for the distribution.
 * Stage and per-route throttling are applied by `throttleStage` once the routes exist.
 */
export class ApiProtection extends Construct {
  readonly originSecret?: Secret;
  /** Custom headers for CloudFront's API origin. */
  readonly originHeaders: Record<string, string> = {};
  /** The WebACL for the distribution (its ARN), if any. */
  readonly webAclArn?: string;

  constructor(scope: Construct, id: string, props: ApiProtectionProps) {
    super(scope, id);
    const { settings } = props;
    if (settings.originVerify) {
      this.originSecret = new Secret(this, 'OriginSecret', {
        description:
          'Content editing service: the header value CloudFront sends to the API, JSON {"current","previous"}. Rotate as docs/deploy-aws.md says.',
        generateSecretString: {
          secretStringTemplate: '{}',
          generateStringKey: 'current',
          passwordLength: 48,
          excludePunctuation: true,
          includeSpace: false,
        },
        removalPolicy: props.removalPolicy,
      });
      // A CloudFormation dynamic reference: resolved at deploy time, never written into the template.
      this.originHeaders[originHeader] = this.originSecret
        .secretValueFromJson('current')
        .unsafeUnwrap();
      this.originHeaders[originGenerationHeader] = String(settings.originSecretGeneration);
      new CfnOutput(Stack.of(this), 'OriginSecretArn', {
        value: this.originSecret.secretArn,
        description: 'The CloudFront origin secret; rotate as docs/deploy-aws.md says',
      });
      Validations.of(this.originSecret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotation is the two-step runbook in docs/deploy-aws.md: the functions accept the current and the previous value, and CloudFront only takes a new value when the stack is deployed, which a rotation Lambda cannot do.',
      });
    }
    if (settings.waf.mode === 'arn') this.webAclArn = settings.waf.webAclArn;
    if (settings.waf.mode === 'create') {
      const region = Stack.of(this).region;
      if (Token.isUnresolved(region) || region !== 'us-east-1') {
        throw new Error(
          'waf.mode "create": a CloudFront WebACL can only be created by a stack in us-east-1; create it there and use waf.mode "arn"',
        );
      }
      const metric = (name: string) => ({
        cloudWatchMetricsEnabled: true,
        sampledRequestsEnabled: true,
        metricName: name,
      });
      const acl = new CfnWebACL(this, 'WebAcl', {
        scope: 'CLOUDFRONT',
        description: 'Content editing service: rate limit per client IP',
        defaultAction: { allow: {} },
        visibilityConfig: metric('ContentEditingService'),
        rules: [
          {
            name: 'RateLimitPerIp',
            priority: 0,
            action: { block: {} },
            statement: {
              rateBasedStatement: {
                limit: settings.waf.requestsPer5MinutesPerIp,
                aggregateKeyType: 'IP',
                evaluationWindowSec: 300,
              },
            },
            visibilityConfig: metric('RateLimitPerIp'),
          },
        ],
      });
      this.webAclArn = acl.attrArn;
    }
  }
}

/**
 * Stage-wide throttling (every route) and the tighter limit on each route of the `credential`
 * class, as the route table's rows say. API Gateway counts these across all clients of the stage
 * (each route its own count); the WebACL's rule is the per-client limit.
 */
export function throttleStage(
  api: HttpApi,
  stage: HttpStage,
  throttling: ProtectionSettings['throttling'],
  planned: readonly PlannedRoute[],
) {
  const cfnStage = stage.node.defaultChild as CfnStage;
  cfnStage.defaultRouteSettings = {
    ...(cfnStage.defaultRouteSettings as object),
    throttlingRateLimit: throttling.rateLimit,
    throttlingBurstLimit: throttling.burstLimit,
  };
  const tight = new Set(credentialRouteKeys(planned));
  const tightRoutes = api.node
    .findAll()
    .filter((child): child is CfnRoute => child instanceof CfnRoute && tight.has(child.routeKey));
  if (tightRoutes.length !== tight.size)
    throw new Error(
      `Throttled route keys without a route: ${[...tight].filter((key) => !tightRoutes.some((route) => route.routeKey === key)).join(', ')}`,
    );
  cfnStage.routeSettings = Object.fromEntries(
    tightRoutes.map((route) => [
      route.routeKey,
      {
        ThrottlingRateLimit: throttling.authRateLimit,
        ThrottlingBurstLimit: throttling.authBurstLimit,
      },
    ]),
  );
  // Route settings name route keys: the routes must exist before the stage refers to them.
  for (const route of tightRoutes) cfnStage.node.addDependency(route);
}
