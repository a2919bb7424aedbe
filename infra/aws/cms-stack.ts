import { CfnOutput, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes';
import { defaultRetentionDays } from '../../shared/activity/activity-log';
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
import { useNeeds, type StackResources } from './function-needs';
import {
  groupNeeds,
  indexerNeeds,
  queuesWebhooks,
  schedulerNeeds,
  webhookSenderNeeds,
  type GroupNeeds,
  type TableGroup,
} from './group-needs';
import { CollectionIndexing } from './collection-indexing';
import { WebhookDeliveries } from './webhook-deliveries';
import { ScheduledRuns } from './scheduler';
import { Monitoring } from './monitoring';
import { githubNetwork, type NetworkSettings } from './network';
import { serviceApi, routeToFunctions } from './service-api';
import { serviceData } from './service-data';
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

    const { table, key, githubApp, tokenHmac } = serviceData(this, {
      removalPolicy,
      deletionProtection: props.deletionProtection ?? true,
    });
    const { api, stage } = serviceApi(this, {
      removalPolicy,
      disableExecuteApiEndpoint: Boolean(props.apiDomain),
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
    const resources: StackResources = {
      table,
      key,
      tokenHmac,
      githubApp,
      github,
      activityRetentionDays: props.activityRetentionDays ?? defaultRetentionDays,
    };
    const scheduled = new ScheduledRuns(this, 'Scheduled', {
      projectRoot: props.projectRoot,
      removalPolicy,
      network,
      caBundle: props.network?.caBundle,
    });
    this.scheduler = scheduled.fn;
    useNeeds(scheduled.fn, schedulerNeeds, resources);
    const allowedPrivate = props.webhookAllowedPrivate ?? [];
    this.webhooks = new WebhookDeliveries(this, 'Webhooks', {
      projectRoot: props.projectRoot,
      removalPolicy,
      allowedPrivate,
    });
    useNeeds(this.webhooks.fn, webhookSenderNeeds, resources);
    this.webhooks.allowQueueing(scheduled.fn);
    this.indexing = new CollectionIndexing(this, 'Indexing', {
      projectRoot: props.projectRoot,
      removalPolicy,
      network,
      caBundle: props.network?.caBundle,
    });
    useNeeds(this.indexing.fn, indexerNeeds, resources);

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
      useNeeds(fn, needs, resources);
      if (needs.uploads) fn.useUploads(uploads.bucket);
      if (needs.armsSchedules) scheduled.allowArming(fn);
      if (queuesWebhooks(needs)) this.webhooks.allowQueueing(fn);
      if (needs.sendsWebhooks) fn.useSetting('WEBHOOK_ALLOWED_PRIVATE', allowedPrivate.join(','));
      if (needs.queuesIndexBuilds) this.indexing.allowQueueing(fn);
      this.functions.set(group, fn);
    }

    const planned = routeToFunctions(api, this.functions, routes);
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

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
