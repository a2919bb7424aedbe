import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorCspFor, editorHeadersFor } from '../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../shared/pulls/preview-origins';
import { createTableInput } from '../../shared/adapters/dynamodb/table';
import { stackTemplate, type Resource, type StackTemplate } from './support/stack-template';
import { renderedText, synthesise, uploadsOriginOf, type Synthesised } from './support/synth';

/**
 * The stack's stores and the editor's site (table, secrets, bucket, CloudFront, headers, outputs),
 * and the whole stack checked by cdk-nag and CloudFormation's schema validation.
 */

let synth: Synthesised;
let ofType: StackTemplate['ofType'];
let nagFindings: string[];

beforeAll(() => {
  synth = synthesise({
    cloudFormationValidation: true,
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks()
        .validateScope(app)
        .violations.flatMap((v) =>
          v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`),
        );
      // As in infra/aws/app.ts: with findings left, synthesis itself fails.
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  ({ ofType } = stackTemplate(synth));
});
afterAll(() => synth?.cleanup());

describe("the CDK stack's stores, editor site and compliance", () => {
  it('builds the table from the shared table definition: keys, gsi1, TTL, on demand, PITR, retained', () => {
    // Act
    const [[, table]] = ofType('AWS::DynamoDB::GlobalTable') as [[string, Resource]];

    // Assess
    const local = createTableInput('cms');
    expect(table.Properties.KeySchema).toEqual(local.KeySchema);
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(local.AttributeDefinitions),
    );
    expect(table.Properties.AttributeDefinitions).toHaveLength(local.AttributeDefinitions.length);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      local.GlobalSecondaryIndexes.map((index) =>
        expect.objectContaining({
          IndexName: index.IndexName,
          KeySchema: index.KeySchema,
          Projection: index.Projection,
        }),
      ),
    );
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect(table.Properties.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('creates the GitHub App secret empty and generates the token HMAC key', () => {
    // Act
    const secrets = ofType('AWS::SecretsManager::Secret').map(([, secret]) => secret.Properties);

    // Assess
    expect(secrets).toContainEqual(
      expect.objectContaining({
        SecretString: JSON.stringify({ appId: '', clientId: '', clientSecret: '', privateKey: '' }),
        Description: expect.stringContaining('docs/deploy-aws.md'),
      }),
    );
    expect(secrets).toContainEqual(
      expect.objectContaining({
        GenerateSecretString: expect.objectContaining({
          PasswordLength: 64,
          ExcludePunctuation: true,
        }),
      }),
    );
  });

  it('keeps the editor bucket private, TLS-only and versioned', () => {
    // Act + Assess
    synth.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('serves the editor from S3 and sends /api/* and /auth/* to the HTTP API uncached, all viewer headers but Host (Accept-Encoding as sent), answers as the functions made them', () => {
    // Act
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = distribution.Properties.DistributionConfig;

    // Assess
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    // The editor's files are compressed by CloudFront itself: CachingOptimized enables Gzip and Brotli.
    expect(config.DefaultCacheBehavior).toMatchObject({
      Compress: true,
      CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
    });
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(
      config.CacheBehaviors.map((behavior: { PathPattern: string }) => behavior.PathPattern).sort(),
    ).toEqual(['/api/*', '/auth/*']);
    for (const behavior of config.CacheBehaviors) {
      expect(behavior).toMatchObject({
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId:
          OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      });
      // CachingDisabled normalises no Accept-Encoding (Gzip and Brotli off): the functions see the
      // viewer's, choose the coding, and no policy rewrites their Content-Encoding or Vary.
      expect(behavior.ResponseHeadersPolicyId).toBeUndefined();
    }
    synth.template.resourceCountIs('AWS::CloudFront::CachePolicy', 0);
    synth.template.resourceCountIs('AWS::CloudFront::OriginRequestPolicy', 0);
    const apiOrigin = config.Origins.find(
      (origin: { CustomOriginConfig?: unknown }) => origin.CustomOriginConfig,
    );
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(
      config.Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig)
        .OriginAccessControlId,
    ).toBeDefined();
  });

  it('sets a strict Content-Security-Policy on the editor', () => {
    // Act
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

    // Assess
    const csp = renderedText(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toBe(editorCspFor(defaultPreviewFrameOrigins, [uploadsOriginOf(synth)]));
    expect(csp).not.toContain('unsafe');
    expect(headers.StrictTransportSecurity).toMatchObject({
      IncludeSubdomains: true,
      Override: true,
    });
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
  });

  it('sends exactly the editor headers the local gateway sends, from the one definition, each overriding the origin', () => {
    // Act
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const security = config.SecurityHeadersConfig;
    const custom = config.CustomHeadersConfig.Items as {
      Header: string;
      Value: string;
      Override: boolean;
    }[];
    // The headers a browser receives from this policy, rendered as CloudFront renders them.
    const sent: Record<string, string> = {
      'Content-Security-Policy': renderedText(security.ContentSecurityPolicy.ContentSecurityPolicy),
      'Strict-Transport-Security': `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}${security.StrictTransportSecurity.Preload ? '; preload' : ''}`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': security.FrameOptions.FrameOption,
      'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries(custom.map((item) => [item.Header, item.Value])),
    };

    // Assess
    expect(Object.keys(security).sort()).toEqual([
      'ContentSecurityPolicy',
      'ContentTypeOptions',
      'FrameOptions',
      'ReferrerPolicy',
      'StrictTransportSecurity',
    ]);
    expect(sent).toEqual(editorHeadersFor(defaultPreviewFrameOrigins, [uploadsOriginOf(synth)]));
    for (const header of Object.values(security) as { Override: boolean }[])
      expect(header.Override).toBe(true);
    for (const item of custom) expect(item.Override).toBe(true);
  });

  it('deploys the editor under app/: hashed assets immutable, pages revalidated, no source maps', () => {
    // Act
    const deployments = ofType('Custom::CDKBucketDeployment').map(
      ([, deployment]) => deployment.Properties,
    );
    const staged = readdirSync(synth.outdir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
      .map((entry) => entry.name);
    const stagedFiles = staged.flatMap((dir) =>
      readdirSync(path.join(synth.outdir, dir), { recursive: true, encoding: 'utf8' }),
    );

    // Assess
    expect(
      deployments
        .map((deployment) => [
          deployment.DestinationBucketKeyPrefix,
          deployment.SystemMetadata?.['cache-control'],
        ])
        .sort(),
    ).toEqual([
      ['app/', 'no-cache'],
      ['app/assets/', 'public, max-age=31536000, immutable'],
    ]);
    expect(stagedFiles).toContain('index.html');
    expect(stagedFiles).toContain('index-abc.js');
    expect(stagedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('outputs the site URL and the OAuth callback URL to register in the GitHub App', () => {
    // Act
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;

    // Assess
    expect(JSON.stringify(outputs.SiteUrl!.Value)).toMatch(/https:\/\/.*DomainName/);
    expect(JSON.stringify(outputs.OAuthCallbackUrl!.Value)).toContain('/auth/callback');
    expect(outputs.GitHubAppSecretArn).toBeDefined();
  });

  it('leaves no cdk-nag AwsSolutions finding unacknowledged', () => {
    expect(nagFindings).toEqual([]);
  });

  it("passes CDK's CloudFormation schema validation without a warning", () => {
    // Act
    const report = JSON.parse(
      readFileSync(path.join(synth.outdir, 'validation-report.json'), 'utf8'),
    ) as { pluginReports: { violations?: unknown[] }[] };

    // Assess
    expect(report.pluginReports.flatMap((plugin) => plugin.violations ?? [])).toEqual([]);
  });

  it('acknowledges each finding with a specific reason', () => {
    // Act
    const acknowledgements = synth.app.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata.filter(
          (entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY,
        ),
      )
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));

    // Assess
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) expect(reason.length, id).toBeGreaterThan(60);
  });
});
