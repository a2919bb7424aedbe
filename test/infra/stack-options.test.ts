import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsStack } from '../../infra/aws/cms-stack';
import { fakeEditorBuild, projectRoot, synthesise, type Synthesised } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

let synth: Synthesised;
let resources: Record<string, Resource>;
let nagFindings: string[];

beforeAll(() => {
  synth = synthesise({
    props: {
      domainName: 'cms.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0f5e2c1a-1111-2222-3333-444455556666',
      githubEnterpriseUrl: 'https://github.example.com',
      removalPolicy: RemovalPolicy.DESTROY,
      deletionProtection: false,
    },
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks().validateScope(app).violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) => Object.values(resources).filter((resource) => resource.Type === type);

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
  });

  it('points the GitHub-facing functions at the Enterprise Server', () => {
    // Act
    const session = resources[synth.logicalIdOf('session')]!.Properties.Environment.Variables;

    // Assess
    expect(session).toMatchObject({ GITHUB_WEB_URL: 'https://github.example.com', GITHUB_API_URL: 'https://github.example.com/api/v3', PUBLIC_URL: 'https://cms.example.org' });
  });

  it('lets the stack take its data with it when asked', () => {
    // Act
    const [table] = ofType('AWS::DynamoDB::GlobalTable');

    // Assess
    expect(table!.DeletionPolicy).toBe('Delete');
    expect(table!.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
    expect(ofType('AWS::KMS::Key')[0]!.DeletionPolicy).toBe('Delete');
    expect(ofType('AWS::S3::Bucket').every((bucket) => bucket.DeletionPolicy === 'Delete')).toBe(true);
    expect(ofType('Custom::S3AutoDeleteObjects')).toHaveLength(1);
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
    new CmsStack(new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } }), 'Cms', { projectRoot, webDistPath: webDist, ...props });

  it('refuses a domain without a certificate, a certificate outside us-east-1, and plain-http GHES', () => {
    expect(build({ domainName: 'cms.example.org' })).toThrow(/domainName and certificateArn go together/);
    expect(build({ domainName: 'cms.example.org', certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/x' })).toThrow(/us-east-1/);
    expect(build({ githubEnterpriseUrl: 'http://github.example.com' })).toThrow(/must be https/);
  });

  it('says how to build the editor when it is missing', () => {
    expect(build({ webDistPath: path.join(outdir, 'nothing-here') })).toThrow(/run npm run build:web/);
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
