import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsStack, type CmsStackProps } from '../../infra/aws/cms-stack';
import { loadConfig } from '../../infra/aws/config';
import { routeMetrics, serviceMetrics } from '../../shared/http/access-log';
import { routes } from '../../shared/routes';
import { readGuide } from './support/guide-markdown';
import { fakeEditorBuild, projectRoot } from './support/synth';

/**
 * The figures docs/deploy-aws.md gives (resources, reserved concurrency, outputs, the
 * CloudFormation execution policy, the cost lines built on them) against the synthesised stack,
 * so a change to the stack fails here until the guide says the same.
 */

type Resource = { Type: string; Properties: Record<string, any> };
interface Built {
  name: string;
  stack: CmsStack;
  resources: Resource[];
  outputs: string[];
}

const guide = readGuide();
let outdir: string;
let prod: Built;
/** Every shape the environment file can give the stack, each a resource type or an output more. */
let shapes: Built[];

function build(
  webDist: string,
  env: string,
  name: string,
  extra: Partial<CmsStackProps> = {},
): Built {
  const config = loadConfig(projectRoot, env);
  const app = new App({
    outdir: path.join(outdir, name),
    context: { 'aws:cdk:bundling-stacks': [] },
  });
  const stack = new CmsStack(app, `${config.stackName}-${name}`, {
    projectRoot,
    webDistPath: webDist,
    removalPolicy:
      config.removalPolicy === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    deletionProtection: config.deletionProtection,
    githubEnterpriseUrl: config.githubEnterpriseUrl,
    protection: config,
    network: config,
    env: { account: '123456789012', region: config.region ?? 'us-east-1' },
    ...extra,
  });
  const template = Template.fromStack(stack).toJSON() as {
    Resources: Record<string, Resource>;
    Outputs: Record<string, unknown>;
  };
  return {
    name,
    stack,
    resources: Object.values(template.Resources),
    outputs: Object.keys(template.Outputs),
  };
}

beforeAll(() => {
  outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-guide-'));
  const webDist = fakeEditorBuild(outdir);
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/0f5e2c1a-1111-2222-3333-444455556666';
  prod = build(webDist, 'prod', 'prod');
  shapes = [
    prod,
    build(webDist, 'dev', 'dev'),
    build(webDist, 'prod', 'api-domain', {
      apiDomain: {
        domainName: 'api.cms.example.org',
        certificateArn,
        hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'example.org' },
      },
      alarmEmail: 'ops@example.org',
    }),
    build(webDist, 'prod', 'private', {
      apiDomain: { domainName: 'api.cms.example.org', certificateArn },
      network: {
        vpc: {
          vpcId: 'vpc-0abc',
          privateSubnetIds: ['subnet-0a'],
          availabilityZones: ['us-east-1a'],
          securityGroupIds: ['sg-0123'],
        },
      },
      protection: {
        ...loadConfig(projectRoot, 'prod'),
        waf: { mode: 'arn', webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/cms/1' },
      },
    }),
  ];
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const count = (built: Built, type: string) =>
  built.resources.filter((resource) => resource.Type === type).length;
const alarmMetrics = (built: Built) =>
  built.resources
    .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm')
    .reduce(
      (sum, alarm) =>
        sum +
        (alarm.Properties.Metrics
          ? (alarm.Properties.Metrics as { MetricStat?: unknown }[]).filter(
              (metric) => metric.MetricStat,
            ).length
          : 1),
      0,
    );
/** CloudWatch's metrics of the request lines: each route of the table and `unmatched`, plus the service's own. */
const routeMetricsAtMost =
  (routes.length + 1) * Object.keys(routeMetrics).length + Object.keys(serviceMetrics).length;

/** The figures table's values by label. */
const figures = () =>
  new Map(
    guide
      .tableAfter('figures:')
      .map(([label, value]) => [label!, Number(value!.replace(/,/g, ''))]),
  );

describe('docs/deploy-aws.md, "The stack in figures"', () => {
  it("gives the figures of prod.json's synthesised template", () => {
    // Act
    const measured = {
      'endpoint groups': prod.stack.functions.size,
      'Lambda functions': count(prod, 'AWS::Lambda::Function'),
      'reserved concurrency, sum': prod.resources.reduce(
        (sum, resource) => sum + (resource.Properties?.ReservedConcurrentExecutions ?? 0),
        0,
      ),
      alarms: count(prod, 'AWS::CloudWatch::Alarm'),
      'alarm metrics': alarmMetrics(prod),
      'SQS queues': count(prod, 'AWS::SQS::Queue'),
      'Secrets Manager secrets': count(prod, 'AWS::SecretsManager::Secret'),
      'KMS keys': count(prod, 'AWS::KMS::Key'),
      'route table rows': routes.length,
      'route metrics, at most': routeMetricsAtMost,
    };

    // Assess
    expect(Object.fromEntries(figures())).toEqual(measured);
  });

  it("is right that a disposable stack has one function more (CDK's bucket-emptying function)", () => {
    expect(
      count(
        shapes.find((built) => built.name === 'dev')!,
        'AWS::Lambda::Function',
      ),
    ).toBe(count(prod, 'AWS::Lambda::Function') + 1);
  });

  it('prices the alarms and the route metrics from those figures', () => {
    // Prepare
    const table = figures();

    // Act
    const alarmLine =
      /Alarms: (\d+) alarms on (\d+) metrics[^|]*\| \$0\.10 per alarm metric \| \$([\d.]+) \|/.exec(
        guide.text,
      );
    const metricLines = [...guide.text.matchAll(/(?:makes|at most) (\d+) metrics, \$([\d.]+)/g)];

    // Assess
    expect(alarmLine?.slice(1).map(Number)).toEqual([
      table.get('alarms'),
      table.get('alarm metrics'),
      Number((table.get('alarm metrics')! * 0.1).toFixed(2)),
    ]);
    expect(metricLines).toHaveLength(2);
    for (const [, metrics, dollars] of metricLines)
      expect([Number(metrics), Number(dollars)]).toEqual([
        routeMetricsAtMost,
        Number((routeMetricsAtMost * 0.3).toFixed(2)),
      ]);
  });
});

describe('docs/deploy-aws.md, the outputs of step 1', () => {
  it('lists every output the stack can have, and no other', () => {
    // Act
    const listed = guide.tableAfter('outputs:').map(([name]) => name!);

    // Assess
    expect(listed.sort()).toEqual([...new Set(shapes.flatMap((built) => built.outputs))].sort());
  });
});

describe('docs/deploy-aws.md, the narrowed CloudFormation execution policy', () => {
  /** The IAM service prefix of each CloudFormation namespace the stack uses; a custom resource is a Lambda function CloudFormation invokes. */
  const servicePrefix: Record<string, string> = {
    'AWS::ApiGatewayV2': 'apigateway',
    'AWS::CloudFront': 'cloudfront',
    'AWS::CloudWatch': 'cloudwatch',
    'AWS::DynamoDB': 'dynamodb',
    'AWS::IAM': 'iam',
    'AWS::KMS': 'kms',
    'AWS::Lambda': 'lambda',
    'AWS::Logs': 'logs',
    'AWS::Route53': 'route53',
    'AWS::S3': 's3',
    'AWS::SNS': 'sns',
    'AWS::SQS': 'sqs',
    'AWS::Scheduler': 'scheduler',
    'AWS::SecretsManager': 'secretsmanager',
    'AWS::WAFv2': 'wafv2',
    Custom: 'lambda',
  };

  it('allows every service the stack creates resources with, in every shape of the environment file', () => {
    // Prepare
    const policy = JSON.parse(guide.fenceContaining('json', 'TheServicesTheStackUses')) as {
      Statement: { Sid: string; Action: string | string[] }[];
    };
    const actions = policy.Statement.flatMap((statement) => [statement.Action].flat());

    // Act
    const types = [
      ...new Set(shapes.flatMap((built) => built.resources.map((resource) => resource.Type))),
    ].sort();
    const missing = types.filter((type) => {
      const namespace = type.startsWith('Custom::')
        ? 'Custom'
        : type.split('::').slice(0, 2).join('::');
      const prefix = servicePrefix[namespace];
      if (!prefix) return true;
      return !actions.some((action) => action.startsWith(`${prefix}:`));
    });

    // Assess: a type listed here needs its service in the guide's policy (and its prefix above).
    expect(missing).toEqual([]);
    expect(types).toEqual(
      expect.arrayContaining([
        'AWS::SQS::Queue',
        'AWS::Route53::RecordSet',
        'AWS::ApiGatewayV2::DomainName',
        'AWS::WAFv2::WebACL',
        'Custom::S3AutoDeleteObjects',
      ]),
    );
    expect(
      policy.Statement.find((statement) => statement.Sid === 'OnlyTheStacksRoles')?.Action,
    ).toBe('iam:*Role*');
  });
});
