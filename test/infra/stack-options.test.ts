import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caBundleInFunction } from '../../infra/aws/cms-function';
import { CmsStack } from '../../infra/aws/cms-stack';
import { editorCspFor } from '../../shared/http/editor-headers';
import { routes } from '../../shared/routes';
import {
  fakeEditorBuild,
  projectRoot,
  synthesise,
  uploadsOriginOf,
  type Synthesised,
} from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

let synth: Synthesised;
let resources: Record<string, Resource>;
let nagFindings: string[];

beforeAll(() => {
  synth = synthesise({
    props: {
      domainName: 'cms.example.org',
      certificateArn:
        'arn:aws:acm:us-east-1:111122223333:certificate/0f5e2c1a-1111-2222-3333-444455556666',
      githubEnterpriseUrl: 'https://github.example.com',
      removalPolicy: RemovalPolicy.DESTROY,
      deletionProtection: false,
      env: { account: '111122223333', region: 'us-east-1' },
      protection: {
        throttling: { rateLimit: 7, burstLimit: 14, authRateLimit: 2, authBurstLimit: 3 },
        reservedConcurrency: false,
        waf: { mode: 'create', requestsPer5MinutesPerIp: 300 },
        originVerify: false,
      },
      previewFrameOrigins: ['https://*.preview.example.org', 'https://staging.example.org:8443'],
      network: {
        vpc: {
          vpcId: 'vpc-0abc',
          privateSubnetIds: ['subnet-0a', 'subnet-0b'],
          availabilityZones: ['us-east-1a', 'us-east-1b'],
          securityGroupIds: ['sg-0123'],
        },
        caBundle: 'test/fixtures/ghes-ca.pem',
      },
    },
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks()
        .validateScope(app)
        .violations.map(
          (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
        );
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) =>
  Object.values(resources).filter((resource) => resource.Type === type);

describe('the CDK stack with a custom domain, GitHub Enterprise Server and DESTROY', () => {
  it('serves the custom domain with its certificate and TLS 1.2', () => {
    // Act
    const [distribution] = ofType('AWS::CloudFront::Distribution');

    // Assess
    expect(distribution!.Properties.DistributionConfig).toMatchObject({
      Aliases: ['cms.example.org'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.SiteUrl!.Value).toBe('https://cms.example.org');
    expect(outputs.OAuthCallbackUrl!.Value).toBe('https://cms.example.org/auth/callback');
    expect(outputs.GitHubWebhookUrl!.Value).toBe('https://cms.example.org/api/github/webhook');
  });

  it('lets the editor frame the configured preview hosts, and tells the editor the same list in app/settings.json', () => {
    // Act
    const [policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy');
    const csp = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig
      .ContentSecurityPolicy.ContentSecurityPolicy as string;
    const staged = readdirSync(synth.outdir, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && entry.name.startsWith('asset.'),
    );
    const settings = staged
      .map((entry) => path.join(synth.outdir, entry.name, 'settings.json'))
      .filter((file) => existsSync(file));

    // Assess
    expect(csp.split('; ')).toContain(
      'frame-src https://*.preview.example.org https://staging.example.org:8443',
    );
    expect(csp).toBe(
      editorCspFor(
        ['https://*.preview.example.org', 'https://staging.example.org:8443'],
        [uploadsOriginOf(synth)],
      ),
    );
    expect(settings).toHaveLength(1);
    expect(JSON.parse(readFileSync(settings[0]!, 'utf8'))).toEqual({
      previewFrameOrigins: ['https://*.preview.example.org', 'https://staging.example.org:8443'],
    });
    const pages = ofType('Custom::CDKBucketDeployment').find(
      (deployment) => deployment.Properties.DestinationBucketKeyPrefix === 'app/',
    );
    expect(pages!.Properties.SourceObjectKeys).toHaveLength(2);
  });

  it('refuses a preview host that is not a CSP host-source', () => {
    expect(() => synthesise({ props: { previewFrameOrigins: ["'unsafe-inline'"] } })).toThrow(
      /previewFrameOrigins: "'unsafe-inline'" is not a preview origin/,
    );
  });

  it('points the GitHub-facing functions at the Enterprise Server', () => {
    // Act
    const session = resources[synth.logicalIdOf('session')]!.Properties.Environment.Variables;

    // Assess
    expect(session).toMatchObject({
      GITHUB_WEB_URL: 'https://github.example.com',
      GITHUB_API_URL: 'https://github.example.com/api/v3',
      PUBLIC_URL: 'https://cms.example.org',
    });
  });

  it('puts the GitHub-facing functions, and only those, in the private subnets, trusting the extra CAs', () => {
    for (const id of [
      synth.logicalIdOf('session'),
      synth.logicalIdOf('content'),
      synth.logicalIdOf('device'),
      synth.logicalIdOf('health'),
      synth.logicalIdOf('tokens'),
    ]) {
      // Act
      const { VpcConfig, Environment } = resources[id]!.Properties;

      // Assess
      const github = ![synth.logicalIdOf('health'), synth.logicalIdOf('tokens')].includes(id);
      expect(VpcConfig, id).toEqual(
        github
          ? { SubnetIds: ['subnet-0a', 'subnet-0b'], SecurityGroupIds: ['sg-0123'] }
          : undefined,
      );
      expect(Environment.Variables.NODE_EXTRA_CA_CERTS, id).toBe(
        github ? caBundleInFunction : undefined,
      );
    }
  });

  it('applies the configured throttling, reserves no concurrency and checks no origin secret when told so', () => {
    // Act
    const [stage] = ofType('AWS::ApiGatewayV2::Stage');
    const functions = ofType('AWS::Lambda::Function').filter(
      (fn) => fn.Properties.Environment?.Variables?.PUBLIC_URL,
    );

    // Assess
    expect(stage!.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: 7,
      ThrottlingBurstLimit: 14,
    });
    expect(stage!.Properties.RouteSettings['GET /auth/login']).toEqual({
      ThrottlingRateLimit: 2,
      ThrottlingBurstLimit: 3,
    });
    // One function per endpoint group of the route table.
    expect(functions).toHaveLength(new Set(routes.map((route) => route.group)).size);
    for (const fn of functions) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
      expect(fn.Properties.Environment.Variables.ORIGIN_SECRET_ARN).toBeUndefined();
    }
    const [distribution] = ofType('AWS::CloudFront::Distribution');
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.Origins)).not.toContain(
      'x-origin-verify',
    );
  });

  it('attaches a WebACL with a rate-based rule per client IP to the distribution', () => {
    // Act
    const acls = Object.entries(resources).filter(
      ([, resource]) => resource.Type === 'AWS::WAFv2::WebACL',
    );
    const [distribution] = ofType('AWS::CloudFront::Distribution');

    // Assess
    expect(acls).toHaveLength(1);
    const [[aclId, acl]] = acls as [[string, Resource]];
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(acl.Properties.Rules).toEqual([
      expect.objectContaining({
        Action: { Block: {} },
        Statement: {
          RateBasedStatement: { Limit: 300, AggregateKeyType: 'IP', EvaluationWindowSec: 300 },
        },
      }),
    ]);
    expect(distribution!.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetAtt': [aclId, 'Arn'],
    });
  });

  it('lets the stack take its data with it when asked', () => {
    // Act
    const [table] = ofType('AWS::DynamoDB::GlobalTable');

    // Assess
    expect(table!.DeletionPolicy).toBe('Delete');
    expect(table!.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
    expect(ofType('AWS::KMS::Key')[0]!.DeletionPolicy).toBe('Delete');
    expect(ofType('AWS::S3::Bucket').every((bucket) => bucket.DeletionPolicy === 'Delete')).toBe(
      true,
    );
    // The editor's bucket and the uploads bucket.
    expect(ofType('Custom::S3AutoDeleteObjects')).toHaveLength(2);
  });

  it('still leaves no cdk-nag finding unacknowledged', () => {
    expect(nagFindings).toEqual([]);
  });
});

describe('stack options that cannot work', () => {
  let outdir: string;
  let webDist: string;
  beforeAll(() => {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-infra-bad-'));
    webDist = fakeEditorBuild(outdir);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  const build = (props: Partial<ConstructorParameters<typeof CmsStack>[2]>) => () =>
    new CmsStack(new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } }), 'Cms', {
      projectRoot,
      webDistPath: webDist,
      ...props,
    });

  it('refuses to create a CloudFront WebACL outside us-east-1', () => {
    expect(
      build({
        env: { region: 'eu-west-1' },
        protection: { waf: { mode: 'create', requestsPer5MinutesPerIp: 100 } },
      }),
    ).toThrow(/only be created by a stack in us-east-1/);
    expect(
      build({ protection: { waf: { mode: 'create', requestsPer5MinutesPerIp: 100 } } }),
    ).toThrow(/us-east-1/);
  });

  it('refuses a domain without a certificate, a certificate outside us-east-1, and plain-http GHES', () => {
    expect(build({ domainName: 'cms.example.org' })).toThrow(
      /domainName and certificateArn go together/,
    );
    expect(
      build({
        domainName: 'cms.example.org',
        certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/x',
      }),
    ).toThrow(/us-east-1/);
    expect(build({ githubEnterpriseUrl: 'http://github.example.com' })).toThrow(/must be https/);
  });

  it('says how to build the editor when it is missing', () => {
    expect(build({ webDistPath: path.join(outdir, 'nothing-here') })).toThrow(
      /run npm run build:web/,
    );
  });
});

describe('cdk-nag 3 wiring', () => {
  it('fails synthesis on an unacknowledged AwsSolutions finding', () => {
    // Prepare
    const outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-nag-'));
    const app = new App({ outdir });
    new Bucket(new Stack(app, 'Plain'), 'Bucket');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

    // Act + Assess
    try {
      expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
