import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import '../../shared/zod-locale';
import { formatIssues } from '../../shared/format-issues';
import { groups } from '../../shared/http/route-def';
import type { TableGroup } from './group-needs';
import {
  defaultPreviewFrameOrigins,
  previewOriginProblem,
} from '../../shared/pulls/preview-origins';

/**
 * One deployment's settings, checked in as `infra/aws/environments/<env>.json` and chosen with
 * `-c env=<env>` (default `dev`). Everything the stack is told lives here: a forgotten `-c` flag
 * can no longer drop the custom domain or move GitHub Enterprise back to github.com on an update.
 */
const positiveInt = z.number().check(z.int(), z.positive());
const nonEmpty = z.string().check(z.minLength(1));

const Throttling = z.strictObject({
  /** Requests per second across the whole API (API Gateway stage default), and the burst above it. */
  rateLimit: z._default(positiveInt, 50),
  burstLimit: z._default(positiveInt, 100),
  /** A tighter limit on each route of the `credential` class (its row's `throttle`: sign-in and its callback, the device flow, creating an API token), each route counted on its own. */
  authRateLimit: z._default(positiveInt, 10),
  authBurstLimit: z._default(positiveInt, 20),
});

const Waf = z.discriminatedUnion('mode', [
  /** No WebACL on the distribution. */
  z.strictObject({ mode: z.literal('off') }),
  /** A WebACL created by this stack (only possible when the stack is in us-east-1): one rate-based rule per client IP. */
  z.strictObject({
    mode: z.literal('create'),
    requestsPer5MinutesPerIp: z._default(z.number().check(z.int(), z.gte(10)), 1000),
  }),
  /** An existing CloudFront-scope WebACL (created in us-east-1, e.g. by another stack), attached by ARN. */
  z.strictObject({
    mode: z.literal('arn'),
    webAclArn: z
      .string()
      .check(
        z.regex(
          /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+/,
          'must be the ARN of a CloudFront (global, us-east-1) WebACL',
        ),
      ),
  }),
]);

const Vpc = z
  .strictObject({
    vpcId: z.string().check(z.regex(/^vpc-[0-9a-f]+$/, 'must be a VPC id (vpc-…)')),
    /** Private subnets with a route to GitHub Enterprise Server and to the AWS APIs (NAT or VPC endpoints). */
    privateSubnetIds: z
      .array(z.string().check(z.regex(/^subnet-[0-9a-f]+$/, 'must be subnet ids (subnet-…)')))
      .check(z.minLength(1)),
    /** The subnets' availability zones, in the same order. */
    availabilityZones: z.array(nonEmpty).check(z.minLength(1)),
    securityGroupIds: z
      .array(z.string().check(z.regex(/^sg-[0-9a-f]+$/, 'must be security group ids (sg-…)')))
      .check(z.minLength(1)),
  })
  .check(
    z.refine((vpc) => vpc.availabilityZones.length === vpc.privateSubnetIds.length, {
      message: 'must list one zone per subnet, in the same order',
      path: ['availabilityZones'],
    }),
  );

const hostName = z
  .string()
  .check(z.regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'must be a host name such as cms.example.org'));

/**
 * The API's own custom domain (API Gateway, regional): CloudFront forwards /api/* and /auth/* to
 * it, and the default execute-api endpoint is disabled, so the API answers at no address but this
 * one (docs/deploy-aws.md, "The API only through CloudFront").
 */
const ApiDomain = z.strictObject({
  /** The API's host name, e.g. api.cms.example.org; only CloudFront uses it. */
  domainName: hostName,
  /** An ACM certificate for it in the stack's own region (a regional API Gateway domain takes no other). */
  certificateArn: z
    .string()
    .check(
      z.regex(
        /^arn:aws[a-z-]*:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/.+/,
        'must be an ACM certificate ARN',
      ),
    ),
  /** The Route 53 public hosted zone holding domainName: the stack creates its alias records. Without it, point a CNAME at the ApiDomainTarget output yourself. */
  hostedZone: z.optional(
    z.strictObject({
      id: z.string().check(z.regex(/^Z[A-Z0-9]{1,32}$/, 'must be a Route 53 hosted zone id (Z…)')),
      name: hostName,
    }),
  ),
});

export const DeploymentConfig = z.strictObject({
  /** The CloudFormation stack name; two environments in one account need two names. */
  stackName: z
    .string()
    .check(z.regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be a CloudFormation stack name')),
  /** Account and region to deploy to; the CLI's credentials and region when absent. */
  account: z.optional(z.string().check(z.regex(/^\d{12}$/, 'must be a 12-digit account id'))),
  region: z.optional(
    z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be a region such as eu-west-1')),
  ),
  domainName: z.optional(hostName),
  certificateArn: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+/,
          'must be an ACM certificate ARN in us-east-1',
        ),
      ),
  ),
  githubEnterpriseUrl: z.optional(z.url({ protocol: /^https$/ })),
  removalPolicy: z._default(z.enum(['retain', 'destroy']), 'retain'),
  deletionProtection: z._default(z.boolean(), true),
  /**
   * The hosts whose draft previews the editor may show in a frame (CSP host-sources, such as
   * https://*.pages.dev): its frame-src, and the list the editor reads from /app/settings.json.
   * Default: Cloudflare Pages previews. [] frames nothing (previews open in a new tab).
   */
  previewFrameOrigins: z._default(
    z.array(
      z
        .string()
        .check(
          z.refine(
            (value) => previewOriginProblem(value) === undefined,
            'must be a CSP host-source such as https://*.pages.dev (scheme, host, optional port, no path)',
          ),
        ),
    ),
    [...defaultPreviewFrameOrigins],
  ),
  /** Where the alarms are sent (SNS e-mail subscription). */
  alarmEmail: z.optional(z.email()),
  throttling: z._default(Throttling, {
    rateLimit: 50,
    burstLimit: 100,
    authRateLimit: 10,
    authBurstLimit: 20,
  }),
  /**
   * Reserved concurrency per endpoint group, any group of the route table; a group left out keeps
   * its default (`defaultReservedConcurrency`); `false` reserves none (accounts whose limit is 10 cannot reserve any).
   */
  reservedConcurrency: z._default(
    z.union([
      z.literal(false),
      z.partialRecord(z.enum(groups), z.number().check(z.int(), z.gte(1))),
    ]),
    {},
  ),
  waf: z._default(Waf, { mode: 'off' }),
  /** A custom domain for the API itself, as CloudFront's origin, with the execute-api endpoint disabled. */
  apiDomain: z.optional(ApiDomain),
  /** CloudFront sends a secret header that the functions check, so the execute-api URL answers 403. */
  originVerify: z._default(z.boolean(), true),
  /** Raise by one to make CloudFront take a rotated origin secret on the next deploy (docs/deploy-aws.md). */
  originSecretGeneration: z._default(positiveInt, 1),
  /** How many days the audit log keeps its records (1 to 99999; 365 when absent). */
  activityRetentionDays: z.optional(z.int().check(z.minimum(1), z.maximum(99_999))),
  /** Private CIDRs (`10.1.0.0/16`) or host names webhooks may be delivered to; none by default (docs/api-guide.md, Webhooks). */
  webhookAllowedPrivate: z.optional(
    z
      .array(
        z
          .string()
          .check(z.regex(/^[A-Za-z0-9.:/-]{1,100}$/, 'must be a CIDR, an address or a host name')),
      )
      .check(z.maxLength(50)),
  ),
  /** Places the GitHub-facing functions in these private subnets (GitHub Enterprise Server on a private network). */
  vpc: z.optional(Vpc),
  /** PEM file (relative to the repository root) of extra CAs to trust for GitHub Enterprise Server. */
  caBundle: z.optional(z.string().check(z.regex(/\.(pem|crt)$/, 'must be a .pem or .crt file'))),
});
export type DeploymentConfig = z.output<typeof DeploymentConfig>;

/**
 * Reserved concurrency per group when the config says nothing (docs/deploy-aws.md gives the sum),
 * well under the 1000 default limit. Webhooks takes every GitHub App delivery of every
 * installation, a burst when many repositories are pushed to at once, besides its own routes.
 */
export const defaultReservedConcurrency: Record<TableGroup, number> = {
  health: 2,
  session: 5,
  tokens: 3,
  device: 3,
  repos: 7,
  content: 15,
  pulls: 10,
  media: 5,
  schedules: 3,
  activity: 3,
  webhooks: 5,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates a parsed config; the error names the file and the first bad field. */
export function parseConfig(raw: unknown, source: string, projectRoot: string): DeploymentConfig {
  const result = DeploymentConfig.safeParse(raw);
  if (!result.success) throw new ConfigError(`${source}: ${formatIssues(result.error)}`);
  const config = result.data;
  if (Boolean(config.domainName) !== Boolean(config.certificateArn))
    throw new ConfigError(
      `${source}: ${config.domainName ? 'certificateArn' : 'domainName'}: domainName and certificateArn go together`,
    );
  if (config.caBundle && !existsSync(path.resolve(projectRoot, config.caBundle)))
    throw new ConfigError(`${source}: caBundle: ${config.caBundle} does not exist`);
  const apiDomainProblem = config.apiDomain && apiDomainProblemOf(config.apiDomain, config);
  if (apiDomainProblem) throw new ConfigError(`${source}: ${apiDomainProblem}`);
  if (config.waf.mode === 'create' && config.region !== 'us-east-1') {
    throw new ConfigError(
      `${source}: waf.mode: a CloudFront WebACL can only be created in us-east-1; set region to us-east-1, or create the WebACL there and use mode "arn" with webAclArn`,
    );
  }
  return config;
}

/** What makes an API domain unusable, naming the field; the region is checked when the file names one (the stack checks it again). */
function apiDomainProblemOf(
  apiDomain: NonNullable<DeploymentConfig['apiDomain']>,
  config: DeploymentConfig,
): string | undefined {
  const certificateRegion = apiDomain.certificateArn.split(':')[3];
  if (config.region && certificateRegion !== config.region)
    return `apiDomain.certificateArn: must be in the stack's region, ${config.region} (a regional API Gateway domain takes a certificate from its own region), not ${certificateRegion}`;
  if (apiDomain.domainName === config.domainName)
    return "apiDomain.domainName: must differ from domainName (editors use domainName; only CloudFront uses the API's)";
  const zone = apiDomain.hostedZone?.name;
  if (zone && apiDomain.domainName !== zone && !apiDomain.domainName.endsWith(`.${zone}`))
    return `apiDomain.hostedZone.name: ${apiDomain.domainName} is not in the zone ${zone}`;
  return undefined;
}

export const environmentsDir = (projectRoot: string) =>
  path.join(projectRoot, 'infra', 'aws', 'environments');

/** The checked-in environments: `infra/aws/environments/*.json`. */
export const environmentNames = (projectRoot: string) =>
  readdirSync(environmentsDir(projectRoot))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

export function loadConfig(projectRoot: string, env: string): DeploymentConfig {
  const file = path.join(environmentsDir(projectRoot), `${env}.json`);
  if (!/^[a-z0-9-]+$/.test(env) || !existsSync(file))
    throw new ConfigError(
      `No environment "${env}": choose one of ${environmentNames(projectRoot).join(', ')} (infra/aws/environments/)`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `infra/aws/environments/${env}.json is not JSON: ${(error as Error).message}`,
    );
  }
  return parseConfig(raw, `infra/aws/environments/${env}.json`, projectRoot);
}
