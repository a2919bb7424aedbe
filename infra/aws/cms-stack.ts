import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  Token,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
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
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { httpApiIntegrationTimeoutMs } from '../../shared/http/aws-limits';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { tableDefinition } from '../../shared/adapters/dynamodb/table';
import { ApiCustomDomain, type ApiDomainSettings } from './api-domain';
import {
  ApiProtection,
  defaultProtection,
  throttleStage,
  type ProtectionSettings,
} from './api-protection';
import { CmsFunction } from './cms-function';
import { defaultReservedConcurrency } from './config';
import { EditorSite } from './editor-site';
import {
  groupNeeds,
  indexerNeeds,
  leadingKeysOf,
  queuesWebhooks,
  schedulerNeeds,
  webhookSenderNeeds,
  type GroupNeeds,
  type TableGroup,
} from './group-needs';
import { CollectionIndexing } from './collection-indexing';
import { WebhookDeliveries } from './webhook-deliveries';
import { ScheduledRuns } from './scheduler';
import { defaultRetentionDays } from '../../shared/activity/activity-log';
import { keyFamilies } from '../../shared/store/keys';
import { defaultRouteGroup, planHttpRoutes } from './http-routes';
import { Monitoring } from './monitoring';
import { githubNetwork, type NetworkSettings } from './network';
import { UploadsBucket } from './uploads-bucket';

export interface CmsStackProps extends StackProps {
  /** The repository root: functions are bundled from `functions/<group>/handler.ts` under it. */
  projectRoot: string;
  /** The built editor (`npm run build:web` → web/dist). */
  webDistPath: string;
  /** A custom domain for the site, e.g. cms.example.org; needs `certificateArn`. */
  domainName?: string;
  /** ACM certificate for `domainName`, in us-east-1 (CloudFront's region). */
  certificateArn?: string;
  /** The API's own custom domain as CloudFront's origin, with the execute-api endpoint disabled (api-domain.ts). */
  apiDomain?: ApiDomainSettings;
  /** GitHub Enterprise Server, e.g. https://github.example.com; github.com when unset. */
  githubEnterpriseUrl?: string;
  /** What happens to the table, key, secrets, bucket and logs when the stack goes; RETAIN by default. */
  removalPolicy?: RemovalPolicy;
  /** DynamoDB deletion protection; on by default. */
  deletionProtection?: boolean;
  /** The preview hosts the editor may frame (shared/pulls/preview-origins.ts); Cloudflare Pages previews by default. */
  previewFrameOrigins?: readonly string[];
  /** Subscribed to the alarm topic (infra/aws/monitoring.ts); it confirms by e-mail. */
  alarmEmail?: string;
  /** Throttling, reserved concurrency, WAF and the CloudFront origin secret (api-protection.ts); each defaults as in `defaultProtection`. */
  protection?: Partial<ProtectionSettings>;
  /** The GitHub-facing groups in a VPC, and extra CAs to trust for GitHub Enterprise Server (network.ts). */
  network?: NetworkSettings;
  /** How many days the audit log keeps its records (TTL); 365 by default. */
  activityRetentionDays?: number;
  /** Private CIDRs or host names webhooks may be delivered to (none by default: SSRF guard, shared/webhooks/address-guard.ts). */
  webhookAllowedPrivate?: readonly string[];
}

/** GitHub's addresses, or those of a GitHub Enterprise Server. */
export function githubUrls(enterpriseUrl?: string) {
  if (!enterpriseUrl) return { webUrl: 'https://github.com', apiUrl: 'https://api.github.com' };
  const origin = new URL(enterpriseUrl);
  if (origin.protocol !== 'https:')
    throw new Error(`githubEnterpriseUrl must be https: ${enterpriseUrl}`);
  return { webUrl: origin.origin, apiUrl: `${origin.origin}/api/v3` };
}

/**
 * The whole service in one stack: the table, the envelope key, the secrets, one function per
 * endpoint group in the route table, the HTTP API routes the table demands, and the editor on
 * CloudFront in front of it all.
 */
export class CmsStack extends Stack {
  readonly functions = new Map<TableGroup, CmsFunction>();
  /** The function EventBridge Scheduler invokes for a due schedule (not behind the HTTP API). */
  readonly scheduler: CmsFunction;
  /** The webhook queue, its dead-letter queue and the sender function consuming it. */
  readonly webhooks: WebhookDeliveries;
  /** The index queue, its dead-letter queue and the indexer function consuming it. */
  readonly indexing: CollectionIndexing;

  constructor(scope: Construct, id: string, props: CmsStackProps) {
    super(scope, id, {
      description: 'Content editing service: git-based markdown editor and API',
      ...props,
    });
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const protectionSettings: ProtectionSettings = { ...defaultProtection, ...props.protection };
    const github = githubUrls(props.githubEnterpriseUrl);
    if (Boolean(props.domainName) !== Boolean(props.certificateArn))
      throw new Error('domainName and certificateArn go together');
    if (
      props.certificateArn &&
      !Token.isUnresolved(props.certificateArn) &&
      !props.certificateArn.includes(':us-east-1:')
    ) {
      throw new Error(`CloudFront needs a certificate in us-east-1: ${props.certificateArn}`);
    }

    const table = new TableV2(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: [
        {
          indexName: tableDefinition.gsi1.name,
          partitionKey: { name: tableDefinition.gsi1.partitionKey, type: AttributeType.STRING },
          sortKey: { name: tableDefinition.gsi1.sortKey, type: AttributeType.STRING },
        },
      ],
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.deletionProtection ?? true,
      removalPolicy,
    });

    // The account may administer the key but not use it: only statements added by
    // CmsFunction.useKey allow GenerateDataKey/Decrypt, each for its function's purposes.
    const key = new Key(this, 'EnvelopeKey', {
      description:
        'Content editing service: wraps the data keys of provider tokens and device codes',
      enableKeyRotation: true,
      removalPolicy,
      pendingWindow: Duration.days(30),
      policy: new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'AccountAdministersTheKey',
            principals: [new AccountRootPrincipal()],
            actions: keyAdministration,
            resources: ['*'],
          }),
        ],
      }),
    });

    // Never change this placeholder: CloudFormation would write it over the filled-in value.
    const githubApp = new Secret(this, 'GitHubAppSecret', {
      description:
        'Content editing service: GitHub App credentials, JSON {"appId","clientId","clientSecret","privateKey"}. Created empty; fill it in after creating the GitHub App (docs/deploy-aws.md).',
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ appId: '', clientId: '', clientSecret: '', privateKey: '' }),
      ),
      removalPolicy,
    });
    const tokenHmac = new Secret(this, 'TokenHmacSecret', {
      description:
        'Content editing service: HMAC key of the API tokens (generated). Changing it revokes every API token.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    });
    Validations.of(githubApp).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'GitHub App credentials are issued by GitHub; they are rotated in the GitHub App settings and stored here by hand.',
    });
    Validations.of(tokenHmac).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the HMAC key revokes every API token at once; it is changed deliberately (put-secret-value), not on a schedule.',
    });

    // With its own domain the API answers there only: the execute-api address refuses every request (403).
    const api = new HttpApi(this, 'Api', {
      description: 'Content editing service API (behind CloudFront)',
      createDefaultStage: false,
      ...(props.apiDomain ? { disableExecuteApiEndpoint: true } : {}),
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy,
    });
    const stage = new HttpStage(this, 'ApiStage', {
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

    const apiDomain = props.apiDomain
      ? new ApiCustomDomain(this, 'ApiDomain', { api, stage, settings: props.apiDomain })
      : undefined;
    const executeApiHost = `${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const apiHost = apiDomain?.domainName ?? executeApiHost;
    const protection = new ApiProtection(this, 'Protection', {
      settings: protectionSettings,
      removalPolicy,
    });
    const uploads = new UploadsBucket(this, 'Uploads', { removalPolicy });
    const site = new EditorSite(this, 'Site', {
      webDistPath: props.webDistPath,
      apiDomainName: apiHost,
      apiOriginHeaders: protection.originHeaders,
      webAclArn: protection.webAclArn,
      domainName: props.domainName,
      certificate: props.certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      removalPolicy,
      previewFrameOrigins: props.previewFrameOrigins,
      uploadOrigins: [uploads.origin],
    });
    const siteUrl = props.domainName
      ? `https://${props.domainName}`
      : `https://${site.distribution.distributionDomainName}`;
    uploads.allowEditor(siteUrl);

    const network = githubNetwork(this, props.network?.vpc);
    const activityRetentionDays = props.activityRetentionDays ?? defaultRetentionDays;
    const scheduled = new ScheduledRuns(this, 'Scheduled', {
      projectRoot: props.projectRoot,
      removalPolicy,
      network,
      caBundle: props.network?.caBundle,
    });
    this.scheduler = scheduled.fn;
    useNeeds(scheduled.fn, schedulerNeeds, {
      table,
      key,
      tokenHmac,
      githubApp,
      github,
      activityRetentionDays,
      leadingKeys: schedulerNeeds.items.flatMap((family) => keyFamilies[family]),
    });
    const allowedPrivate = props.webhookAllowedPrivate ?? [];
    this.webhooks = new WebhookDeliveries(this, 'Webhooks', {
      projectRoot: props.projectRoot,
      removalPolicy,
      allowedPrivate,
    });
    useNeeds(this.webhooks.fn, webhookSenderNeeds, {
      table,
      key,
      tokenHmac,
      githubApp,
      github,
      activityRetentionDays,
      leadingKeys: webhookSenderNeeds.items.flatMap((family) => keyFamilies[family]),
    });
    this.webhooks.allowQueueing(scheduled.fn);
    this.indexing = new CollectionIndexing(this, 'Indexing', {
      projectRoot: props.projectRoot,
      removalPolicy,
      network,
      caBundle: props.network?.caBundle,
    });
    useNeeds(this.indexing.fn, indexerNeeds, {
      table,
      key,
      tokenHmac,
      githubApp,
      github,
      activityRetentionDays,
      leadingKeys: indexerNeeds.items.flatMap((family) => keyFamilies[family]),
    });

    const groups = [...new Set(routes.map((route) => route.group))];
    const reserved =
      protectionSettings.reservedConcurrency === false
        ? undefined
        : { ...defaultReservedConcurrency, ...protectionSettings.reservedConcurrency };
    for (const group of groups) {
      const needs: GroupNeeds = groupNeeds[group];
      const fn = new CmsFunction(this, `${pascal(group)}Function`, {
        group,
        projectRoot: props.projectRoot,
        removalPolicy,
        reservedConcurrency: reserved?.[group],
        ...(needs.github ? { network, caBundle: props.network?.caBundle } : {}),
      });
      fn.useSetting('PUBLIC_URL', siteUrl);
      if (protection.originSecret) fn.useSecret(protection.originSecret, 'ORIGIN_SECRET_ARN');
      useNeeds(fn, needs, {
        table,
        key,
        tokenHmac,
        githubApp,
        github,
        activityRetentionDays,
        leadingKeys: leadingKeysOf(group),
      });
      if (needs.uploads) fn.useUploads(uploads.bucket);
      if (needs.armsSchedules) scheduled.allowArming(fn);
      if (queuesWebhooks(needs)) this.webhooks.allowQueueing(fn);
      if (needs.sendsWebhooks) fn.useSetting('WEBHOOK_ALLOWED_PRIVATE', allowedPrivate.join(','));
      if (needs.queuesIndexBuilds) this.indexing.allowQueueing(fn);
      this.functions.set(group, fn);
    }

    const integrations = new Map(
      [...this.functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`${pascal(group)}Integration`, fn),
      ]),
    );
    const planned = planHttpRoutes(routes as readonly RouteDef[]);
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
    throttleStage(api, stage, protectionSettings.throttling, planned);

    const monitoring = new Monitoring(this, 'Monitoring', {
      api,
      functions: new Map<string, CmsFunction>([
        ...this.functions,
        ['scheduler', scheduled.fn],
        ['webhook-sender', this.webhooks.fn],
        ['indexer', this.indexing.fn],
      ]),
      table,
      alarmEmail: props.alarmEmail,
      removalPolicy,
    });
    this.webhooks.alarmTo(monitoring.topic);
    this.indexing.alarmTo(monitoring.topic);

    new CfnOutput(this, 'SiteUrl', {
      value: siteUrl,
      description: 'The editor: sign in at <SiteUrl>/app/',
    });
    new CfnOutput(this, 'OAuthCallbackUrl', {
      value: `${siteUrl}/auth/callback`,
      description: 'The callback URL to register in the GitHub App',
    });
    new CfnOutput(this, 'GitHubWebhookUrl', {
      value: `${siteUrl}/api/github/webhook`,
      description: "The GitHub App's Webhook URL (push deliveries keep lists fresh)",
    });
    new CfnOutput(this, 'GitHubAppSecretArn', {
      value: githubApp.secretArn,
      description: 'Fill in with the GitHub App credentials (docs/deploy-aws.md)',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: `https://${apiHost}`,
      description:
        "The API's own address, which CloudFront forwards to: it refuses requests that do not come through CloudFront (the smoke test's --api-url)",
    });
    if (apiDomain)
      new CfnOutput(this, 'ExecuteApiUrl', {
        value: `https://${executeApiHost}`,
        description: 'The default execute-api endpoint, disabled: it answers 403 to everything',
      });
    new CfnOutput(this, 'DistributionDomainName', {
      value: site.distribution.distributionDomainName,
      description: 'CNAME target for a custom domain',
    });
  }
}

/** Key administration: no Encrypt, Decrypt, GenerateDataKey, ReEncrypt, nor CreateGrant (a way around the policy). */
const keyAdministration = [
  'kms:CreateAlias',
  'kms:Describe*',
  'kms:Enable*',
  'kms:List*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Disable*',
  'kms:Get*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];

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

interface Resources {
  table: Parameters<CmsFunction['useTable']>[0];
  key: Parameters<CmsFunction['useKey']>[0];
  tokenHmac: Parameters<CmsFunction['useSecret']>[0];
  githubApp: Parameters<CmsFunction['useSecret']>[0];
  github: { webUrl: string; apiUrl: string };
  leadingKeys: readonly string[] | undefined;
  activityRetentionDays: number;
}

/** A function's table, key, secrets and GitHub settings, each with its grant, as its needs say. */
function useNeeds(fn: CmsFunction, needs: GroupNeeds, resources: Resources): void {
  if (needs.table) fn.useTable(resources.table, needs.table, resources.leadingKeys);
  if (needs.items?.includes('activity'))
    fn.useSetting('ACTIVITY_RETENTION_DAYS', String(resources.activityRetentionDays));
  if (needs.keyPurposes) fn.useKey(resources.key, needs.keyPurposes);
  if (needs.tokenHmacKey) fn.useSecret(resources.tokenHmac, 'TOKEN_HMAC_SECRET_ARN');
  if (needs.checksGitHubApp) fn.useSecret(resources.githubApp, 'GITHUB_APP_SECRET_ARN');
  if (needs.github) {
    fn.useSecret(resources.githubApp, 'GITHUB_APP_SECRET_ARN')
      .useSetting('GITHUB_WEB_URL', resources.github.webUrl)
      .useSetting('GITHUB_API_URL', resources.github.apiUrl);
  }
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
